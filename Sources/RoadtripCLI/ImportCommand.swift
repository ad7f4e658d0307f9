import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
import TextCanvas

/// `roadtrip import FILE [--name NAME] [--json]`: trips from a GPX, GeoJSON or trips.json file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add trips from a GPX, GeoJSON or trips.json file (the iOS app's, or another roadtrip's).",
        discussion: """
            The kind of file is told from its content. A GPX file roadtrip wrote is its trip again \
            (the route and track in it are the road). Another GPX: a route becomes a trip with a stop \
            per <rtept>, but a long one with unnamed points (a planner's line along the road) its \
            named points and ends, or a few stops along it when it names none; waypoints alone become \
            one trip; a track is reduced to a sensible number of stops (its shape kept, its named \
            points too). GeoJSON Points, MultiPoints and LineStrings become \
            stops. Trips are added at the top of the list with ids of their own. A file that cannot be \
            read is named with the line and column of the problem, and nothing is added.

            Examples:
              roadtrip import ~/Downloads/coast.gpx
              roadtrip import route.geojson --name "Route 66"
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"), completion: .file())
    var file: String

    @Option(name: .long, help: ArgumentHelp("The name of the new trip (numbered when the file holds several).", valueName: "name"))
    var name: String?

    @Flag(name: .long, help: "Print JSON: [{id, name, stops}] for the trips added.")
    var json = false

    struct Added: Encodable {
        let id: UUID
        let name: String
        let stops: Int
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = ImportTrips(path: file)
        let imported = try file.read()
        let (trips, notes) = try MainActor.assumeIsolated {
            let model = try options.openModel(environment: environment, forWriting: true)
            let added = file.add(imported, named: name, to: model)
            try CommandSave.save(model, notDone: "Nothing was imported")
            return added
        }
        for note in notes { CommandOutput.note("roadtrip: \(note)") }
        if json {
            let added = trips.map { Added(id: $0.id, name: $0.name, stops: $0.stops.count) }
            try CommandOutput.printJSON(String(decoding: try JSONEncoder.deterministic().encode(added), as: UTF8.self))
        } else {
            try CommandOutput.printText(
                trips.map { TextWidth.printable("Imported \(TripText.quoted($0.name)) (\(TripText.stopCount($0.stops.count))).") + "\n" }.joined())
        }
    }
}
