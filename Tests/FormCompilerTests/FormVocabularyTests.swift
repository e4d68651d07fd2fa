@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormSyntax
import Foundation
import Testing

/// `FormVocabulary` is the format's one table of keys; `KeySchema` derives the
/// decoder's lists from it, and these tests hold the decoder's behaviour to it:
/// what the table calls required, the decoder requires; the words of a closed set
/// are the ones the decoder takes; a rule applies where the checker lets it.
@Suite struct FormVocabularyTests {
    /// The decoder's lists are the table's, in the table's order.
    @Test func keySchemaIsTheTable() {
        #expect(KeySchema.kindKeywords.map(\.description) == ElementKind.keywords)
        for (index, kind) in FormVocabulary.kinds.enumerated() {
            #expect(KeySchema.allowedKeys(forKind: index).map(\.description) == kind.allKeys.map(\.name.description))
        }
        #expect(KeySchema.document.map(\.description) == ["formc", "form", "title", "validateOn", "options", "elements"])
        #expect(KeySchema.insets.map(\.description) == ["top", "left", "bottom", "right"], "the decoder stores insets in this order")
        #expect(FormVocabulary.rules.map(\.name.description) == RuleKind.names)
        #expect(RuleDecoder.names.map(\.description) == RuleKind.names)
        #expect(Set(FormVocabulary.rules.filter { $0.parameter == nil }.map(\.name.description)) == RuleKind.parameterless)
    }

    /// Every key has a sentence for a form author, and no place lists a key twice.
    @Test func everyKeyIsDescribedOnce() {
        var places: [(String, [KeySpec])] = [
            ("the form", FormVocabulary.document), ("a segment option", FormVocabulary.segmentOption),
            ("insets", FormVocabulary.insets), ("a layout", FormVocabulary.layout),
        ]
        places += FormVocabulary.kinds.map { ($0.keyword.description, $0.allKeys) }
        for (place, keys) in places {
            let names = keys.map(\.name.description)
            #expect(Set(names).count == names.count, "\(place) lists a key twice: \(names)")
            for key in keys {
                #expect(key.summary.count > 10 && key.summary.hasSuffix("."), "\(place): '\(key.name)' needs a sentence")
            }
        }
        for rule in FormVocabulary.rules {
            #expect(rule.summary.hasSuffix("."), "rule '\(rule.name)'")
        }
    }

    // MARK: - Required keys

    /// An element of each kind with its required keys only compiles without errors;
    /// without any one of them it is FC100, and with a key the table lists as
    /// optional left out it still compiles.
    @Test func requiredKeysAreWhatTheDecoderRequires() {
        for kind in FormVocabulary.kinds {
            let required = kind.keys.filter(\.isRequired)
            let minimal = Sample.element(kind, keys: required)
            #expect(errors(form("  - \(minimal)\n")) == [], "\(kind.keyword) with its required keys: \(minimal)")
            for key in required {
                let without = Sample.element(kind, keys: required.filter { $0.name.description != key.name.description })
                #expect(errors(form("  - \(without)\n")).contains("FC100"), "\(kind.keyword) without '\(key.name)' is FC100")
            }
        }
    }

    @Test func requiredKeysOfTheFormAndItsMappings() {
        let document = FormVocabulary.document
        let complete = Sample.mapping(document.filter(\.isRequired))
        #expect(errors(complete) == [], "\(complete)")
        for key in document where key.isRequired {
            let without = Sample.mapping(document.filter { $0.isRequired && $0.name.description != key.name.description })
            #expect(errors(without).contains("FC100"), "the form without '\(key.name)' is FC100")
        }
        // A segment option mapping and a layout mapping: each required key, left out.
        let option = Sample.mapping(FormVocabulary.segmentOption.filter { !$0.isRequired })
        #expect(errors(form("  - {segment: plan, options: [\(option), b]}\n")).contains("FC100"))
        #expect(errors(form("  - {segment: plan, options: [\(Sample.mapping(FormVocabulary.segmentOption)), b]}\n")) == [])
        #expect(errors(form("  - {group: g, layout: {}, elements: [{spacer: 1}]}\n")).contains("FC100"))
        #expect(errors(form("  - {group: g, layout: \(Sample.mapping(FormVocabulary.layout)), elements: [{spacer: 1}]}\n")) == [])
    }

    // MARK: - Closed sets

