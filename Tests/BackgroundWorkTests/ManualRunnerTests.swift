import BackgroundWork
import Testing
import RoadtripTestSupport

/// The manual runner the unit tests drive: nothing runs until the test says, a value comes back
/// only when handed over, a cancelled job's value is dropped, a withdrawn one never runs.
@MainActor
@Suite struct ManualRunnerTests {
    let runner = ManualRunner()

    @Test func aJobRunsOnlyWhenTheTestSaysAndItsValueComesBackWhenHandedOver() {
        var values: [Int] = []
        let job = runner.run("import", work: { _ in 42 }) { values.append($0) }
        #expect(job.state == .waiting && runner.queuedNames == ["import"] && runner.hasWork)
        #expect(runner.runNext())
        #expect(job.state == .finished && values.isEmpty, "run, not handed over")
        #expect(runner.deliverFinished())
        #expect(job.state == .ended && values == [42] && !runner.hasWork)
        #expect(!runner.runNext() && !runner.deliverFinished())
    }

    @Test func aCancelledJobStillRunsButItsValueIsDropped() {
        var values: [Int] = []
        let job = runner.run("import", work: { context in context.isCancelled ? -1 : 42 }) { values.append($0) }
        job.cancel()
        runner.runAll()
        #expect(values.isEmpty && job.state == .ended)
    }

    @Test func aWithdrawnJobNeverRunsAndOneThatBegunCannotBeWithdrawn() {
        var values: [Int] = []
        let first = runner.run("autosave", work: { _ in 1 }) { values.append($0) }
        let second = runner.run("autosave", work: { _ in 2 }) { values.append($0) }
        #expect(first.withdraw())
        #expect(first.state == .ended)
        runner.runNext()
        #expect(!second.withdraw())
        runner.deliverFinished()
        #expect(values == [2])
    }

    @Test func waitingForAJobRunsItAndHandsOnlyItOver() {
        var values: [Int] = []
        runner.run("road-leg", work: { _ in 1 }) { values.append($0) }
        let save = runner.run("autosave", work: { _ in 2 }) { values.append($0) }
        runner.wait(for: save)
        #expect(values == [2] && runner.queuedNames == ["road-leg"])
        runner.runAll()
        #expect(values == [2, 1])
    }

    @Test func runAllRunsWhatTheHandedOverValuesStartToo() {
        var values: [Int] = []
        runner.run("road-leg", work: { _ in 1 }) { value in
            values.append(value)
            self.runner.run("road-leg", work: { _ in 2 }) { values.append($0) }
        }
        runner.runAll()
        #expect(values == [1, 2] && !runner.hasWork)
    }

    @Test func theWorkSaysHowFarItIs() {
        let job = runner.run("region-import", work: { context in context.say("Reading andorra.osm.pbf: 55%") }) { _ in }
        #expect(job.progress == nil)
        runner.runNext()
        #expect(job.progress == "Reading andorra.osm.pbf: 55%")
    }
}
