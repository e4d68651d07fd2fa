extension RuleDecoder {
    /// The formc rule meant by a rule name that other form libraries use (Yup,
    /// Laravel, SurveyJS, Vuelidate, HTML's attributes), with what a reader of the
    /// other library needs to know about it; nil for a name that is none of them.
    /// Only names too far from every formc rule for a did-you-mean are listed.
    static func ruleMeant(byOtherName name: String) -> (rule: String, note: String?)? {
        let inclusiveMin = "'min' includes its bound: a date on or after it, a number at least it"
        let inclusiveMax = "'max' includes its bound: a date on or before it, a number at most it"
        switch name.lowercased() {
        case "after", "since", "notbefore", "mindate", "minvalue", "minimum", "atleast", "earliest", "gte", "afterorequal":
            return ("min", inclusiveMin)
        case "before", "until", "notafter", "maxdate", "maxvalue", "maximum", "atmost", "latest", "lte", "beforeorequal":
            return ("max", inclusiveMax)
        case "greaterthan", "morethan", "gt":
            return ("min", "formc has no strict bound; " + inclusiveMin)
        case "lessthan", "lt":
            return ("max", "formc has no strict bound; " + inclusiveMax)
        case "equalto", "equals", "confirmed", "confirm", "same":
            return ("sameAs", "'sameAs' names the field whose value this one must equal: { sameAs: password }")
        case "notempty", "nonempty", "mandatory", "presence", "isrequired":
            return ("required", nil)
        case "regex", "regexp", "matches":
            return ("pattern", nil)
        case "emailaddress", "isemail":
            return ("email", nil)
        case "minitems", "minselected", "minchoices", "minchoicecount", "minselectedchoices":
            return ("minCount", "'minCount' counts a multiChoice's choices; a list counts its entries with its own 'minItems:' key")
        case "maxitems", "maxselected", "maxchoices", "maxchoicecount", "maxselectedchoices":
            return ("maxCount", "'maxCount' counts a multiChoice's choices; a list counts its entries with its own 'maxItems:' key")
        default:
            return nil
        }
    }
}
