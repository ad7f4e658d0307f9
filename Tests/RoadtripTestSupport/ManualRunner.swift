import BackgroundWork

/// The runner unit tests give the code under test (swift-nio's EmbeddedEventLoop): a job is only
/// queued when submitted, and runs, on the test's own thread, when the test says so. Nothing
/// runs behind the test's back, so no test waits or polls for a thread.
@MainActor
package final class ManualRunner: BackgroundRunner {
    /// Submitted, not run yet: what the code under test started.
    package private(set) var queued: [BackgroundJob] = []
    /// Run, and not handed over yet.
    private var finished: [BackgroundJob] = []

    package init() {}

    /// The names of the queued jobs, in order.
    package var queuedNames: [String] { queued.map(\.name) }

    package func submit(_ job: BackgroundJob) {
        queued.append(job)
    }

    /// Runs the work of the first queued job, without handing its value over (as a worker
    /// thread would); a withdrawn job is skipped. Returns false when nothing was left to run.
    @discardableResult
    package func runNext() -> Bool {
        while !queued.isEmpty {
            let job = queued.removeFirst()
            if job.run() {
                finished.append(job)
                return true
            }
        }
        return false
    }

    @discardableResult
    package func deliverFinished() -> Bool {
        let ending = finished
        finished = []
        for job in ending { job.deliver() }
        return !ending.isEmpty
    }

    /// Runs and hands over every job, the ones their `done`s submit too: where the program is once
    /// all its work has ended.
    package func runAll() {
        while runNext() || !finished.isEmpty { deliverFinished() }
    }

    package func wait(for job: BackgroundJob) {
        if let index = queued.firstIndex(where: { $0 === job }) {
            queued.remove(at: index)
            _ = job.run()
        } else {
            finished.removeAll { $0 === job }
        }
        job.deliver()
    }

    package var hasWork: Bool { !queued.isEmpty || !finished.isEmpty }
}
