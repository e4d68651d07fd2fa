import FormModel
import FormSource

/// The names one form's generated Swift declares at the top level of the module
/// it is built into: the form's type, and `<Form>Validators` when one of its
/// rules (an entry's included) is `custom` (SPEC §5, §6.1). Every other type the
/// file declares is nested in the form's.
public struct ModuleTypeNames: Sendable {
    /// The form's path, as its diagnostics give it.
    public var file: String
    /// The form's `form:` value, where the names are reported.
    public var form: Located<String>
    public var names: [String]

    /// The names of `document`, read from `file`; nil when its name is no type
    /// name (already FC200, or missing: FC100).
    public init?(_ document: FormDocument, file: String) {
        let form = document.name
        guard SwiftNaming.isUpperCamelCase(form.value), !SwiftNaming.keywords.contains(form.value) else { return nil }
        self.file = file
        self.form = form
        names = [form.value]
        if Self.hasCustomRule(document.elements) { names.append(SwiftNaming.validatorsProtocol(ofForm: form.value)) }
    }

    private static func hasCustomRule(_ elements: [Element]) -> Bool {
        elements.contains { element in
            if element.rules.contains(where: { if case .custom = $0.kind { true } else { false } }) { return true }
            switch element.kind {
            case .group(let group): return hasCustomRule(group.elements)
            case .list(let list): return hasCustomRule(list.elements)
            default: return false
            }
        }
    }

    /// FC204 for each name a form of `forms` declares that a form before it
    /// declares too: built into one module, the two files would not compile
    /// (`invalid redeclaration`). Reported at the later form's `form:`, with a
    /// note at the earlier one's.
    public static func collisions(_ forms: [ModuleTypeNames]) -> [Diagnostic] {
        var declared: [String: (form: ModuleTypeNames, isValidators: Bool)] = [:]
        var diagnostics: [Diagnostic] = []
        for form in forms {
            // Two forms of one name: their validators protocols, if any, are that one collision.
            for (index, name) in form.names.enumerated() {
                guard let earlier = declared[name] else {
                    declared[name] = (form, index > 0)
                    continue
                }
                let what = index == 0 ? "form type '\(name)'" : "'\(name)', the validators protocol of form '\(form.form.value)',"
                let theirs = earlier.isValidators
                    ? "the validators protocol of form '\(earlier.form.form.value)' in '\(earlier.form.file)'"
                    : "the form type of '\(earlier.form.file)'"
                diagnostics.append(Diagnostic(
                    .error, .nameCollision, "\(what) is also \(theirs): forms built together share one module",
                    at: SourceLocation(file: form.file, range: form.form.range),
                    notes: [DiagnosticNote(
                        "'\(name)' is declared here", at: SourceLocation(file: earlier.form.file, range: earlier.form.form.range)
                    )],
                    help: ["give one of the forms another 'form:' name"]
                ))
                break
            }
        }
        return diagnostics
    }
}
