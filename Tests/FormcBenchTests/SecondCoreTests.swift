import BenchmarkSupport
import Testing

/// What the report says about the machine's second core, from the two checks.
struct SecondCoreTests {
    @Test func theSpeedupIsTwoThreadsWorkPerSecondAgainstOnes() {
        // Two threads each doing one thread's work in the same time: twice the work.
        #expect(SecondCore.speedup(oneThread: 0.030, twoThreads: 0.030) == 2)
        // ...in twice the time: no more work per second than one thread.
        #expect(SecondCore.speedup(oneThread: 0.030, twoThreads: 0.060) == 1)
        #expect(abs(SecondCore.speedup(oneThread: 0.0307, twoThreads: 0.0474) - 1.295) < 0.001)
    }

    @Test func twoFreeCoresGiveNoNote() {
        #expect(SecondCore.note(computeLoop: 1.97, parse: 1.92) == nil)
        // The threshold itself counts as two free cores.
        #expect(SecondCore.note(computeLoop: SecondCore.threshold, parse: SecondCore.threshold) == nil)
    }

    /// A loop that finds two cores while two parses at once slow each other
    /// down (what this project's machine did in some runs): the note names the
    /// parse check and its figure.
    @Test func parsesThatSlowEachOtherDownAreNamed() throws {
        let note = try #require(SecondCore.note(computeLoop: 1.95, parse: 1.29))
        #expect(note.hasPrefix("two libyaml parses at once did only 1.29× the work of one"))
        #expect(note.contains("A shared physical core"))
        #expect(SecondCore.note(computeLoop: 1.95, parse: 1.79) != nil)
    }

    /// With no free second core the parse check reads low too; the note names
    /// the missing core, the cause of both.
    @Test func aMissingSecondCoreIsNamedFirst() throws {
        let note = try #require(SecondCore.note(computeLoop: 1.10, parse: 1.05))
        #expect(note.hasPrefix("two threads did only 1.10× the work of one"))
        #expect(!note.contains("libyaml"))
    }
}
