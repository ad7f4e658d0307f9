import ArgumentParser
import BackgroundWork
import Foundation
import RoadtripCore
import RoadtripStore

extension DistanceUnit: ExpressibleByArgument {}

/// Options every command takes (SPEC §5): the data file and the units.
struct GlobalOptions: ParsableArguments {
    // `.file()`: shells complete a path here (the data file may have any name, so no extension filter).
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The data file.", discussion: "Default: $ROADTRIP_FILE, else $XDG_DATA_HOME/roadtrip/trips.json (~/.local/share/roadtrip/trips.json).",
            valueName: "path"), completion: .file())
    var file: String?

    // Shells complete km and mi: DistanceUnit is CaseIterable, so its values are the completion list.
    @Option(name: .long, help: ArgumentHelp("Units for distances: km or mi (default: from the locale; mi for en_US).", valueName: "unit"))
    var units: DistanceUnit?

    func validate() throws {
        // An empty --file (an unset variable in a script: `--file "$F"`) must not quietly mean
        // the default file: the script meant another one.
        if file?.isEmpty == true { throw ValidationError("--file was given an empty path: name the data file, or leave --file out for the default one.") }
    }

    func dataFile(environment: [String: String]) -> URL {
        DataFileLocation.resolve(explicit: file, environment: environment)
    }

    func unit(environment: [String: String]) -> DistanceUnit {
        units ?? .preferred(environment: environment)
    }

    /// The trips of the data file, for a command. A missing file is no trips (the command line
    /// never adds the sample trips the planner's first start shows), and a note on standard error
    /// says so and how to add the samples; the file is created by the first command that saves.
    /// A command that will write says first when a journal of unsaved changes is pending.
    @MainActor
    func openModel(environment: [String: String], forWriting: Bool = false) throws -> DataModel {
        let file = dataFile(environment: environment)
        // A command's model saves on the main thread and starts no background work; it gets the
        // program's runner all the same, as every model does.
        let model = try DataModel.open(file, environment: environment, forWriting: forWriting, runner: ThreadRunner(gate: TestGate(environment: environment)))
        // A command that writes creates the file, and says so when it does (`CommandSave`): the
        // note of how to get the samples before it was not for it (issue 56).
        if model.startedWithoutFile, !forWriting {
            CommandOutput.note(
                Self.missingFileNote(file: file, explicit: self.file != nil, samples: try? Resources.locate(environment: environment).sampleTrips))
        }
        if forWriting { try PendingJournalNote.announce(for: model) }
        return model
    }

    /// "roadtrip: there is no data file at … yet, so no trips (…). To add them: roadtrip import
    /// …/sample-trips.json": the command given with the same `--file`, so that it works pasted.
    static func missingFileNote(file: URL, explicit: Bool, samples: URL?) -> String {
        let start = "roadtrip: there is no data file at \(file.path) yet, so no trips (the command line adds no sample trips)."
        guard let samples else {
            return start + " The planner (roadtrip with no command) starts a new data file with them."
        }
        let fileOption = explicit ? " --file \(ShellWord.quoted(file.path))" : ""
        return start + " To add them: roadtrip import\(fileOption) \(ShellWord.quoted(samples.path))"
    }
}

/// A word as a shell reads it back: as it is when it holds nothing the shell acts on, else in
/// single quotes.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:=@%".unicodeScalars.contains($0)) }
        if plain, !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
