@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// `FieldRead.forEach`: every place an element list reads fields by name, in
/// document order at every depth, stopping at the first `false`.
struct FieldReadTests {
    static let text = """
        formc: 1
        form: Reads
        elements:
          - textField: a
            visibleWhen: b
            enabledWhen: "c == 'x'"
            rules: [{ sameAs: d }, { required: true, when: e }]
          - group: g
            visibleWhen: f
            elements:
              - group: h
                elements:
                  - number: n
                    rules: [{ min: lower, when: i }]
          - date: to
            rules: [{ min: from }]
          - textField: b
          - textField: c
          - textField: d
          - boolean: e
          - boolean: f
          - boolean: i
          - number: lower
          - date: from
        """

    static func elements() throws -> [Element] {
        let file = SourceFile(path: "reads.form.yaml", text: text)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = try #require(FormPipeline.read(file, diagnostics: &diagnostics))
        let document = try #require(FormDecoder.decode(
            tree, file: file, format: SourceFormat(path: file.path), limits: .default, diagnostics: &diagnostics
        ))
        return document.elements
    }

    static func describe(_ read: FieldRead) -> String {
        switch read {
        case .condition(let condition): "when " + condition.source.value
        case .field(let id): "field " + id
        }
    }

    @Test func everyPlaceInDocumentOrder() throws {
        var seen: [String] = []
        let completed = FieldRead.forEach(in: try Self.elements()) { seen.append(Self.describe($0)); return true }
        #expect(completed)
        #expect(seen == [
            "when b", "when c == 'x'", "field d", "when e",
            "when f", "field lower", "when i",
            "field from",
        ])
    }

    /// A `false` stops the walk where it is, also inside nested groups, and is the result.
    @Test func theFirstFalseStopsTheWalk() throws {
        let elements = try Self.elements()
        for stop in ["when c == 'x'", "field d", "field lower", "when i", "field from"] {
            var seen: [String] = []
            let completed = FieldRead.forEach(in: elements) { read in
                seen.append(Self.describe(read))
                return seen.last != stop
            }
            #expect(!completed, "\(stop)")
            #expect(seen.last == stop, "\(stop): \(seen)")
        }
    }
}
