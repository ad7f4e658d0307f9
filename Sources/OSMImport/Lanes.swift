import Foundation
import RoadtripRegions

/// Two pieces of an import's work at once, each on a thread of its own: planetsplitter works on
/// one core, and the places can be read on the other meanwhile (issue 54: a country's import was
/// the sum of the two).
enum Lanes {
    /// `first` and `second`'s results once both are done. Each is given what tells it to stop:
    /// `cancelled`, or the other having failed. The error thrown is the first lane's to fail, not
    /// the other's stopping because of it.
    static func both<First, Second>(stopping cancelled: @escaping @Sendable () -> Bool,
                                    _ first: @Sendable (_ stopped: @escaping @Sendable () -> Bool) throws -> First,
                                    and second: @Sendable (_ stopped: @escaping @Sendable () -> Bool) throws -> Second) throws -> (First, Second) {
        let outcome = Outcome<First, Second>()
        let stopped: @Sendable () -> Bool = { cancelled() || outcome.hasFailed }
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            do {
                if lane == 0 { outcome.first = try first(stopped) } else { outcome.second = try second(stopped) }
            } catch {
                outcome.fail(error)
            }
        }
        if let error = outcome.error { throw error }
        guard let first = outcome.first, let second = outcome.second else { throw RegionError.cancelled }
        return (first, second)
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
