import Foundation

/// A clock a test moves by hand, for `DataModel(store:now:)`: the autosave and retry delays pass
/// when the test says, without waiting and without reading the wall clock.
package final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    /// Starts at a fixed moment, not today.
    package init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        time = start
    }

    package var now: Date { lock.withLock { time } }

    package func advance(by seconds: TimeInterval) {
        lock.withLock { time += seconds }
    }

    /// What `DataModel` reads the time with.
    package var read: @Sendable () -> Date { { self.now } }
}
