import Foundation
@testable import RoadtripTUI
import Testing
import RoadtripTestSupport

/// Long work off the main loop (issue 21): the keys are held while it runs, Esc drops its result,
/// and a finished task hands its value over on the main actor. The navigator's runner is a manual
/// one: the work runs, and its value comes back, only when the test says.
@MainActor
@Suite struct BusyTaskTests {
    let runner = ManualRunner()

    /// A turn of the main loop: what finished is handed over, then the navigator lets go of it.
    private func turn(_ navigator: Navigator) {
        runner.deliverFinished()
        navigator.pollBusy()
    }

    @Test func keysAreHeldWhileItRunsAndTheResultComesBackWhenItEnds() {
        let navigator = Navigator(runner: runner)
        let screen = ScreenStub("list")
        navigator.push(screen)
        var received: [Int] = []
        navigator.startBusy(BusyTask(title: "Importing “big.geojson”", job: "import", work: { 42 }) { received.append($0) })
        #expect(runner.queuedNames == ["import"])
        navigator.handle(.character("d"))
        navigator.handle(.character("q"))
        #expect(screen.keys.isEmpty) // no key reaches the screen, q does not quit
        #expect(!navigator.isFinished)
        runner.runNext()
        #expect(received.isEmpty && navigator.isBusy, "the value waits for the loop's turn")
        turn(navigator)
        #expect(received == [42])
        #expect(!navigator.isBusy)
        navigator.handle(.character("d"))
        #expect(screen.keys == [.character("d")])
    }

    @Test func escapeCancelsAndALateResultIsNeverUsed() throws {
        let navigator = Navigator(runner: runner)
        navigator.push(ScreenStub("list"))
        var received: [Int] = []
        let task = BusyTask(title: "Importing “big.geojson”", job: "import", work: { 42 }) { received.append($0) }
        navigator.startBusy(task)
        navigator.handle(.escape)
        #expect(!navigator.isBusy)
        #expect(try navigator.drawnLines().last?.contains("Importing “big.geojson” was cancelled: nothing was changed.") == true)
        // The work still ends, later; its value is dropped.
        runner.runNext()
        turn(navigator)
        #expect(received.isEmpty)
        #expect(task.isDone)
    }

    /// A download keeps what came: its Esc says so rather than that nothing was changed.
    @Test func escapeSaysWhatTheTaskKeeps() throws {
        let navigator = Navigator(runner: runner)
        navigator.push(ScreenStub("list"))
        let task = BusyTask(title: "Downloading Andorra", job: "region-download", work: { 42 }) { _ in }
        task.cancelledMessage = "Downloading Andorra was cancelled: what came is kept."
        navigator.startBusy(task)
        navigator.handle(.escape)
        #expect(try navigator.drawnLines().last?.contains("Downloading Andorra was cancelled: what came is kept.") == true)
    }

    @Test func theWorkIsToldItWasCancelledAndSaysHowFarItIs() {
        let navigator = Navigator(runner: runner)
        navigator.push(ScreenStub("list"))
        let sawCancel = Flag()
        let task = BusyTask(
            title: "Adding region “andorra”", job: "region-import",
            reporting: { progress in
                progress.say("Reading andorra.osm.pbf: 55%")
                sawCancel.value = progress.isCancelled
                return 1
            }
        ) { _ in }
        navigator.startBusy(task)
        navigator.handle(.escape)
        runner.runNext()
        #expect(sawCancel.value)
        #expect(task.progress == "Reading andorra.osm.pbf: 55%")
    }

    @Test func theStatusSaysWhatRunsHowFarAndHowToCancel() {
        let task = BusyTask(
            title: "Importing “big.geojson”", job: "import",
            reporting: { progress in
                progress.say("312 KB of 565 KB")
                return 1
            }
        ) { _ in }
        #expect(task.statusMessage.text.contains("Importing “big.geojson”… 0 s · Esc cancels"))
        task.start(on: runner)
        runner.runNext()
        let text = task.statusMessage.text
        #expect(text.contains("Importing “big.geojson”… 312 KB of 565 KB · ") && text.hasSuffix(" s · Esc cancels"), "\(text)")
    }

    /// What the work saw, for the test to read after it ran (on the test's own thread).
    final class Flag: @unchecked Sendable {
        var value = false
    }
}
