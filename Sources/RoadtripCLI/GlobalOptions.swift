import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore

extension DistanceUnit: ExpressibleByArgument {}

/// Options every command takes (SPEC §5): the data file and the units.
struct GlobalOptions: ParsableArguments {
    // `.file()`: shells complete a path here (the data file may have any name, so no extension filter).
    @Option(name: .long, help: ArgumentHelp("The data file.", discussion: "Default: $ROADTRIP_FILE, else $XDG_DATA_HOME/roadtrip/trips.json (~/.local/share/roadtrip/trips.json).", valueName: "path"), completion: .file())
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

}
