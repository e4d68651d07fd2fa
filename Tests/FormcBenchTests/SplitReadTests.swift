import BenchmarkSupport
@testable import FormSource
@testable import FormSyntax
import Testing

/// The benchmark's forms are read in two parts at once, as a large form should be:
/// a cut that the planner accepts but the read refuses costs a read of the whole
/// file after the two parts. At 4× the cut once fell on the first item of a
/// group's elements, where libyaml has not started the sequence yet, and every
/// lint of the 4× form read it one and a half times (6.9× the time of the 1×).
struct SplitReadTests {
    @Test(arguments: [1, 2, 4])
    func theBenchmarkFormIsReadInTwoParts(scale: Int) throws {
        let file = SourceFile(path: "benchmark.form.yaml", text: BenchmarkForm(scale: scale).yaml())
        let split = try #require(file.bytes.withUnsafeBufferPointer { YAMLSplit.plan($0) })
        var limits = CompilerLimits.default
        limits.maxElements = Int.max
        #expect(YAMLReader.readInTwo(file, split: split, limits: limits) != nil)
    }
}
