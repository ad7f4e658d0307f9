import BackgroundWork
import Foundation
import Testing
import RoadtripTestSupport

/// The program's runner, on real threads. Nothing here waits for time to pass: a test waits for
/// a job (`wait(for:)`) or for a file the gate writes. (No `.timeLimit`: it counts from when the
/// test is scheduled, and a main-actor test may wait its turn behind hundreds of others.)
@MainActor
@Suite struct ThreadRunnerTests {
    /// Values from worker threads, for the test to read once they are done.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        private var running = 0
        private(set) var overlapped = false

        func enter() {
            lock.withLock {
                running += 1; if running > 1 { overlapped = true }
            }
        }
        func leave(_ value: Int) {
            lock.withLock {
                running -= 1; values.append(value)
            }
        }
        var all: [Int] { lock.withLock { values } }
    }

    @Test func waitingForAJobHandsItsValueOverOnTheMainActor() {
        let runner = ThreadRunner()
        var values: [Int] = []
        let job = runner.run("import", work: { _ in 6 * 7 }) { values.append($0) }
        #expect(runner.hasWork)
        runner.wait(for: job)
        #expect(values == [42] && job.state == .ended && !runner.hasWork)
        #expect(!runner.deliverFinished(), "handed over once")
    }

    @Test func theJobsOfALaneRunOneAtATimeInOrder() {
        let runner = ThreadRunner()
        let record = Record()
        let jobs = (0..<20).map { number in
            runner.run(
                "road-leg", lane: "roads",
                work: { _ in
                    record.enter()
                    record.leave(number)
                }
            ) { _ in }
        }
        runner.wait(for: jobs.last!)
        #expect(record.all == Array(0..<20))
        #expect(!record.overlapped)
    }

    /// Issue 41: a job runs below the main loop's priority, on a thread of its own or its
    /// lane's, and the main thread keeps its own.
    @Test func jobsRunBelowTheMainLoopsPriority() {
        let runner = ThreadRunner()
        let ownNiceness: @Sendable () -> Int32 = { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        let niceness: @Sendable (BackgroundJob.Context) -> Int32 = { _ in ownNiceness() }
        let mainNiceness = ownNiceness()
        var seen: [Int32] = []
        let alone = runner.run("import", work: niceness) { seen.append($0) }
        runner.wait(for: alone)
        let inLane = runner.run("road-leg", lane: "roads", work: niceness) { seen.append($0) }
        runner.wait(for: inLane)
        let expected = min(mainNiceness + ThreadRunner.backgroundNiceness, 19)
        #expect(seen == [expected, expected])
        #expect(ownNiceness() == mainNiceness)
    }

    @Test func aHeldJobWaitsAtTheGateUntilReleasedAndCountsItsEnd() throws {
        let folder = try TemporaryDirectory()
        let runner = ThreadRunner(gate: TestGate(directory: folder.url, holding: ["import"]))
        let record = Record()
        let job = runner.run("import", work: { _ in record.leave(1) }) { _ in }
        try GateFiles.waitFor("import.held", in: folder, count: 1)
        #expect(record.all.isEmpty && job.state == .waiting)
        #expect(FileManager.default.createFile(atPath: folder.file("import.release").path, contents: nil))
        runner.wait(for: job)
        #expect(record.all == [1])
        #expect(GateFiles.count("import.ended", in: folder) == 1)
        // Released once, released for good: the next one passes without stopping.
        runner.wait(for: runner.run("import", work: { _ in record.leave(2) }) { _ in })
        #expect(GateFiles.count("import.held", in: folder) == 1 && record.all == [1, 2])
    }

    @Test func aHeldJobCanBeWithdrawnAndNeverRuns() throws {
        let folder = try TemporaryDirectory()
        let runner = ThreadRunner(gate: TestGate(directory: folder.url, holding: ["autosave"]))
        let record = Record()
        let job = runner.run("autosave", work: { _ in record.leave(1) }) { _ in }
        try GateFiles.waitFor("autosave.held", in: folder, count: 1)
        #expect(job.withdraw())
        #expect(!runner.hasWork)
        // A job not held is not stopped by the gate, and ends after the withdrawn one gave up.
        runner.wait(for: runner.run("journal", work: { _ in record.leave(2) }) { _ in })
        #expect(record.all == [2])
        #expect(GateFiles.count("journal.held", in: folder) == nil)
    }
}

/// The gate read from the variables only tests set.
@Suite struct TestGateTests {
    @Test func theVariablesNameTheFolderAndTheWorkHeld() {
        #expect(TestGate(environment: [:]) == nil)
        #expect(TestGate(environment: ["ROADTRIP_TEST_GATE": ""]) == nil)
        let gate = TestGate(environment: ["ROADTRIP_TEST_GATE": "/tmp/gate", "ROADTRIP_TEST_HOLD": "import, autosave,"])
        #expect(gate?.directory.path == "/tmp/gate")
        #expect(gate?.held == ["import", "autosave"])
        #expect(TestGate(environment: ["ROADTRIP_TEST_GATE": "/tmp/gate"])?.held == [])
    }

    @Test func aHeldPassGivesUpWhenTheWorkIsNoLongerWanted() throws {
        let folder = try TemporaryDirectory()
        let gate = TestGate(directory: folder.url, holding: ["region-staging"])
        gate.pass("import") // not held: returns at once, and says nothing
        #expect(folder.fileNames.isEmpty)
        gate.pass("region-staging", giveUp: { true })
        #expect(GateFiles.count("region-staging.held", in: folder) == 1)
    }
}

/// The files a gate writes, as a test reads them.
enum GateFiles {
    /// The count in `name`, nil while it does not exist.
    static func count(_ name: String, in folder: TemporaryDirectory) -> Int? {
        (try? String(contentsOf: folder.file(name), encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Waits until `name` counts at least `count`; two minutes without it is a hang.
    static func waitFor(_ name: String, in folder: TemporaryDirectory, count: Int) throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while (Self.count(name, in: folder) ?? 0) < count {
            guard ContinuousClock.now < deadline else { throw HangError(description: "Hang: \(name) did not reach \(count) within 120 s") }
            usleep(1_000)
        }
    }

    struct HangError: Error, CustomStringConvertible {
        let description: String
    }
}
