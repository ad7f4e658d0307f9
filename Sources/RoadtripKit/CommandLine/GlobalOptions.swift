import ArgumentParser
import Foundation

extension DistanceUnit: ExpressibleByArgument {}

/// Options every command takes (SPEC §5): the data file and the units.
struct GlobalOptions: ParsableArguments {
    // `.file()`: shells complete a path here (the data file may have any name, so no extension filter).
    @Option(name: .long, help: ArgumentHelp("The data file.", discussion: "Default: $ROADTRIP_FILE, else $XDG_DATA_HOME/roadtrip/trips.json (~/.local/share/roadtrip/trips.json).", valueName: "path"), completion: .file())
    var file: String?

    // Shells complete km and mi: DistanceUnit is CaseIterable, so its values are the completion list.
    @Option(name: .long, help: ArgumentHelp("Units for distances: km or mi (default: from the locale; mi for en_US).", valueName: "unit"))
    var units: DistanceUnit?

    func dataFile(environment: [String: String]) -> URL {
        DataFileLocation.resolve(explicit: file, environment: environment)
    }

    func unit(environment: [String: String]) -> DistanceUnit {
        units ?? .preferred(environment: environment)
    }

}

extension DataModel {
    /// Opens the data model on a data file, seeding it with the sample trips on a first run.
    /// `forWriting` takes the file's lock (the planner, `new`); readers take none.
    static func open(_ file: URL, environment: [String: String], forWriting: Bool = false) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: file))
        try model.load(locking: forWriting) { try Resources.locate(environment: environment).loadSampleTrips() }
        return model
    }
}

/// Where the data file is (SPEC §3): `--file`, else `$ROADTRIP_FILE`, else the XDG data folder.
enum DataFileLocation {
    static func resolve(explicit: String?, environment: [String: String]) -> URL {
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