    /// Every word of every closed set is taken where the table lists it, and a word
    /// outside the set is FC102.
    @Test func closedSetsAreTheDecodersWords() {
        var checked = 0
        for kind in FormVocabulary.kinds {
            let required = kind.keys.filter(\.isRequired)
            for key in kind.allKeys {
                for words in Sample.words(in: key.value) {
                    for word in words {
                        // A slider needs both bounds (FC100 otherwise).
                        let bounds = word == "slider" ? ", rules: [{min: 0}, {max: 10}]" : ""
                        let element = Sample.element(kind, keys: required, extra: "\(key.name): \(word)" + bounds)
                        #expect(errors(form("  - \(element)\n")) == [], "\(kind.keyword) \(key.name): \(word)")
                        checked += 1
                    }
                    let wrong = Sample.element(kind, keys: required, extra: "\(key.name): notAWord")
                    #expect(errors(form("  - \(wrong)\n")).contains("FC102"), "\(kind.keyword) \(key.name): notAWord")
                }
            }
        }
        for word in ValidationTrigger.allCases.map(\.rawValue) {
            #expect(errors(form("  - {spacer: 1}\n").replacingOccurrences(of: "elements:", with: "validateOn: \(word)\nelements:")) == [])
        }
        // keyboard, contentType, autocapitalization, style, alignment, validateOn, layout:
        #expect(checked > 40)
    }

    // MARK: - Rules

    /// A rule applies to a kind of field exactly where the table says: elsewhere
    /// the checker reports FC401.
    @Test func ruleApplicabilityIsTheCheckers() {
        for kind in FormVocabulary.kinds {
            guard let target = kind.field else { continue }
            for rule in FormVocabulary.rules {
                let item = switch rule.parameter {
                case nil: "\(rule.name)"
                case .identifier(.fieldReference)?: "{\(rule.name): other}"
                // A date's bound is a date; a count at most the two sample options.
                case .bound? where target == .date: "{\(rule.name): 2026-01-31}"
                case .count?: "{\(rule.name): 1}"
                case let parameter?: "{\(rule.name): \(Sample.value(parameter))}"
                }
                let required = kind.keys.filter(\.isRequired)
                // `other`: a second field of the same kind, the target of `sameAs`.
                let body = "  - \(Sample.element(kind, id: "main", keys: required, extra: "rules: [\(item)]"))\n"
                    + "  - \(Sample.element(kind, id: "other", keys: required))\n"
                let codes = errors(form(body))
                if rule.applies(to: target) {
                    // Two segments never hold one type (each has its own enum), so
                    // `sameAs` between them is FC405; it still applies.
                    let expected = rule.name.description == "sameAs" && target == .choice ? ["FC405"] : []
                    #expect(codes == expected, "\(rule.name) on \(kind.keyword)")
                } else {
                    #expect(codes == ["FC401"], "\(rule.name) on \(kind.keyword)")
                }
            }
        }
    }

    // MARK: - The every-key fixture

    /// `schema-fixtures/valid/every-key.form.yaml`, which the end-to-end test
    /// validates against the schema, uses every key of every place of the table,
    /// every rule in both of its forms, and compiles without a diagnostic: so the
    /// schema is tried on every key with a value formc accepts.
    @Test func everyKeyFixtureUsesEveryKey() throws {
        let path = "Tests/EndToEnd/schema-fixtures/valid/every-key.form.yaml"
        let bytes = try #require(RepositoryPaths.read(RepositoryPaths.root + "/" + path))
        let file = SourceFile(path: path, bytes: bytes)
        #expect(FormPipeline.check(file).diagnostics.map(\.message) == [])

        var diagnostics = DiagnosticBag(file: path)
        let tree = try #require(YAMLReader.read(file, limits: .default, diagnostics: &diagnostics))
        var used = UsedKeys()
        used.collect(document: tree.root, in: tree)

        func expectAll(_ keys: [KeySpec], _ place: String) {
            let missing = keys.map(\.name.description).filter { !used.keys[place, default: []].contains($0) }
            #expect(missing == [], "\(path) uses no '\(missing.joined(separator: "', '"))' in \(place)")
        }
        expectAll(FormVocabulary.document, "the form")
        for kind in FormVocabulary.kinds { expectAll(kind.allKeys, kind.keyword.description) }
        expectAll(FormVocabulary.segmentOption, "option")
        expectAll(FormVocabulary.insets, "insets")
        expectAll(FormVocabulary.layout, "layout")
        let rules = FormVocabulary.rules.map(\.name.description)
        #expect(rules.filter { !used.keys["rule mapping", default: []].contains($0) } == [], "every rule as a mapping")
        let bare = FormVocabulary.rules.filter { $0.parameter == nil }.map(\.name.description)
        #expect(bare.filter { !used.keys["rule name", default: []].contains($0) } == [], "every parameterless rule by name")
        #expect(used.keys["rule mapping", default: []].contains("message"))
        #expect(used.keys["rule mapping", default: []].contains("when"))
    }

    private func errors(_ text: String) -> [String] {
        diagnose(text).filter { $0.severity == .error }.map(\.code.rawValue)
    }
}

