import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore

/// `roadtrip list [--json]`: the trips, one per line, or as JSON for scripts.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the trips.",
        discussion: """
        One line per trip: its position (which the other commands take as TRIP), name, stops, \
        distance, and first and last stop. Long names are clipped; show and --json give them in full.

        Examples:
          roadtrip list
          roadtrip list --json | jq -r '.[].name'
        """)

    @OptionGroup var options: GlobalOptions

    @Flag(name: .long, help: "Print a JSON array of {id, name, stops, distanceMeters}.")
    var json = false

    struct Entry: Encodable, Equatable {
        let id: UUID
        let name: String
        let stops: Int
        let distanceMeters: Double
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        if json {
            try CommandOutput.printJSON(try Self.json(for: trips))
        } else {
            try CommandOutput.printText(Self.table(for: trips, unit: options.unit(environment: environment)))
        }
    }

    static func entries(for trips: [Trip]) -> [Entry] {
        trips.map { Entry(id: $0.id, name: $0.name, stops: $0.stops.count, distanceMeters: $0.distanceMeters) }
    }

    static func json(for trips: [Trip]) throws -> String {
        let encoder = JSONEncoder.deterministic()
        return String(decoding: try encoder.encode(entries(for: trips)), as: UTF8.self)
    }

    /// One line per trip: position, name, stops, distance, first → last stop. Long names are
    /// clipped (`TextTable.maximumCellWidth`); `show` and `--json` give them in full.
    static func table(for trips: [Trip], unit: DistanceUnit) -> String {
        let rows = trips.enumerated().map { index, trip -> [String] in
            ["\(index + 1)", trip.name, TripText.stopCount(trip.stops.count),
             TripText.distance(of: trip, unit: trip.unit(default: unit)), TripText.route(of: trip.stops)]
        }
        return TextTable.render(rows, rightAligned: [0, 2, 3])
    }
}
