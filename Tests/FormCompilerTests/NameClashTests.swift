@testable import FormChecker
@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Foundation
import Testing

/// A renderer file imports `FormRuntime` beside SwiftUI (or UIKit, or Foundation);
/// a type both declare at the top level is then ambiguous there ("'EdgeInsets' is
/// ambiguous for type lookup in this context"), and the renderer's author has to
/// spell the module. So the runtime declares none of the top-level type names of
/// those modules that a form's vocabulary could reach for: its presentation types
/// carry the `Form` prefix where the plain word is taken (`FormEdgeInsets`,
/// `FormTextAlignment`), as `FormValue` and `FormElement` do.
///
/// The names are read from the runtime's sources (Apple's modules are not on
/// Linux), so a public type added under a clashing name fails here.
@Suite struct NameClashTests {
    /// Top-level types of SwiftUI and Foundation with plain names that a form
    /// runtime could plausibly declare. (UIKit's types carry `UI` and AppKit's `NS`,
    /// so neither can clash with a name of the runtime's.)
    static let appleTopLevelTypes: Set<String> = [
        // SwiftUI
        "Alert", "Alignment", "Animation", "Axis", "Binding", "Button", "Color", "DatePicker", "Divider", "Edge",
        "EdgeInsets", "Environment", "FocusState", "Font", "Form", "FormStyle", "Grid", "Group", "GroupBox",
        "HorizontalAlignment", "Image", "Label", "Layout", "Link", "List", "Material", "Menu", "Namespace",
        "Picker", "ProgressView", "ScrollView", "Section", "SecureField", "Shape", "Slider", "Spacer", "State",
        "Stepper", "SubmitLabel", "Table", "Text", "TextAlignment", "TextEditor", "TextField", "TextFieldStyle",
        "TextInputAutocapitalization", "Toggle", "ToggleStyle", "VerticalAlignment", "View", "Visibility",
        // Foundation
        "AttributedString", "Calendar", "Data", "Date", "Decimal", "Expression", "FormatStyle", "Locale",
        "Measurement", "Notification", "Predicate", "Progress", "URL", "UUID",
    ]

    /// The names of the runtime's top-level types: `public struct Name`,
    /// `@MainActor public final class Name<T>`… at the start of a line of its sources.
    /// A line that starts with `public` or `open` and declares a type the pattern
    /// does not read is returned in `unread`, so that a new spelling fails the tests
    /// instead of going unseen.
    static func runtimeTopLevelTypes() throws -> (names: Set<String>, unread: [String]) {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FormRuntime")
        let declaration = try NSRegularExpression(
            pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect)\s+)*"#
                + #"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#
        )
        let typeWord = try NSRegularExpression(pattern: #"\b(?:class|struct|enum|protocol|typealias|actor)\s"#)
        var names: Set<String> = []
        var unread: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init) {
                let whole = NSRange(line.startIndex..., in: line)
                if let match = declaration.firstMatch(in: line, range: whole),
                   let range = Range(match.range(at: 1), in: line) {
                    names.insert(String(line[range]))
                } else if line.hasPrefix("public ") || line.hasPrefix("open ") || line.hasPrefix("@"),
                          typeWord.firstMatch(in: line, range: whole) != nil, !line.contains("func ") {
                    unread.append(line)
                }
            }
        }
        return (names, unread)
    }

    @Test func runtimeDeclaresNoTypeNamedLikeSwiftUIOrFoundation() throws {
        let (names, unread) = try Self.runtimeTopLevelTypes()
        #expect(unread == [])
        // The scan finds the runtime's types (an empty set would pass vacuously).
        #expect(names.isSuperset(of: ["FormValue", "GroupElement", "FormEdgeInsets", "FormTextAlignment", "ValidationRule"]))
        #expect(names.intersection(Self.appleTopLevelTypes).sorted() == [])
    }

    /// The checker keeps a segment's enum and the form's own name off the runtime's
    /// type names (FC204), from a list of its own (the compiler does not depend on
    /// the runtime): the list is exactly the runtime's public types, so that a
    /// segment named after one cannot shadow it inside the generated form, and a
    /// renamed or removed type does not stay reserved.
    @Test func checkerReservesExactlyTheRuntimeTypeNames() throws {
        let (names, unread) = try Self.runtimeTopLevelTypes()
        #expect(unread == [])
        #expect(!names.isEmpty)
        #expect(names.union(["FormRuntime"]).sorted() == GeneratedTypeNames.runtime.sorted())
    }

    /// The runtime's old names are free again: generated code never writes them.
    @Test func formerRuntimeNamesAreFreeForASegmentsEnum() {
        let text = "formc: 1\nform: Layout\nelements:\n"
            + "  - segment: edge\n    enumName: EdgeInsets\n    options: [a, b]\n"
            + "  - segment: align\n    enumName: TextAlignment\n    options: [c, d]\n"
        let result = FormPipeline.check(SourceFile(path: "layout.form.yaml", text: text))
        #expect(result.diagnostics.map(\.code) == [])
        #expect(result.checked != nil)
    }
}

