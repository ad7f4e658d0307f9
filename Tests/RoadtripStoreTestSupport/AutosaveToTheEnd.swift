import Foundation
import RoadtripStore
import RoadtripTestSupport

extension DataModel {
    /// The main loop's `autosave()` turns, run until they give something: starts a save when one
    /// is due, runs it on the model's manual runner, and takes its outcome; nil when none was due.
    package func autosaveToTheEnd() throws(DataFileError) -> SaveOutcome? {
        if let outcome = try autosave() { return outcome }
        guard isSaving else { return nil }
        manualRunner.runAll()
        return try autosave()
    }

    /// The model's runner, which a test that drives background work gave it.
    package var manualRunner: ManualRunner {
        guard let manual = runner as? ManualRunner else {
            preconditionFailure("this test drives the model's background work: give the model a ManualRunner")
        }
        return manual
    }
}
