import ArgumentParser
import Foundation
@testable import RoadtripCLI
import RoadtripCore
import RoadtripStore
import TextCanvas
import Testing
import RoadtripTestSupport

/// Issue 52, item 13: a command whose save fails says the change was not saved, and why; never
/// the planner's "Your changes are still in memory", which goes with the command.
@MainActor
@Suite struct CommandSaveTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func aFailedSaveSaysWhatWasNotDoneAndThatTheFileIsAsItWas() {
        let full = DataFileError.unwritable(path: "/d/trips.json", reason: "cannot write: No space left on device")
        #expect(
            CommandSave.sentence(for: full, notDone: "The change to “Coast” was not saved")
                == "Cannot save /d/trips.json: cannot write: No space left on device. The change to “Coast” was not saved; the file is as it was.")
        let none = DataFileError.cannotCreate(path: "/d/trips.json", reason: "/d is a file, not a folder")
        #expect(
            CommandSave.sentence(for: none, notDone: "Nothing was imported") == "Cannot create /d/trips.json: /d is a file, not a folder. Nothing was imported."
        )
        let readOnly = DataFileError.readOnly(path: "/d/trips.json", reason: "another roadtrip (process 12) has it open")
        #expect(CommandSave.sentence(for: readOnly, notDone: "Nothing was imported") == readOnly.description)
        #expect(CommandSave.changeNotSaved(to: Trip(name: "Coast")) == "The change to “Coast” was not saved")
    }

    /// A save that really fails, as root too: the temporary file's name, the data file's with
    /// ".roadtrip-save-" before it, is longer than a folder takes (ENAMETOOLONG).
    @Test func aChangeByTripEditThatCannotBeSavedSaysSo() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file(String(repeating: "t", count: 240) + ".json")
        try TripFile(trips: [Trip(name: "Coast")]).encoded().write(to: file)
        let before = try Data(contentsOf: file)
        let options = try GlobalOptions.parse(["--file", file.path])
        #expect {
            try TripEdit.run(options: options, environment: [:], trip: "1") { model, trip in model.renameTrip(id: trip.id, to: "Renamed") }
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Cannot save \(file.path): cannot create a temporary file in \(directory.path): File name too long.")
                && text.hasSuffix(" The change to “Coast” was not saved; the file is as it was.") && !text.contains("memory")
        }
        #expect(try Data(contentsOf: file) == before)
    }
}
