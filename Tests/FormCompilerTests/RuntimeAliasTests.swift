@testable import FormModel
@testable import FormSource
@testable import FormSwiftEmitter
import Foundation
import Testing

/// The form type aliases FormRuntime's types by their own names
/// (`typealias FormValue = FormRuntime.FormValue`), so that a type of the same name
/// in the app's module cannot hide them from the generated file (the type-checks of
/// `EmitCompileTests` declare one for every runtime type). It aliases exactly the
/// ones its file writes: none missing, which only a module with such a type would
/// notice, and none unused.
@Suite struct RuntimeAliasTests {
    /// The runtime's type names that `source` writes as code, outside its alias
    /// lines, comments and string literals, and not after a `.` (spelled with the
    /// module); and the names its alias lines declare, in order.
    static func runtimeNames(in source: String, runtime: Set<String>) throws -> (written: Set<String>, aliased: [String]) {
        let alias = try NSRegularExpression(pattern: #"^(?:public |package |private )?typealias (\w+) = FormRuntime\.(\w+)$"#)
        let literal = try NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
        let word = try NSRegularExpression(pattern: #"(?<![\w.])[A-Za-z_]\w*"#)
        var written: Set<String> = []
        var aliased: [String] = []
        for rawLine in source.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") { continue }
            let whole = NSRange(line.startIndex..., in: line)
            if let match = alias.firstMatch(in: line, range: whole),
               let name = Range(match.range(at: 1), in: line), let target = Range(match.range(at: 2), in: line) {
                #expect(line[name] == line[target], "\(line)")
                aliased.append(String(line[name]))
                continue
            }
            let code = literal.stringByReplacingMatches(in: line, range: whole, withTemplate: "\"\"")
            for match in word.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                if let range = Range(match.range, in: code), runtime.contains(String(code[range])) {
                    written.insert(String(code[range]))
                }
            }
        }
        return (written, aliased)
    }

    static var sources: [(name: String, source: String)] {
        var sources: [(String, String)] = []
        for name in EmitSchemas.names {
            for level in EmitOptions.AccessLevel.allCases {
                if let source = EmitSchemas.build(name, options: EmitOptions(accessLevel: level)) {
                    sources.append(("\(name) \(level.rawValue)", source))
                }
            }
        }
        for form in [EmitFixture.signUp, EmitFixture.everything, EmitFixture.empty] {
            sources.append((form.document.name.value, SwiftEmitter.emit(form, options: EmitOptions())))
        }
        return sources + EmitMatrix.sources
    }

    /// The runtime types the form type's non-private members name in their
    /// declarations, spelled out here rather than read from the emitter.
    /// (`FormChoices` and `FormDateTime` are only in `Values`' private storage.)
    static let apiTypes: Set<String> = [
        "FieldState", "FormDate", "FormElement", "FormTime", "FormValue", "ObserverToken", "ValidationContext",
        "ValidationReport",
    ]

    @Test func everyRuntimeTypeTheFileWritesIsAliasedAndNoOther() throws {
        let (runtime, unread) = try NameClashTests.runtimeTopLevelTypes()
        #expect(unread == [])
        let sources = Self.sources
        #expect(sources.count >= 12)
        for (name, source) in sources {
            let (written, aliased) = try Self.runtimeNames(in: source, runtime: runtime)
            #expect(!written.isEmpty, "\(name)")
            // The form's API's first, then the private ones, each group sorted.
            let api = aliased.filter(Self.apiTypes.contains)
            let others = aliased.filter { !Self.apiTypes.contains($0) }
            #expect(aliased == api.sorted() + others.sorted(), "\(name)")
            #expect(Set(aliased).count == aliased.count, "\(name)")
            #expect(written.sorted() == aliased.sorted(), "\(name)")
        }
    }

    /// The form with every element kind, rule and key aliases every runtime type
    /// that names an element; the aliases of the form's API have its access, the
    /// others are private.
    @Test func aliasesFollowTheFormsElementsAndAccess() throws {
        let (runtime, _) = try NameClashTests.runtimeTopLevelTypes()
        let everything = SwiftEmitter.emit(EmitFixture.everything, options: EmitOptions(accessLevel: .public))
        let aliased = try Self.runtimeNames(in: everything, runtime: runtime).aliased
        for element in [
            "GroupElement", "BooleanElement", "SegmentElement", "SegmentOption", "TextFieldElement", "FloatLabelElement",
            "TextViewElement", "SpacerElement", "StaticTextElement", "SegueElement", "FormEdgeInsets", "FormPattern",
        ] {
            #expect(aliased.contains(element), "\(element)")
        }
        // The types of the form's API with its access, the others private.
        for name in aliased {
            let access = Self.apiTypes.contains(name) ? "public" : "private"
            #expect(everything.contains("    \(access) typealias \(name) = FormRuntime.\(name)\n"), "\(name)")
        }
        #expect(Self.apiTypes.subtracting(["FormDate", "FormTime"]).isSubset(of: aliased))
        #expect(FormTranslator.apiRuntimeTypes == Self.apiTypes)

        // A form of static text alone has no field, rule or group to name.
        let empty = SwiftEmitter.emit(EmitFixture.empty, options: EmitOptions())
        let emptyAliases = try Self.runtimeNames(in: empty, runtime: runtime).aliased
        #expect(emptyAliases.contains("StaticTextElement"))
        for absent in ["FormValue", "ValidationRule", "RuleRunner", "GroupElement", "TextFieldElement"] {
            #expect(!emptyAliases.contains(absent), "\(absent)")
        }
    }

    /// Outside the form type, where its aliases do not reach, the validators
    /// protocol spells the module.
    @Test func validatorsProtocolSpellsTheModule() throws {
        let payment = try #require(EmitSchemas.build("payment.form.yaml"))
        let head = try #require(payment.components(separatedBy: "final class PaymentForm").first)
        #expect(head.contains("async -> FormRuntime.ValidationResult\n"))
        #expect(!head.contains("async -> ValidationResult"))
    }
}
