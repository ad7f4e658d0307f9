import Foundation
import RoadtripCore

extension DataModel {
    /// Opens the data model on a data file, seeding it with the sample trips on a first run.
    /// `forWriting` takes the file's lock (the planner, `new`); readers take none.
    package static func open(_ file: URL, environment: [String: String], forWriting: Bool = false) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: file))
        try model.load(locking: forWriting) { try Resources.locate(environment: environment).loadSampleTrips() }
        return model
    }
}

/// Where the data file is (SPEC §3): `--file`, else `$ROADTRIP_FILE`, else the XDG data folder.
package enum DataFileLocation {
    package static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: expandingTilde(explicit, environment: environment)) }
        if let fromEnvironment = environment["ROADTRIP_FILE"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: expandingTilde(fromEnvironment, environment: environment))
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(home(environment)).local/share"
        return URL(fileURLWithPath: dataHome).appendingPathComponent("roadtrip/trips.json")
    }

    private static func home(_ environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home.hasSuffix("/") ? home : home + "/"
    }

    private static func expandingTilde(_ path: String, environment: [String: String]) -> String {
        if path == "~" { return home(environment) }
        if path.hasPrefix("~/") { return home(environment) + path.dropFirst(2) }
        return path
    }
}

extension Resources {
    /// The sample trips a first run starts with.
    package func loadSampleTrips() throws -> [Trip] {
        try TripFileStore(url: sampleTrips).read()?.trips ?? []
    }
}