/// Type names that a nested type of the form would take from the generated code
/// (FC204): `CodingKeys` (the `Values` and entry structs' own), `CodingKey` (the
/// protocol those enums adopt), `Validators` (an entry class's), the form's
/// validators protocol (`<Form>Validators`, declared beside the form, which a
/// nested type would hide), and `Page` in a form with pages, also as a list's
/// entry type. Each of these forms was accepted, and its Swift did not compile.
@Suite struct GeneratedTypeNameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var elements: [String]
        var form = "NameForm"
        /// Line and column of the FC204, and a piece of its message.
        var line: Int
        var column: Int
        var message: String
        var note: String? = nil

        var testDescription: String { label }

        var text: String {
            "formc: 1\nform: \(form)\nelements:\n" + elements.map { "  " + $0 + "\n" }.joined()
        }
    }

    static let cases: [Case] = [
        Case(label: "a segment's enum CodingKeys", elements: ["- { segment: codingKeys, options: [a, b] }"],
             line: 4, column: 16, message: "would generate the enum 'CodingKeys', a name the generated code uses"),
        Case(label: "the form CodingKeys", elements: ["- textField: name"], form: "CodingKeys",
             line: 2, column: 7, message: "form name 'CodingKeys' collides with a type the generated code uses"),
        Case(label: "a list's entry type CodingKey", elements: ["- list: codingKeys", "  elements: [{ textField: name }]"],
             line: 4, column: 11, message: "the entry type 'CodingKey' of list 'codingKeys' would shadow the standard library's 'CodingKey', which the generated code uses"),
        // A list named for what it holds (`dates`, `strings`) takes a type of Foundation or
        // the standard library: the message says whose, the help gives an itemType.
        Case(label: "a list's entry type Date", elements: ["- list: dates", "  elements: [{ date: day }]"],
             line: 4, column: 11, message: "the entry type 'Date' of list 'dates' would shadow Foundation's 'Date', which the generated code uses"),
        Case(label: "a list's entry type String", elements: ["- list: strings", "  elements: [{ textField: text }]"],
             line: 4, column: 11, message: "the entry type 'String' of list 'strings' would shadow the standard library's 'String'"),
        Case(label: "a list's entry type FormValue", elements: ["- list: formValues", "  elements: [{ textField: text }]"],
             line: 4, column: 11, message: "the entry type 'FormValue' of list 'formValues' would shadow FormRuntime's 'FormValue'"),
        Case(label: "an entry's enum Validators",
             elements: ["- list: rows", "  elements: [{ segment: kind, enumName: Validators, options: [a, b] }]"],
             line: 5, column: 43, message: "would generate the enum 'Validators', a name the generated code uses"),
        Case(label: "a segment's enum named like the validators protocol",
             elements: ["- { segment: choice, enumName: NameFormValidators, options: [a, b] }"],
             line: 4, column: 34, message: "would generate the type 'NameFormValidators', which is already declared",
             note: "the form's custom validators are the protocol 'NameFormValidators', named after the form"),
        Case(label: "an itemType named like the validators protocol",
             elements: ["- list: rows", "  itemType: NameFormValidators", "  elements: [{ textField: name }]"],
             line: 5, column: 15, message: "itemType 'NameFormValidators' collides with another generated name"),
        Case(label: "an entry's enum named like the validators protocol",
             elements: ["- list: rows", "  elements: [{ segment: kind, enumName: NameFormValidators, options: [a, b] }]"],
             line: 5, column: 43, message: "the enum 'NameFormValidators' of 'kind' in list 'rows' collides with a type of the form",
             note: "the form's custom validators are the protocol 'NameFormValidators', named after the form"),
        Case(label: "a list's entry type Page in a form with pages",
             elements: ["- page: one", "  elements: [{ list: pages, elements: [{ textField: name }] }]"],
             line: 5, column: 24, message: "the entry type 'Page' of list 'pages' collides with another generated name",
             note: "'Page' declared here"),
    ]

    @Test(arguments: cases)
    func isReportedAsACollision(_ testCase: Case) throws {
        let result = FormPipeline.check(SourceFile(path: "names.form.yaml", text: testCase.text))
        let collision = try #require(result.diagnostics.first { $0.code == .nameCollision }, "\(result.diagnostics.map(\.message))")
        #expect(collision.message.contains(testCase.message), "\(collision.message)")
        #expect(collision.location.range.start.line == testCase.line && collision.location.range.start.column == testCase.column,
                "\(collision.location.range.start.line):\(collision.location.range.start.column)")
        if let note = testCase.note {
            #expect(collision.notes.map(\.message) == [note])
        }
    }
}
