import Foundation
import RoadtripRegions

/// Two pieces of an import's work at once, each on a thread of its own: planetsplitter works on
/// one core, and the places can be read on the other meanwhile (issue 54: a country's import was
/// the sum of the two).
enum Lanes {
    /// How much less the second lane asks of the processor than the first (a nice value, which
    /// the tools it starts inherit): the first is the import's longest path, and on two cores the
    /// second's osmium threads took turns on its core (issue 54: planetsplitter took 83 s beside
    /// them on Andorra tiled 16 × 16, and 76 s with them yielding to it; 66 s alone).
    static let secondLaneNiceness: Int32 = 5

    /// `first` and `second`'s results once both are done. Each is given what tells it to stop:
    /// `cancelled`, or the other having failed. The error thrown is the first lane's to fail, not
    /// the other's stopping because of it. `second` runs on a thread of its own, which yields to
    /// the first (`secondLaneNiceness`) and ends with it.
    static func both<First, Second>(
        stopping cancelled: @escaping @Sendable () -> Bool,
        _ first: @Sendable (_ stopped: @escaping @Sendable () -> Bool) throws -> First,
        and second: @escaping @Sendable (_ stopped: @escaping @Sendable () -> Bool) throws -> Second
    ) throws -> (First, Second) {
        let outcome = Outcome<First, Second>()
        let stopped: @Sendable () -> Bool = { cancelled() || outcome.hasFailed }
        let secondDone = DispatchSemaphore(value: 0)
        let thread = Thread {
            yieldToOtherThreads(by: secondLaneNiceness)
            do { outcome.second = try second(stopped) } catch { outcome.fail(error) }
            secondDone.signal()
        }
        thread.start()
        do { outcome.first = try first(stopped) } catch { outcome.fail(error) }
        secondDone.wait()
        if let error = outcome.error { throw error }
        guard let first = outcome.first, let second = outcome.second else { throw RegionError.cancelled }
        return (first, second)
    }

    /// Lowers the calling thread's priority by `niceness`. On Linux the nice value is a thread's
    /// own, process 0 is the calling thread, and the processes it starts inherit it; it cannot be
    /// raised again without privilege, so only on a thread that ends with its work.
    private static func yieldToOtherThreads(by niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(threadNiceness() + niceness, 19))
    }

    /// The nice value of the calling thread.
    static func threadNiceness() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// What the two lanes hand back, each written by its own lane; the first failure under a lock.
    private final class Outcome<First, Second>: @unchecked Sendable {
        var first: First?
        var second: Second?
        private let lock = NSLock()
        // Under `lock`.
        private var failure: (any Error)?

        var hasFailed: Bool { lock.withLock { failure != nil } }
        var error: (any Error)? { lock.withLock { failure } }

        func fail(_ error: any Error) {
            lock.withLock { if failure == nil { failure = error } }
        }
    }
}

/// A value one lane gives the other once: the other waits for it (or for being stopped). Given
/// again, it is kept as first given; given nil, the waiter gets nil (the giving lane failed).
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    // Under `condition`.
    private var given = false
    private var value: Value?

    func give(_ value: Value?) {
        condition.withLock {
            guard !given else { return }
            (given, self.value) = (true, value)
            condition.broadcast()
        }
    }

    /// The value once given; nil when given none, or when `stopped` says so first.
    func taken(stopped: () -> Bool) -> Value? {
        condition.withLock {
            while !given && !stopped() { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05)) }
            return value
        }
    }
}
