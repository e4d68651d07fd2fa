import BenchmarkSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// How the benchmark times: the in-process figures stand in for `formc lint` and
/// `formc build`, which exit without freeing their results, so the result of a
/// timed run is freed only after the clock stopped.
struct TimingTests {
    /// Records, in order, each reading of the test's clock and the end of the
    /// timed body's result.
    final class Log: @unchecked Sendable {
        var events: [String] = []
        var ticks = 0.0
    }

    final class Result {
        let log: Log
        init(log: Log) { self.log = log }
        deinit { log.events.append("result freed") }
    }

    @Test func theResultIsFreedAfterTheClockStops() {
        let log = Log()
        let seconds = Timing.timeKeepingResult(clock: {
            log.events.append("clock")
            log.ticks += 1.5
            return log.ticks
        }) { () -> Result in
            log.events.append("body")
            return Result(log: log)
        }
        #expect(log.events == ["clock", "body", "clock", "result freed"])
        #expect(seconds == 1.5)
    }

    @Test func anErrorFromTheBodyIsPassedOn() {
        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try Timing.timeKeepingResult(clock: { 0 }) { () throws -> Int in throw Failed() }
        }
    }

    @Test func theMedianOfEachMeasureTakenInTurns() throws {
        var order: [Int] = []
        // Skewed, so that a mean (35, 110) would not pass for the median.
        var values = [[3.0, 1.0, 100.0], [10.0, 300.0, 20.0]]
        let medians = try Timing.interleaved(runs: 3, [0, 1].map { index in
            {
                order.append(index)
                // Each timed run follows an untimed one, whose value is dropped.
                return order.count.isMultiple(of: 2) ? values[index].removeFirst() : -1
            }
        })
        #expect(medians == [3.0, 20.0])
        #expect(order == [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1])
    }

    /// A timed build's output is removed once the timed run returns, or throws,
    /// so that the next run writes a new file (see `Timing.removingOutput`).
    @Test func aTimedRunsOutputIsRemovedAfterIt() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/formc-timing.XXXXXX".utf8CString)
        let made = mkdtemp(&template)
        let directory = try #require(made.map { String(cString: $0) })
        defer { rmdir(directory) }
        let output = directory + "/out.swift"
        // Runs before the directory's removal: when the test fails, the file is there.
        defer { unlink(output) }
        struct CannotWrite: Error {}
        func write() throws {
            guard let file = fopen(output, "w") else { throw CannotWrite() }
            fputs("let x = 1\n", file)
            fclose(file)
        }
        var existedWhileTimed = false
        let seconds = try Timing.removingOutput(output) {
            try write()
            existedWhileTimed = access(output, F_OK) == 0
            return 2.5
        }
        #expect(seconds == 2.5)
        #expect(existedWhileTimed)
        #expect(access(output, F_OK) != 0)

        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try Timing.removingOutput(output) { () throws -> Double in
                try write()
                throw Failed()
            }
        }
        #expect(access(output, F_OK) != 0)
    }
}
