import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The program's runner: each job on a thread of its own, or on its lane's one thread, in
/// order; finished jobs wait in a mailbox for the main loop's next turn. There is no shared
/// instance: the program's composition root (the command line) makes the one it runs on and
/// hands it down, and unit tests hand a `ManualRunner` instead. Under a test gate
/// (`ROADTRIP_TEST_GATE`), a job the gate holds waits at it before its work begins.
///
/// Every job's thread runs at a lower priority (`backgroundNiceness`): the main loop is the one
/// thread a user waits on, and on two cores an autosave encoding a 12 MB file or a journal
/// append would otherwise take turns with it while keys come (issue 41). Linux keeps the nice
/// value per thread, and a thread of roadtrip's own is never handed other work, so it stays
/// there. A lowered priority is a share, not a wait: with a core free the job runs at full speed.
@MainActor
package final class ThreadRunner: BackgroundRunner {
    private let gate: TestGate?
    private let mailbox = Mailbox()
    private var lanes: [String: Lane] = [:]
    /// Submitted and not ended yet.
    private var live: [BackgroundJob] = []

    package init(gate: TestGate? = nil) {
        self.gate = gate
    }

    package func submit(_ job: BackgroundJob) {
        live.append(job)
        let (gate, mailbox) = (gate, mailbox)
        let body: @Sendable () -> Void = {
            gate?.pass(job.name) { job.state != .waiting }
            if job.run() { mailbox.put(job) }
        }
        if let name = job.lane {
            let lane = lanes[name] ?? Lane()
            lanes[name] = lane
            lane.add(body)
        } else {
            Thread.detachNewThread {
                Self.runInBackground()
                body()
            }
        }
    }

    @discardableResult
    package func deliverFinished() -> Bool {
        let finished = mailbox.takeAll()
        for job in finished { hand(job) }
        live.removeAll { $0.state == .ended }
        return !finished.isEmpty
    }

    package func wait(for job: BackgroundJob) {
        guard job.state < .ended else { return }
        mailbox.take(job)
        hand(job)
        live.removeAll { $0 === job }
    }

    package var hasWork: Bool {
        live.contains { $0.state != .ended }
    }

    private func hand(_ job: BackgroundJob) {
        job.deliver()
        gate?.ended(job.name)
    }

    /// How much lower than the main loop's a job's thread runs (a nice value: 10 gives the main
    /// loop about nine tenths of a core both want).
    package nonisolated static let backgroundNiceness: Int32 = 10

    /// Lowers the calling thread's priority (on Linux, `setpriority` of process 0 is the calling
    /// thread's own); a failure leaves it as it was.
    nonisolated static func runInBackground() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNiceness)
    }

    /// One lane's thread: its jobs run one at a time, in the order they came, and it lives as long
    /// as the program (a lane is made once per name).
    private final class Lane: @unchecked Sendable {
        private let condition = NSCondition()
        private var waiting: [@Sendable () -> Void] = []

        init() {
            Thread.detachNewThread { [self] in
                ThreadRunner.runInBackground()
                while true { next()() }
            }
        }

        func add(_ body: @escaping @Sendable () -> Void) {
            condition.withLock {
                waiting.append(body)
                condition.signal()
            }
        }

        private func next() -> @Sendable () -> Void {
            condition.withLock {
                while waiting.isEmpty { condition.wait() }
                return waiting.removeFirst()
            }
        }
    }

    /// Finished jobs, from their threads to the main actor.
    private final class Mailbox: @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [BackgroundJob] = []

        func put(_ job: BackgroundJob) {
            condition.withLock {
                jobs.append(job)
                condition.broadcast()
            }
        }

        func takeAll() -> [BackgroundJob] {
            condition.withLock {
                defer { jobs = [] }
                return jobs
            }
        }

        /// Waits until `job` is in the mailbox and takes it out.
        func take(_ job: BackgroundJob) {
            condition.withLock {
                while !jobs.contains(where: { $0 === job }) { condition.wait() }
                jobs.removeAll { $0 === job }
            }
        }
    }
}
