import Foundation
@testable import RoadtripTUI
import Testing

/// Long work off the main loop (issue 21): the keys are held while it runs, Esc drops its result,
/// and a finished task hands its value over on the main actor.
@MainActor
@Suite struct BusyTaskTests {
    /// A gate the work waits at, so that a test decides when it ends.
    final class Gate: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func open() { semaphore.signal() }
        func wait() { semaphore.wait() }
    }

    private func waitUntilDone(_ navigator: Navigator) {
        let deadline = Date().addingTimeInterval(30)
        while navigator.isBusy, Date() < deadline {
            navigator.pollBusy()
            usleep(1_000)
        }
    }

    @Test func keysAreHeldWhileItRunsAndTheResultComesBackWhenItEnds() {
        let navigator = Navigator()
        let screen = ScreenStub("list")
        navigator.push(screen)
        let gate = Gate()
        var received: [Int] = []
        navigator.startBusy(BusyTask(title: "Importing “big.geojson”", work: { gate.wait(); return 42 }) { received.append($0) })
        navigator.handle(.character("d"))
        navigator.handle(.character("q"))
        #expect(screen.keys.isEmpty) // no key reaches the screen, q does not quit
        #expect(!navigator.isFinished)
        gate.open()
        waitUntilDone(navigator)
        #expect(received == [42])
        navigator.handle(.character("d"))
        #expect(screen.keys == [.character("d")])
    }

    @Test func escapeCancelsAndTheResultIsNeverUsed() {
        let navigator = Navigator()
        navigator.push(ScreenStub("list"))
        let gate = Gate()
        var received: [Int] = []
        let task = BusyTask(title: "Importing “big.geojson”", work: { gate.wait(); return 42 }) { received.append($0) }
        navigator.startBusy(task)
        navigator.handle(.escape)
        #expect(!navigator.isBusy)
        gate.open()
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, !task.finishIfDone() { usleep(1_000) }
        #expect(received.isEmpty)
    }

    @Test func theStatusSaysWhatRunsAndHowToCancel() {
        let task = BusyTask(title: "Importing “big.geojson”", work: { 1 }) { _ in }
        #expect(task.statusMessage.text.contains("Importing “big.geojson”… 0 s · Esc cancels"))
    }
}
