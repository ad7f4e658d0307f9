import Foundation
import RoadtripCore
import RoadtripStore

/// Every command's save of the data file. A command ends once it has said what it did, so a
/// change it could not save ends with it: the planner's "Your changes are still in memory" would
/// be untrue here (issue 52: `rename` on a full disk said it, and the change was gone). The
/// sentence names the file and the cause, then what was not done; saves are atomic, so the file
/// is as it was.
enum CommandSave {
    /// Saves `model`, merged onto what another window or command saved meanwhile; what both
    /// changed is said on standard error, one sentence each (the version this command wrote is
    /// kept). When the save fails, the error says so, and that `notDone` ("The change to “Coast”
    /// was not saved").
    @MainActor
    @discardableResult
    static func save(_ model: DataModel, notDone: String) throws -> DataModel.SaveOutcome {
        let outcome: DataModel.SaveOutcome
        let creating = !FileManager.default.fileExists(atPath: model.store.path)
        do {
            outcome = try model.save()
        } catch {
            throw CommandFailure(sentence(for: error, notDone: notDone))
        }
        if creating { CommandOutput.note("roadtrip: created the data file \(model.store.path).") }
        if case .merged(let conflicts) = outcome {
            for conflict in conflicts { CommandOutput.note("roadtrip: \(model.store.path) was changed meanwhile too. \(conflict)") }
        }
        return outcome
    }

    /// "Cannot save …/trips.json: No space left on device. The change to “Coast” was not saved;
    /// the file is as it was."
    static func sentence(for error: DataFileError, notDone: String) -> String {
        switch error {
        case .unwritable: "\(error.problem) \(notDone); the file is as it was."
        case .cannotCreate: "\(error.description) \(notDone)."
        case .readOnly, .unreadable, .invalidJSON, .invalidContent: error.description
        }
    }

    /// What a change to `trip` that could not be saved did not do.
    static func changeNotSaved(to trip: Trip) -> String {
        "The change to \(TripText.quoted(trip.name)) was not saved"
    }
}
