import Foundation

/// One piece of work too long for the main loop (an import, a save, a leg routed on the roads),
/// and what becomes of its value: a `BackgroundRunner` runs the work off the main loop and hands
/// the value to `done` on the main actor at a later turn of the loop, unless the job was
/// cancelled meanwhile.
///
/// A job is waiting (queued, or held at a test gate), then running, then finished (its value
/// kept), then ended (the value handed over or dropped). `cancel()` drops the value whenever it
/// comes, and tells work that looks (`Context.isCancelled`) that it may stop; `withdraw()` takes
/// back a job that has not begun, so that it never runs (a quit that saves on its own thread
/// instead of waiting for an autosave that has not started).
package final class BackgroundJob: @unchecked Sendable {
    package enum State: Int, Comparable, Sendable {
        case waiting, running, finished, ended

        package static func < (left: State, right: State) -> Bool { left.rawValue < right.rawValue }
    }

    /// What the job is called: how tests hold it at a gate ("import", "autosave", "road-leg").
    package let name: String
    /// Jobs of one lane run one at a time, in the order they were submitted, on the lane's one
    /// thread (the legs a screen asks for go through the "roads" lane: a trip of a thousand legs
    /// is one thread, not a thousand); nil, a thread of its own.
    package let lane: String?

    private let lock = NSLock()
    private var currentState = State.waiting
    private var cancelled = false
    private var report: String?
    /// Runs the work and keeps its value; nil once run.
    private var produce: (@Sendable (Context) -> Void)?
    /// Gives the kept value to `done`; on the main actor only.
    private let handOver: @MainActor () -> Void

    /// `work` runs off the main loop, and may report how far it is and look whether it was
    /// cancelled through its `Context`; `done` gets its value on the main actor.
    package init<Value: Sendable>(
        _ name: String, lane: String? = nil, work: @escaping @Sendable (Context) -> Value,
        done: @escaping @MainActor (Value) -> Void
    ) {
        self.name = name
        self.lane = lane
        let slot = Slot<Value>()
        produce = { context in slot.put(work(context)) }
        handOver = { if let value = slot.take() { done(value) } }
    }

    /// What the work sees of its job.
    package struct Context: Sendable {
        fileprivate let job: BackgroundJob

        /// Whether the job was cancelled: work that can stop should (its value is dropped anyway).
        package var isCancelled: Bool { job.isCancelled }

        /// Says how far the work is ("Reading andorra.osm.pbf: 55%"), for the status bar.
        package func say(_ text: String) { job.lock.withLock { job.report = text } }
    }

    package var state: State { lock.withLock { currentState } }
    package var isCancelled: Bool { lock.withLock { cancelled } }
    /// What the work last said of how far it is.
    package var progress: String? { lock.withLock { report } }

    /// The value will not be used: it is dropped when it comes, and the work may stop early.
    package func cancel() {
        lock.withLock { cancelled = true }
    }

    /// Takes back a job whose work has not begun (queued, or held at a gate): it will never run.
    /// Returns false when the work has begun or is done; it then ends as usual.
    package func withdraw() -> Bool {
        lock.withLock {
            guard currentState == .waiting else { return false }
            currentState = .ended
            produce = nil
            return true
        }
    }

    // MARK: For runners

    /// Runs the work, unless the job was withdrawn first; returns whether it ran. The value is
    /// kept for `deliver()`. Called once, off the main loop (or by a manual runner, anywhere).
    package func run() -> Bool {
        let work: (@Sendable (Context) -> Void)? = lock.withLock {
            guard currentState == .waiting else { return nil }
            currentState = .running
            defer { produce = nil }
            return produce
        }
        guard let work else { return false }
        work(Context(job: self))
        lock.withLock { currentState = .finished }
        return true
    }

    /// Hands the value of finished work to `done`, unless the job was cancelled; the job has
    /// then ended. Does nothing before the work has finished, or twice.
    @MainActor
    package func deliver() {
        let hand: Bool = lock.withLock {
            guard currentState == .finished else { return false }
            currentState = .ended
            return !cancelled
        }
        if hand { handOver() }
    }
}

/// The value of a job, from the thread that made it to the main actor.
private final class Slot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func put(_ value: Value) { lock.withLock { self.value = value } }

    func take() -> Value? {
        lock.withLock {
            defer { value = nil }
            return value
        }
    }
}
