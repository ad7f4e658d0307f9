import Foundation
import RoadtripStore

extension DataModel {
    /// The main loop's `autosave()` turns, run until they give something: starts a save when one
    /// is due, then takes its outcome once the other thread has finished it; nil when none was
    /// due. Polls, giving up after 30 seconds.
    package func autosaveToTheEnd() throws(DataFileError) -> SaveOutcome? {
        if let outcome = try autosave() { return outcome }
        let deadline = ContinuousClock.now + .seconds(30)
        while isSaving, ContinuousClock.now < deadline {
            if let outcome = try autosave() { return outcome }
            usleep(1_000)
        }
        return nil
    }
}
