import FormSource
import FormSyntax

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
        case "validate", "validator", "check", "function":
            return ("custom", "a check of the app's own is a 'custom' rule, which names the validator the app implements")
        case "minitems", "minselected", "minchoices", "minchoicecount", "minselectedchoices":
            return ("minCount", "'minCount' counts a multiChoice's choices; a list counts its entries with its own 'minItems:' key")
        case "maxitems", "maxselected", "maxchoices", "maxchoicecount", "maxselectedchoices":
            return ("maxCount", "'maxCount' counts a multiChoice's choices; a list counts its entries with its own 'maxItems:' key")
        default:
            return nil
        }
    }

    /// What to write instead of another library's rule that formc has no rule
    /// for: a value that must differ from another field's (Laravel's `different`),
    /// which a `custom` rule's validator checks, since it gets every value of the
    /// form. Names that may as well mean a fixed value (`notEqual`, Yup's
    /// `notOneOf`) or a pattern are not listed. Nil for any other name. Told ahead
    /// of a did-you-mean, which would name the opposite rule (`notSame` is near
    /// `sameAs`).
    static func ruleWithoutCounterpart(_ name: String) -> String? {
        switch name.lowercased() {
        case "notsameas", "notsame", "different", "differentfrom", "differs", "differsfrom", "notsamevalueas":
            return "formc has no rule for a value that must differ from another field's: write a 'custom' rule "
                + "({ custom: NAME }), whose validator gets every value of the form and can compare the two "
                + "(it runs when this field changes, not when the other does)"
        default:
            return nil
        }
    }

    /// The help for a SurveyJS validator written as a rule (`{ type: regex, regex:
    /// '^[0-9]+$', text: Digits only }`): the formc rule it is, with its message;
    /// nil for any other mapping, or a validator with no one rule (`expression`,
    /// `text` with both lengths).
    static func surveyJSValidatorHelp(_ item: NodeID, in tree: SyntaxTree, isJSON: Bool) -> (key: NodeID, help: DiagnosticHelp)? {
        let entries = tree.entries(item)
        func value(_ key: String) -> NodeID? { entries.first { tree.text($0.key) == key }?.value }
        guard let typeEntry = entries.first(where: { tree.textEquals($0.key, "type") }), let type = tree.text(typeEntry.value),
              tree.style(typeEntry.value) != nil else { return nil }
        // The rule, and its parameter as the file writes it (nil for none).
        let rule: (name: String, parameter: String?)
        switch type {
        case "email":
            rule = ("email", nil)
        case "regex":
            guard let regex = value("regex"), let written = scalarAsWritten(regex, in: tree, isJSON: isJSON) else { return nil }
            rule = ("pattern", written)
        case "text", "numeric":
            let bounds = type == "text" ? [("minLength", "minLength"), ("maxLength", "maxLength")] : [("minValue", "min"), ("maxValue", "max")]
            let given = bounds.compactMap { bound in value(bound.0).flatMap { scalarAsWritten($0, in: tree, isJSON: isJSON) }.map { (bound.1, $0) } }
            guard given.count == 1 else { return nil }
            rule = (given[0].0, given[0].1)
        default:
            return nil
        }
        var members = [(rule.name, rule.parameter)]
        if let text = value("text").flatMap({ meantMessage($0, in: tree, isJSON: isJSON) }) {
            members.append(("message", isJSON ? YAMLPlain.doubleQuoted(text) : YAMLPlain.literal(text)))
        }
        var parts: [String] = []
        for (key, written) in members {
            if isJSON {
                parts.append("\"\(key)\": \(written ?? "null")")
            } else {
                parts.append(written.map { "\(key): \($0)" } ?? key)
            }
        }
        let alone = members.count == 1 && rule.parameter == nil
        let written = isJSON
            ? (alone ? "\"\(rule.name)\"" : "{" + parts.joined(separator: ", ") + "}")
            : (alone ? rule.name : "{ " + parts.joined(separator: ", ") + " }")
        return (typeEntry.key, DiagnosticHelp("a SurveyJS validator is a formc rule: write \(written)"))
    }

    /// The help for Yup's `when` written as a rule (`{ when: country, is: us, then:
    /// [required] }`): formc's `when` is a condition on the rule itself, written
    /// for the one rule of `then` (`{ required: true, when: "country == 'us'" }`);
    /// nil for a mapping without `is` and `then` beside `when`.
    static func yupWhenHelp(_ item: NodeID, in tree: SyntaxTree, isJSON: Bool) -> (key: NodeID, help: DiagnosticHelp)? {
        let entries = tree.entries(item)
        func entry(_ key: String) -> (key: NodeID, value: NodeID)? { entries.first { tree.text($0.key) == key } }
        guard let when = entry("when"), let isEntry = entry("is"), let then = entry("then"),
              let field = tree.text(when.value), tree.style(when.value) != nil else { return nil }
        // The condition: the field alone for `is: true`, else compared with the value.
        var condition: String?
        if let value = tree.text(isEntry.value), tree.style(isEntry.value) != nil, SwiftNaming.isLowerCamelCase(field) {
            condition = ValueReader.booleanSpelled(by: value) == true && tree.style(isEntry.value) == .plain ? field
                : ValueReader.plainNumber(value) != nil && tree.style(isEntry.value) == .plain ? "\(field) == \(value)"
                : value.contains("'") ? nil : "\(field) == '\(value)'"
        }
        // The rule: `then`'s one rule name.
        let names = tree.isSequence(then.value) ? tree.items(then.value).compactMap { tree.text($0) } : tree.text(then.value).map { [$0] } ?? []
        guard let condition, names.count == 1, RuleKind.parameterless.contains(names[0]) else {
            return (when.key, DiagnosticHelp(
                "formc's 'when' is a condition on a rule, not Yup's 'when … is … then': give each rule its condition, "
                    + (isJSON ? #"{"required": true, "when": "country == 'us'"}"# : "{ required: true, when: \"country == 'us'\" }")
            ))
        }
        let rule = names[0]
        let written = isJSON
            ? "{\(rule == "required" ? #""required": true"# : "\"\(rule)\": null"), \"when\": \(YAMLPlain.doubleQuoted(condition))}"
            : "{ \(rule == "required" ? "required: true" : rule), when: \(YAMLPlain.doubleQuoted(condition)) }"
        return (when.key, DiagnosticHelp("formc's 'when' is a condition on a rule, not Yup's 'when … is … then': write \(written)"))
    }
}
