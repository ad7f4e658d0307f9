/// Where work too long for the main loop runs, and how its values come back to it: the
/// EmbeddedEventLoop idea of swift-nio. The program runs each job on a thread (`ThreadRunner`);
/// unit tests queue jobs and run them when they say (`ManualRunner`, in the test support), so no
/// test waits for a thread; end-to-end tests hold named jobs at a gate (`TestGate`).
///
/// Values come back only at `deliverFinished()`, which the main loop calls on every turn: until
/// then nothing a job found changes anything the screens show.
@MainActor
package protocol BackgroundRunner: AnyObject {
    /// Starts `job` off the main loop (or queues it, for a manual runner).
    func submit(_ job: BackgroundJob)

    /// Hands the value of every job finished since the last call to its `done`, in the order
    /// they finished (a cancelled job's is dropped); returns whether any job ended.
    @discardableResult
    func deliverFinished() -> Bool

    /// Blocks until `job` has finished and hands its value over (a manual runner runs it now):
    /// for a quit, which cannot go on before the save it waits for. Other jobs are left as they are.
    func wait(for job: BackgroundJob)

    /// Whether jobs were submitted whose values have not been handed over yet (the main loop
    /// then turns sooner, to show them without delay).
    var hasWork: Bool { get }
}

extension BackgroundRunner {
    /// Submits a job made of `work` and `done` (see `BackgroundJob`), and returns it.
    @discardableResult
    package func run<Value: Sendable>(
        _ name: String, lane: String? = nil, work: @escaping @Sendable (BackgroundJob.Context) -> Value,
        done: @escaping @MainActor (Value) -> Void
    ) -> BackgroundJob {
        let job = BackgroundJob(name, lane: lane, work: work, done: done)
        submit(job)
        return job
    }
}
