import Foundation

/// The program's runner: each job on a thread of its own, or on its lane's one serial queue;
/// finished jobs wait in a mailbox for the main loop's next turn. Under a test gate
/// (`ROADTRIP_TEST_GATE`), a job the gate holds waits at it before its work begins.
@MainActor
package final class ThreadRunner: BackgroundRunner {
    /// The one runner of the program, its gate read from the process's environment.
    package static let shared = ThreadRunner(gate: TestGate.process)

    private let gate: TestGate?
    private let mailbox = Mailbox()
    private var lanes: [String: DispatchQueue] = [:]
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
        if let lane = job.lane {
            let queue = lanes[lane] ?? DispatchQueue(label: "roadtrip.\(lane)")
            lanes[lane] = queue
            queue.async(execute: body)
        } else {
            Thread.detachNewThread(body)
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
