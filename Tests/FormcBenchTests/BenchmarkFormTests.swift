import BenchmarkSupport
import FormCompiler
import Testing

/// The benchmark's input is what issue 6 asks for: about 1 MB, 8,000 fields in 400
/// groups, every element kind, several rules on most fields, and a form formc
/// compiles cleanly (a benchmark of the error path would measure the wrong thing).
struct BenchmarkFormTests {
    /// The 1× form, decoded and checked once for the tests below.
    static let checked: CheckedForm = {
        let form = BenchmarkForm(scale: 1)
        let result = FormPipeline.check(SourceFile(path: "benchmark.form.yaml", text: form.yaml()))
        guard let checked = result.checked, result.diagnostics.isEmpty else {
            preconditionFailure("the benchmark form does not check cleanly: \(result.diagnostics.prefix(3))")
        }
        return checked
    }()

    static var elements: [Element] { checked.document.allElements }

    @Test func itIsAboutOneMegabyte() {
        let bytes = BenchmarkForm(scale: 1).yaml().utf8.count
        #expect(bytes > 900_000 && bytes < 1_200_000, "\(bytes) bytes")
    }

    @Test func itChecksWithoutADiagnostic() {
        let result = FormPipeline.build(SourceFile(path: "benchmark.form.yaml", text: BenchmarkForm(scale: 1).yaml()))
        #expect(result.diagnostics.isEmpty)
        #expect(result.swiftUTF8 != nil)
    }

    @Test func itHasEightThousandFieldsInFourHundredGroups() {
        let form = BenchmarkForm(scale: 1)
        let elements = Self.elements
        let groups = elements.filter { if case .group = $0.kind { true } else { false } }
        let fields = elements.filter { $0.field != nil }
        #expect(groups.count == 400 && form.groups == 400)
        #expect(fields.count == 8_000 && form.fieldCount == 8_000)
        // What the header of the table says.
        #expect(elements.count == form.elementCount)
        // Every group holds its share, rather than one group holding them all.
        for group in groups {
            guard case .group(let decl) = group.kind else { continue }
            #expect(decl.elements.filter { $0.field != nil }.count == 20)
        }
    }

    @Test func itHasEveryElementKind() {
        let written = Set(Self.elements.map(\.kind.keyword))
        #expect(written == Set(ElementKind.keywords))
    }

    /// Several rules on every text field; one or none on switches and segments,
    /// where a second could only be a custom validator (docs/performance.md, "The
    /// benchmark"). Every rule kind the form's fields can take without a custom
    /// validator per field, and conditions on some fields and some groups.
    @Test func itHasRulesAndConditions() {
        let elements = Self.elements
        var textRules: [Int] = []
        var otherRules: [Int] = []
        for element in elements {
            switch element.kind {
            case .text(let field): textRules.append(field.common.rules.count)
            case .boolean(let field): otherRules.append(field.common.rules.count)
            case .segment(let field): otherRules.append(field.common.rules.count)
            case .group, .spacer, .staticText, .segue: continue
            }
        }
        #expect(textRules.count == 4_800 && textRules.allSatisfy { (2...3).contains($0) })
        #expect(otherRules.count == 3_200 && otherRules.allSatisfy { $0 <= 1 })
        #expect(textRules.reduce(0, +) + otherRules.reduce(0, +) == 12_400)
        let ruleNames = Set(elements.compactMap(\.field).flatMap { $0.rules.map(\.kind.name) })
        #expect(ruleNames == ["required", "minLength", "maxLength", "pattern", "sameAs", "custom"])
        let conditions = elements.filter { $0.visibleWhen != nil || $0.enabledWhen != nil }
        // Three fields in ten, and the groups shown by a switch of the section before.
        #expect(conditions.count == 2_400 + 40, "\(conditions.count) elements with a condition")
        #expect(elements.contains { if case .group = $0.kind { $0.visibleWhen != nil } else { false } })
    }

    /// Scale n repeats the structure n times, so the work per byte stays the same.
    @Test func scaleRepeatsTheStructure() {
        let one = BenchmarkForm(scale: 1)
        let four = BenchmarkForm(scale: 4)
        #expect(four.groups == 4 * one.groups && four.fieldCount == 4 * one.fieldCount)
        let ratio = Double(four.yaml().utf8.count) / Double(one.yaml().utf8.count)
        // Longer ids in the later groups make it a little more than 4×.
        #expect(ratio > 4 && ratio < 4.2, "\(ratio)")
    }

    @Test func fieldsInOneGroupMakeOneGroup() {
        let form = BenchmarkForm(fieldsInOneGroup: 2_000)
        var limits = CompilerLimits.default
        limits.maxElements = Int.max
        let result = FormPipeline.check(SourceFile(path: "flat.form.yaml", text: form.yaml()), limits: limits)
        let elements = result.checked?.document.elements ?? []
        #expect(result.diagnostics.isEmpty)
        // The banner and the one group.
        #expect(elements.count == 2)
        guard elements.count == 2, case .group(let group) = elements[1].kind else { return }
        #expect(group.elements.filter { $0.field != nil }.count == 2_000)
    }

    /// The output is the same every time: the benchmark compares runs.
    @Test func itIsTheSameEveryTime() {
        #expect(BenchmarkForm(scale: 2).yaml() == BenchmarkForm(scale: 2).yaml())
    }

    /// The floor parses the same bytes: libyaml accepts the form, and counts one
    /// event per node and per start and end.
    @Test func theFloorCountsLibYAMLsEvents() {
        // Stream, document, mapping, key, sequence, two items: each starts and
        // ends but the scalars, which are one event each.
        #expect(LibYAMLFloor.parseEventCount(Array("a: [1, 2]\n".utf8)) == 11)
        #expect(LibYAMLFloor.parseEventCount(Array("a: [1, 2\n".utf8)) == nil)
        #expect(LibYAMLFloor.parseEventCount(Array(BenchmarkForm(scale: 1).yaml().utf8)) != nil)
    }
}
