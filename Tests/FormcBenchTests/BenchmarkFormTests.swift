import BenchmarkSupport
import FormCompiler
import FormModel
import FormSource
import FormSyntax
import Testing

/// The benchmark's input is what issue 6 asks for: about 1 MB, 8,000 fields in 400
/// groups, every element kind, several rules on most fields, and a form formc
/// compiles cleanly (a benchmark of the error path would measure the wrong thing).
struct BenchmarkFormTests {
    /// The 1× form, decoded and checked once for the tests below; nil when it does
    /// not check cleanly (which `itChecksWithoutADiagnostic` reports).
    static let checked: CheckedForm? = {
        let result = FormPipeline.check(SourceFile(path: "benchmark.form.yaml", text: BenchmarkForm(scale: 1).yaml()))
        return result.diagnostics.isEmpty ? result.checked : nil
    }()

    static func elements() throws -> [Element] {
        try #require(checked, "the benchmark form does not check cleanly").document.allElements
    }

    @Test func itIsAboutOneMegabyte() {
        let bytes = BenchmarkForm(scale: 1).yaml().utf8.count
        #expect(bytes > 900_000 && bytes < 1_200_000, "\(bytes) bytes")
    }

    @Test func itChecksWithoutADiagnostic() {
        let result = FormPipeline.build(SourceFile(path: "benchmark.form.yaml", text: BenchmarkForm(scale: 1).yaml()))
        #expect(result.diagnostics.isEmpty)
        #expect(result.swiftUTF8 != nil)
    }

    @Test func itHasEightThousandFieldsInFourHundredGroups() throws {
        let form = BenchmarkForm(scale: 1)
        let elements = try Self.elements()
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

    /// Every kind of SPEC §3 and §10. Not `page` (§15.1): pages would make the
    /// whole top level pages, and the benchmark measures a form without them.
    @Test func itHasEveryElementKind() throws {
        let written = Set(try Self.elements().map(\.kind.keyword))
        #expect(written == Set(ElementKind.keywords).subtracting(["page"]))
    }

    /// Two or three rules on every text field and two on every switch, number,
    /// date and multiChoice; `required` or nothing on segments and pickers
    /// (docs/performance.md, "The benchmark"). Every rule kind the form's fields
    /// can take without a custom validator each, the four patterns on 1,200 fields,
    /// and conditions on some fields and some groups.
    @Test func itHasRulesAndConditions() throws {
        let elements = try Self.elements()
        var textRules: [Int] = []
        var switchRules: [Int] = []
        var segmentRules: [Int] = []
        var pickerRules: [Int] = []
        var numberRules: [Int] = []
        var dateRules: [Int] = []
        var choiceRules: [Int] = []
        var dateModes: [DateMode: Int] = [:]
        var decimalNumbers = 0
        for element in elements {
            switch element.kind {
            case .text(let field): textRules.append(field.common.rules.count)
            case .boolean(let field): switchRules.append(field.common.rules.count)
            case .segment(let field):
                if field.variant == .picker {
                    pickerRules.append(field.common.rules.count)
                } else {
                    segmentRules.append(field.common.rules.count)
                }
            case .number(let field):
                numberRules.append(field.common.rules.count)
                if field.places > 0 { decimalNumbers += 1 }
            case .date(let field):
                dateRules.append(field.common.rules.count)
                dateModes[field.dateMode, default: 0] += 1
            case .multiChoice(let field): choiceRules.append(field.common.rules.count)
            case .group, .spacer, .staticText, .segue, .list: continue
            }
        }
        #expect(textRules.count == 3_200 && textRules.allSatisfy { (2...3).contains($0) })
        #expect(switchRules.count == 800 && switchRules.allSatisfy { $0 == 2 })
        #expect(segmentRules.count == 800 && segmentRules.filter { $0 == 1 }.count == 200)
        #expect(segmentRules.filter { $0 == 0 }.count == 600)
        // A tenth of the fields each.
        #expect(numberRules.count == 800 && numberRules.allSatisfy { $0 == 2 })
        #expect(decimalNumbers == 400)
        #expect(dateRules.count == 800 && dateRules.allSatisfy { $0 == 2 })
        #expect(dateModes == [.date: 200, .dateTime: 200, .time: 400])
        #expect(pickerRules.count == 800 && pickerRules.filter { $0 == 1 }.count == 400)
        #expect(choiceRules.count == 800 && choiceRules.allSatisfy { $0 == 2 })
        let rules = elements.compactMap(\.field).flatMap(\.rules)
        #expect(rules.count == 14_600)
        #expect(Set(rules.map(\.kind.name)) == [
            "required", "minLength", "maxLength", "pattern", "sameAs", "custom", "min", "max", "minCount", "maxCount",
        ])
        let patterns = rules.compactMap { if case .pattern(let pattern) = $0.kind { pattern } else { nil } }
        #expect(patterns.count == 1_200 && Set(patterns).count == 4)
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

    /// Any number of fields in one group makes a valid form (`--scale 3` asks
    /// for 2,666, whose last switch has no partner after it).
    @Test(arguments: [2_000, 2_666, 4])
    func fieldsInOneGroupMakeOneGroup(fields: Int) {
        let form = BenchmarkForm(fieldsInOneGroup: fields)
        var limits = CompilerLimits.default
        limits.maxElements = Int.max
        let result = FormPipeline.check(SourceFile(path: "flat.form.yaml", text: form.yaml()), limits: limits)
        let elements = result.checked?.document.elements ?? []
        #expect(result.diagnostics.isEmpty)
        // The banner and the one group.
        #expect(elements.count == 2)
        guard elements.count == 2, case .group(let group) = elements[1].kind else { return }
        #expect(group.elements.filter { $0.field != nil }.count == fields)
    }

    /// The same bytes in every process and on every machine, which the figures of
    /// different runs and versions of formc compare: pinned by its size and a hash (FNV-1a),
    /// both changed on purpose when the form is.
    @Test func itIsTheSameEveryTime() {
        let bytes = Array(BenchmarkForm(scale: 1).yaml().utf8)
        #expect(bytes.count == 1_184_247)
        #expect(Self.fnv1a(bytes) == 18_089_244_849_830_121_405)
        #expect(BenchmarkForm(scale: 2).yaml() == BenchmarkForm(scale: 2).yaml())
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
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

/// The list-heavy form the benchmark can time beside its own (SPEC §14): 100 lists
/// of 20 fields, clean, within the CLI's default limits.
@Test func theListsFormChecksWithoutADiagnostic() {
    let form = BenchmarkListsForm()
    #expect(form.lists == 100 && form.fieldsPerList == 20)
    let result = FormPipeline.build(SourceFile(path: "lists.form.yaml", text: form.yaml()))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3).map(\.message))")
    #expect(result.swiftUTF8 != nil)
    #expect(BenchmarkListsForm(lists: 3, fieldsPerList: 5).yaml() == BenchmarkListsForm(lists: 3, fieldsPerList: 5).yaml())
}
