import Foundation

/// When the automatic save is due: once the last change is `delay` old, and, after a save that
/// failed with nothing changed since, not before `retryDelay` more (a full disk is not written
/// to at every turn of the main loop). Time is the caller's clock.
struct AutosaveSchedule {
    /// How long autosave waits before trying again a save that failed with nothing changed since.
    static let retryDelay: TimeInterval = 5

    /// The delay after the last change: `DataModel.autosaveDelay`, unless a test of what a crash
    /// before the autosave leaves needs a longer window (`ROADTRIP_AUTOSAVE_DELAY`, seconds, read
    /// by the planner).
    var delay: TimeInterval
    private var lastFailure: (changeCount: Int, time: Date)?

    init(delay: TimeInterval = DataModel.autosaveDelay) {
        self.delay = delay
    }

    /// Whether a save of the changes up to `changeCount`, the last made at `lastChange`, is due at `now`.
    func isDue(changeCount: Int, lastChange: Date, now: Date) -> Bool {
        guard now.timeIntervalSince(lastChange) >= delay else { return false }
        if let lastFailure, lastFailure.changeCount == changeCount, now.timeIntervalSince(lastFailure.time) < Self.retryDelay {
            return false
        }
        return true
    }

    mutating func saved() {
        lastFailure = nil
    }

    mutating func failed(changeCount: Int, at time: Date) {
        lastFailure = (changeCount, time)
    }
}
