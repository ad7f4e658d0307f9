import Foundation
@testable import RoadtripStore
import Testing

/// When the autosave is due, on a clock the test holds.
@Suite struct AutosaveScheduleTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func dueOnceTheLastChangeIsOldEnough() {
        let schedule = AutosaveSchedule(delay: 0.5)
        #expect(!schedule.isDue(changeCount: 1, lastChange: start, now: start.addingTimeInterval(0.4)))
        #expect(schedule.isDue(changeCount: 1, lastChange: start, now: start.addingTimeInterval(0.5)))
    }

    @Test func aFailedSaveIsRetriedAfterTheNextChangeOrAfterTheRetryDelay() {
        var schedule = AutosaveSchedule(delay: 0)
        schedule.failed(changeCount: 3, at: start)
        #expect(!schedule.isDue(changeCount: 3, lastChange: start, now: start.addingTimeInterval(1)))
        #expect(schedule.isDue(changeCount: 4, lastChange: start, now: start.addingTimeInterval(1)), "a change since: tried at once")
        #expect(schedule.isDue(changeCount: 3, lastChange: start, now: start.addingTimeInterval(AutosaveSchedule.retryDelay)))
        schedule.saved()
        #expect(schedule.isDue(changeCount: 3, lastChange: start, now: start.addingTimeInterval(1)))
    }
}