/// Values of each shape, written in YAML's flow style, that formc accepts.
private enum Sample {
    static func value(_ shape: ValueShape) -> String {
        switch shape {
        case .text, .condition: "Sample"
        case .regularExpression: "'[0-9]+'"
        case .identifier(.validator): "checkSample"
        case .identifier: "sample"
        case .typeName: "SampleName"
        case .optionSetName: "SampleSet"
        case .optionSets: "{SampleSet: [a, b]}"
        case .optionValue: "a"
        case .boolean: "true"
        case .nonNegativeNumber, .count: "8"
        case .countIn(let range): "\(range.clamped(to: 1...8).lowerBound)"
        case .decimal, .positiveDecimal: "2"
        case .bound: "1"
        case .dateLiteral: "2026-01-31"
        case .constant(let value): "\(value)"
        case .word(let words): words[0]
        case .orNothing(let inner): value(inner)
        case .anyOf(let shapes): value(shapes[0])
        case .list(.element, _): "[{spacer: 1}]"
        case .list(.option, _): "[a, b]"
        case .list(.rule, _): "[required]"
        case .list(let item, let minimum): "[" + Array(repeating: value(item), count: max(minimum, 1)).joined(separator: ", ") + "]"
        case .mapping(let keys): mapping(keys.filter(\.isRequired))
        case .element: "{spacer: 1}"
        case .option: "a"
        case .rule: "required"
        }
    }

    /// `{key: value, …}` with a sample of each key.
    static func mapping(_ keys: [KeySpec]) -> String {
        "{" + keys.map { "\($0.name): \(value($0.value))" }.joined(separator: ", ") + "}"
    }

    /// An element of `kind` with `keys` (and `extra`, written as is).
    static func element(_ kind: KindSpec, id: String = "sample", keys: [KeySpec], extra: String? = nil) -> String {
        let argument = if case .identifier = kind.argument { id } else { value(kind.argument) }
        let entries = ["\(kind.keyword): \(argument)"] + keys.map { "\($0.name): \(value($0.value))" } + (extra.map { [$0] } ?? [])
        return "{" + entries.joined(separator: ", ") + "}"
    }

    /// The closed sets a shape holds (`layout`'s `intrinsic` among its alternatives).
    static func words(in shape: ValueShape) -> [[String]] {
        switch shape {
        case .word(let words): [words]
        case .anyOf(let shapes): shapes.flatMap(words(in:))
        case .orNothing(let inner): words(in: inner)
        default: []
        }
    }
}

/// The keys a form file uses at each place: the form, each kind, options, insets,
/// layouts, and rules (by name and as mappings).
private struct UsedKeys {
    var keys: [String: Set<String>] = [:]

    mutating func collect(document node: NodeID, in tree: SyntaxTree) {
        record(node, as: "the form", in: tree)
        if let elements = value(of: "elements", in: node, tree) { collect(elements: elements, in: tree) }
    }

    mutating func collect(elements node: NodeID, in tree: SyntaxTree) {
        for element in tree.items(node) where tree.isMapping(element) {
            let names = tree.entries(element).compactMap { tree.text($0.key) }
            guard let kind = names.first(where: ElementKind.keywords.contains) else { continue }
            record(element, as: kind, in: tree)
            if let options = value(of: "options", in: element, tree) {
                for option in tree.items(options) where tree.isMapping(option) { record(option, as: "option", in: tree) }
            }
            if let insets = value(of: "insets", in: element, tree) { record(insets, as: "insets", in: tree) }
            if let layout = value(of: "layout", in: element, tree), tree.isMapping(layout) { record(layout, as: "layout", in: tree) }
            if let rules = value(of: "rules", in: element, tree) {
                for rule in tree.items(rules) {
                    if tree.isMapping(rule) {
                        record(rule, as: "rule mapping", in: tree)
                    } else if let name = tree.text(rule) {
                        keys["rule name", default: []].insert(name)
                    }
                }
            }
            if let children = value(of: "elements", in: element, tree) { collect(elements: children, in: tree) }
        }
    }

    private mutating func record(_ node: NodeID, as place: String, in tree: SyntaxTree) {
        for entry in tree.entries(node) {
            if let name = tree.text(entry.key) { keys[place, default: []].insert(name) }
        }
    }

    private func value(of key: String, in node: NodeID, _ tree: SyntaxTree) -> NodeID? {
        tree.entries(node).first { tree.text($0.key) == key }?.value
    }
}

/// FC401's help names the fields a rule applies to from the vocabulary's table,
/// the one the checker's test and completion read.
@Test func aMisplacedRuleSaysWhereItApplies() {
    let source = form("""
      - boolean: terms
        title: Terms
        rules: [minLength: 2]
      - multiChoice: toppings
        options: [a, b]
        rules: [sameAs: terms]

    """)
    let help = diagnose(source).filter { $0.code == .ruleNotApplicable }.flatMap(\.help)
    #expect(help == [
        "'minLength' applies to text fields (textField, floatLabel, textView)",
        "'sameAs' applies to text fields (textField, floatLabel, textView), booleans and single choices (segment, picker)",
    ])
    #expect(RuleTarget.describe([]) == "no field")
}
