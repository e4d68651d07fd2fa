import FormModel
import FormSource

/// The shared option sets of the top-level `options:` (SPEC §16): each set's name
/// is a Swift type name declared once (FC200, FC204), its options are checked
/// once (FC203, FC303), a field's `default` must be one of them (FC301), and a
/// set that no field names is FC206. The decoder has already copied each set's
/// options into the fields that name it (FC501 for an unknown name, FC101 for
/// `enumName` beside one).
enum OptionSetChecker {
    /// Checks each set and declares its enum name, before any field's.
    static func declare(
        _ sets: [OptionSetDecl], segmentChecker: inout SegmentChecker, typeNames: inout TypeNames, diagnostics: inout DiagnosticBag
    ) {
        for set in sets {
            let name = set.name
            if !isValidName(name.value) {
                diagnostics.error(
                    .invalidFormName, "'\(name.value)' is not a valid option set name", at: name.range,
                    help: [
                        "an option set's name is the generated enum's: an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)",
                        "rename it in the \(diagnostics.format.key("options")) of the fields that choose from it too",
                    ] + TypeNameHelp.suggestion(for: name.value, suffix: "Choice", isTaken: typeNames.isTaken)
                )
            } else if GeneratedTypeNames.contains(name.value) {
                diagnostics.error(
                    .nameCollision, "option set '\(name.value)' would generate the enum '\(name.value)', a name the generated code uses",
                    at: name.range, help: ["rename the set, e.g. '\(name.value)Choice'"]
                )
            } else if let earlier = typeNames.declare(name.value, at: name.range) {
                diagnostics.error(
                    .nameCollision, "option set '\(name.value)' would generate the type '\(name.value)', which is already declared",
                    at: name.range, notes: [diagnostics.note(typeNames.origin(of: name.value), at: earlier)],
                    help: ["rename the set"]
                )
            }
            segmentChecker.checkOptions(
                set.options, optionsRange: set.optionsRange, kind: "option set", id: name.value, defaults: [], diagnostics: &diagnostics
            )
        }
    }

    /// FC301 for a default that is not one of the set's values (none are checked
    /// when the set is unknown: its name is reported, nor when it is not `isWhole`:
    /// an option the decoder dropped for a misspelt key, reported, may be the default).
    static func checkDefaults(
        _ defaults: [Located<String>], options: [SegmentOption], owner: String, isWhole: Bool,
        diagnostics: inout DiagnosticBag
    ) {
        guard !options.isEmpty, isWhole else { return }
        // An option chosen already, or suggested for another of the default's values,
        // is no fix: it would be chosen twice.
        var taken = Set(defaults.map(\.value))
        for value in defaults where !options.contains(where: { $0.value.value == value.value }) {
            let names = options.map(\.value.value)
            diagnostics.error(
                .defaultNotOption, "default '\(value.value)' is not an option of \(owner)", at: value.range,
                help: Suggestions.didYouMeanOrList(value.value, in: names, listing: "the options are", except: &taken)
            )
        }
    }

    /// FC206 for each set that no field names; its help in the syntax of `format`.
    static func checkUse(_ document: FormDocument, format: SourceFormat, diagnostics: inout DiagnosticBag) {
        guard !document.optionSets.isEmpty else { return }
        var used = Set<String>()
        func walk(_ elements: [Element]) {
            for element in elements {
                switch element.kind {
                case .group(let group): walk(group.elements)
                // An entry's field of a set uses the form's enum (SPEC §16).
                case .list(let list): walk(list.elements)
                case .segment(let field): if let set = field.optionSet { used.insert(set.value) }
                case .multiChoice(let field): if let set = field.optionSet { used.insert(set.value) }
                default: break
                }
            }
        }
        walk(document.elements)
        // A name no set has is FC501 with a did-you-mean: the set it suggests is
        // used, misspelt, not unused.
        let names = document.optionSets.map(\.name.value)
        let suggested = Set(used.subtracting(names).compactMap { Suggestions.closest(to: $0, in: names) })
        let unused = document.optionSets.filter {
            !used.contains($0.name.value) && !suggested.contains($0.name.value) && !document.unreadNames.contains($0.name.value)
        }
        // When no set is used, the last one removed goes with its `options:` key: an
        // `options:` left empty is FC102.
        let key = format == .json ? "\"options\"" : "'options:'"
        let remove = unused.count < document.optionSets.count ? "or remove the set"
            : document.optionSets.count == 1 ? "or remove \(key) with its only set"
            : "or remove the set, and \(key) with the last one"
        for set in unused {
            // A name FC200 or FC204 rejects is not one to write: the help names the
            // set as FC200 suggests renaming it, or asks for another name.
            let candidate = isValidName(set.name.value) ? set.name.value : SwiftNaming.suggestedTypeName(for: set.name.value)
            let name = candidate.flatMap { GeneratedTypeNames.contains($0) ? nil : $0 }
            diagnostics.warning(
                .unusedOptionSet, "option set '\(set.name.value)' is not used by any field", at: set.name.range,
                help: [
                    name.map { "write \(format == .json ? "\"options\": \"\($0)\"" : "'options: \($0)'") in the segments, pickers or multiChoice fields that choose from it, \(remove)" }
                        ?? "rename the set (see the error at its name) and write the new name as \(key) in the segments, pickers or multiChoice fields that choose from it, \(remove)"
                ]
            )
        }
    }

    /// Whether `name` can be a set's name: an UpperCamelCase Swift type name, no keyword (else FC200).
    static func isValidName(_ name: String) -> Bool {
        SwiftNaming.isUpperCamelCase(name) && !SwiftNaming.keywords.contains(name)
    }
}
