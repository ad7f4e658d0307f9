import Foundation
import Terminal

/// Work too long for the main loop (an import of a large file) run on a thread of its own, so
/// that the screen stays drawn, signals act at once and Esc cancels. While it runs the navigator
/// holds the keys (`Navigator.startBusy`): Esc cancels, any other key says what is going on.
/// What it found comes back to the main actor at the loop's next turn, and only then changes
/// anything: a cancelled task (Esc, or a quit) changes nothing.
@MainActor
package final class BusyTask {
    /// "Importing coast.gpx", for the status bar.
    package let title: String
    private let started = ProcessInfo.processInfo.systemUptime
    /// True once the result was handed over; the task is then done.
    private let takeResult: @MainActor () -> Bool
    private let cancelWork: @Sendable () -> Void

    /// Starts `work` on a new thread; `done` gets its value on the main actor, unless cancelled.
    package init<Value: Sendable>(title: String, work: @escaping @Sendable () -> Value, done: @escaping @MainActor (Value) -> Void) {
        self.title = title
        let box = ResultBox<Value>()
        takeResult = {
            guard let value = box.take() else { return false }
            done(value)
            return true
        }
        cancelWork = { box.cancel() }
        Thread.detachNewThread { box.put(work()) }
    }

    /// Hands the result over when the work has finished; returns whether it has.
    package func finishIfDone() -> Bool { takeResult() }

    /// Drops the work's result: the thread ends on its own, and nothing it found is used.
    package func cancel() { cancelWork() }

    /// Whole seconds since it started.
    package var elapsedSeconds: Int { Int(ProcessInfo.processInfo.systemUptime - started) }

    /// "Importing coast.gpx… 3 s · Esc cancels" (a spinner turns each second).
    package var statusMessage: StatusMessage {
        let spinner = TextWidth.isUTF8 ? ["◐", "◓", "◑", "◒"] : ["|", "/", "-", "\\"]
        return StatusMessage("\(spinner[elapsedSeconds % 4]) \(title)… \(elapsedSeconds) s · Esc cancels")
    }
}

/// The one value a worker thread hands the main actor, behind a lock.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var isCancelled = false

    func put(_ value: Value) {
        lock.withLock { if !isCancelled { self.value = value } }
    }

    func take() -> Value? {
        lock.withLock {
            defer { value = nil }
            return value
        }
    }

    func cancel() {
        lock.withLock {
            isCancelled = true
            value = nil
        }
    }
}
