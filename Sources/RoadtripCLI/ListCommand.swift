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
            distance by road (marked ≈ when a leg of it is estimated), and first and last stop. Long names are clipped; show and --json give them in full.

            Examples:
              roadtrip list
              roadtrip list --json | jq -r '.[].name'
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(name: .long, help: "Print a JSON array of {id, name, stops, distanceMeters, estimate}.")
    var json = false

    struct Entry: Encodable, Equatable {
        let id: UUID
        let name: String
        let stops: Int
        /// The legs' distance by road added up, as `show` gives it: an estimated leg's is its
        /// estimated road distance (issue 35; it was the straight line).
        let distanceMeters: Double
        /// Whether any leg in `distanceMeters` is an estimate.
        let estimate: Bool

        init(trip: Trip, legs: [LegFigures]) {
            let total = legs.total
            (id, name, stops, distanceMeters, estimate) = (trip.id, trip.name, trip.stops.count, total.meters, total.isEstimate)
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let unit = options.unit(environment: environment)
        // Each leg on the roads of the added regions where one covers it, else estimated, as `show` gives it.
        let roads = CommandLegs(environment: environment)
        let legs = { (trip: Trip) in roads.figures(of: trip, unit: trip.unit(default: unit)) }
        if json {
            try CommandOutput.printJSON(try Self.json(for: trips, legs: legs))
        } else {
            try CommandOutput.printText(Self.table(for: trips, unit: unit, legs: legs))
        }
    }

    /// Every leg of `trip` estimated (`legs`' default: no regions).
    static func estimates(of trip: Trip) -> [LegFigures] {
        CommandLegs.estimated.figures(of: trip, unit: trip.unit(default: .km))
    }

    static func entries(for trips: [Trip], legs: (Trip) -> [LegFigures] = estimates) -> [Entry] {
        trips.map { Entry(trip: $0, legs: legs($0)) }
    }

    static func json(for trips: [Trip], legs: (Trip) -> [LegFigures] = estimates) throws -> String {
        let encoder = JSONEncoder.deterministic()
        return String(decoding: try encoder.encode(entries(for: trips, legs: legs)), as: UTF8.self)
    }

    /// One line per trip: position, name, stops, distance by road (`TripText.distance`), first →
    /// last stop. Long names are clipped (`TextTable.maximumCellWidth`); `show` and `--json` give
    /// them in full.
    static func table(for trips: [Trip], unit: DistanceUnit, legs: (Trip) -> [LegFigures] = estimates) -> String {
        let rows = trips.enumerated().map { index, trip -> [String] in
            [
                "\(index + 1)", trip.name, TripText.stopCount(trip.stops.count),
                TripText.distance(of: legs(trip), unit: trip.unit(default: unit)), TripText.route(of: trip.stops),
            ]
        }
        return TextTable.render(rows, rightAligned: [0, 2, 3])
    }
}
