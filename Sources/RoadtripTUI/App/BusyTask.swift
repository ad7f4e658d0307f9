import Foundation
import Terminal
import TextCanvas

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
    /// What the work says of how far it is, and whether it was cancelled.
    let progress = BusyProgress()

    /// Starts `work` on a new thread; `done` gets its value on the main actor, unless cancelled.
    package convenience init<Value: Sendable>(title: String, work: @escaping @Sendable () -> Value, done: @escaping @MainActor (Value) -> Void) {
        self.init(title: title, reporting: { _ in work() }, done: done)
    }

    /// Starts `work` on a new thread, handing it a `BusyProgress` to report how far it is (shown
    /// beside the spinner) and to ask whether it was cancelled, so that it can stop and clean up.
    package init<Value: Sendable>(title: String, reporting work: @escaping @Sendable (BusyProgress) -> Value, done: @escaping @MainActor (Value) -> Void) {
        self.title = title
        let box = ResultBox<Value>()
        takeResult = {
            guard let value = box.take() else { return false }
            done(value)
            return true
        }
        let progress = progress
        cancelWork = {
            box.cancel()
            progress.cancel()
        }
        Thread.detachNewThread { box.put(work(progress)) }
    }

    /// Hands the result over when the work has finished; returns whether it has.
    package func finishIfDone() -> Bool { takeResult() }

    /// Drops the work's result: the thread ends on its own, and nothing it found is used.
    package func cancel() { cancelWork() }

    /// Whole seconds since it started.
    package var elapsedSeconds: Int { Int(ProcessInfo.processInfo.systemUptime - started) }

    /// "Importing coast.gpx… 3 s · Esc cancels" (a spinner turns each second), with the work's
    /// own report when it gives one: "Adding region andorra… Reading andorra.osm.pbf: 55% · 3 s".
    package var statusMessage: StatusMessage {
        let report = progress.text.map { " \($0) ·" } ?? ""
        return StatusMessage("\(Spinner.glyph(elapsedSeconds)) \(title)…\(report) \(elapsedSeconds) s · Esc cancels")
    }
}

/// The small turning sign of work under way: a quarter turn each step.
package enum Spinner {
    package static func glyph(_ step: Int) -> String {
        (TextWidth.isUTF8 ? ["◐", "◓", "◑", "◒"] : ["|", "/", "-", "\\"])[step & 3]
    }
}

/// How far a busy task's work is, said by the work's thread and read by the main loop.
package final class BusyProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var report: String?
    private var cancelled = false

    /// "Reading andorra.osm.pbf: 312 KB of 565 KB (55%)".
    package func say(_ text: String) {
        lock.withLock { report = text }
    }

    package var text: String? { lock.withLock { report } }

    /// Whether Esc (or a quit) cancelled the task: work that can stop should, and clean up.
    package var isCancelled: Bool { lock.withLock { cancelled } }

    func cancel() {
        lock.withLock { cancelled = true }
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
