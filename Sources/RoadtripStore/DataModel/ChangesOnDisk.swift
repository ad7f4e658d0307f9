import Foundation

/// How far the model's changes are kept on disk (in the journal, or saved), for work on other
/// threads that must not begin before the change that asked for it is kept: routing, which a
/// region's files damaged under the planner could bring down (issue 52), and with it a change not
/// yet journaled. The model counts its changes here as it makes them; the journal's writes (and
/// the loop, when no journal is kept) say how far they are kept; a routing job waits for the
/// count it was asked at.
package final class ChangesOnDisk: @unchecked Sendable {
    private let condition = NSCondition()
    // Under `condition`.
    private var made = 0
    private var kept = 0
    private var waiters = 0

    package init() {}

    /// The changes the model has made so far: what a job asked for now waits to be kept.
    package var current: Int { condition.withLock { made } }

    /// How many threads wait for changes to be kept: for a test to know a job got to its wait.
    package var waiting: Int { condition.withLock { waiters } }

    /// The model made its `count`th change.
    func made(_ count: Int) {
        condition.withLock { made = max(made, count) }
    }

    /// The changes up to `count` are kept (journaled or saved), or need no keeping (no journal is
    /// kept of them): whatever waited for them goes on.
    func kept(upTo count: Int) {
        condition.withLock {
            guard count > kept else { return }
            kept = count
            condition.broadcast()
        }
    }

    /// Waits until the changes up to `count` are kept; at most `patience` seconds, a guard for a
    /// journal that never gets written (a disk that hangs): work is held back, never stopped.
    /// Whether they were kept.
    @discardableResult
    package func waitUntilKept(_ count: Int, patience: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        return condition.withLock {
            waiters += 1
            defer { waiters -= 1 }
            while kept < count {
                guard condition.wait(until: deadline) else { return kept >= count }
            }
            return true
        }
    }
}
