import BackgroundWork
import Foundation
import RoadtripCore

extension DataModel {
    /// What a first run (no data file yet) starts with.
    package enum FirstRun: Sendable {
        /// No trips, and no file written until something is saved: the command line, which
        /// never adds trips nobody asked for.
        case empty
        /// The sample trips, written at once: the planner's first start.
        case sampleTrips
    }

    /// Opens the data model on a data file; a missing one starts as `firstRun` says.
    /// `forWriting` takes the file's lock (the planner, `new`); readers take none. `runner`: where
    /// the model's background work runs (the program's, or a test's).
    package static func open(
        _ file: URL, environment: [String: String], forWriting: Bool = false, firstRun: FirstRun = .empty,
        runner: any BackgroundRunner
    ) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: file), runner: runner)
        switch firstRun {
        case .empty: try model.load(locking: forWriting, seed: nil)
        case .sampleTrips: try model.load(locking: forWriting) { try Resources.locate(environment: environment).loadSampleTrips() }
        }
        return model
    }
}

/// Where the data file is (SPEC §3): `--file`, else `$ROADTRIP_FILE`, else the XDG data folder.
/// A path is taken as given: `~` is the shell's business, and a `~` the shell left alone (quoted)
/// names a folder called `~`, as it does for every other program. (An empty `--file` is refused
/// by the command line before it gets here.)
package enum DataFileLocation {
    package static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return URL(pathAsGiven: explicit) }
        if let fromEnvironment = environment["ROADTRIP_FILE"], !fromEnvironment.isEmpty {
            return URL(pathAsGiven: fromEnvironment)
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(home(environment)).local/share"
        return URL(fileURLWithPath: dataHome).appendingPathComponent("roadtrip/trips.json")
    }

    private static func home(_ environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home.hasSuffix("/") ? home : home + "/"
    }
}

package extension URL {
    /// A file path exactly as given, a relative one from the current folder. Foundation's
    /// `URL(fileURLWithPath:)` expands a leading `~` (to the account's home, not even `$HOME`),
    /// which only a shell should do (docs/PITFALLS.md).
    init(pathAsGiven path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let absolute = path.hasPrefix("/") ? path : (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + path
        self.init(fileURLWithPath: absolute)
    }
}

extension Resources {
    /// The sample trips a first run starts with.
    package func loadSampleTrips() throws -> [Trip] {
        try TripFileStore(url: sampleTrips).read()?.trips ?? []
    }
}
