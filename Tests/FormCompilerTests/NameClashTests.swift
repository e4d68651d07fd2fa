import Foundation
@testable import FormCompiler
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
    /// Top-level types of SwiftUI, UIKit and Foundation with unprefixed names that
    /// a form runtime could plausibly declare. (UIKit's own types carry `UI` and
    /// AppKit's `NS`, so only their unprefixed names are listed.)
    static let appleTopLevelTypes: Set<String> = [
        // SwiftUI
        "Alignment", "Axis", "Binding", "Button", "Color", "DatePicker", "Divider", "Edge", "EdgeInsets",
        "Environment", "FocusState", "Font", "Form", "FormStyle", "Group", "GroupBox", "HorizontalAlignment",
        "Image", "Label", "Link", "List", "Menu", "Picker", "ProgressView", "ScrollView", "Section",
        "SecureField", "Slider", "Spacer", "State", "Stepper", "SubmitLabel", "Text", "TextAlignment",
        "TextEditor", "TextField", "TextFieldStyle", "TextInputAutocapitalization", "Toggle", "ToggleStyle",
        "VerticalAlignment", "View", "Visibility",
        // Foundation
        "AttributedString", "Calendar", "Data", "Date", "Decimal", "Expression", "FormatStyle", "Locale",
        "Measurement", "Notification", "Predicate", "Progress", "URL", "UUID",
    ]

    /// `public struct Name`, `public enum Name`… at the start of a line of the runtime's sources.
    static func runtimeTopLevelTypes() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FormRuntime")
        let pattern = try NSRegularExpression(
            pattern: #"^public (?:final class|class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.anchorsMatchLines]
        )
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    @Test func runtimeDeclaresNoTypeNamedLikeSwiftUIOrFoundation() throws {
        let names = try Self.runtimeTopLevelTypes()
        // The scan finds the runtime's types (an empty set would pass vacuously).
        #expect(names.isSuperset(of: ["FormValue", "GroupElement", "FormEdgeInsets", "FormTextAlignment", "ValidationRule"]))
        #expect(names.intersection(Self.appleTopLevelTypes).sorted() == [])
    }

    /// The checker keeps a segment's enum and the form's own name off the runtime's
    /// type names (FC204), from a list of its own (the compiler does not depend on
    /// the runtime): every public runtime type must be on it, or a segment named
    /// after one would shadow it inside the generated form.
    @Test func checkerReservesEveryRuntimeTypeName() throws {
        let names = try Self.runtimeTopLevelTypes()
        #expect(!names.isEmpty)
        #expect(names.subtracting(GeneratedTypeNames.used).sorted() == [])
    }
}
