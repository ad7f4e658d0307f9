import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import TextCanvas

/// `roadtrip show TRIP [--json]`: one trip's stops and legs, with distances and driving times.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a trip: its stops, legs, distances and driving times.",
        discussion: """
            The stops in order, each with its region and country (when known), its coordinates, the leg \
            that reaches it, the distance so far and the driving time, then the stops' notes. Distances \
            are in the trip's own units when it has some.

            Examples:
              roadtrip show "Pacific Coast Drive"
              roadtrip show -1 --json | jq '.legs[] | {from, to, distanceMeters}'
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    @Flag(name: .long, help: "Print JSON: {id, name, distanceMeters, durationSeconds, waypoints, legs}.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let trip = try self.trip.trip(in: trips)
        let unit = trip.unit(default: options.unit(environment: environment))
        // Each leg on the roads of the added regions where one covers it, else estimated.
        let legs = CommandLegs(environment: environment).figures(of: trip, unit: unit)
        if json {
            try CommandOutput.printJSON(try Self.json(for: trip, unit: unit, legs: legs))
        } else {
            try CommandOutput.printText(Self.text(for: trip, unit: unit, legs: legs))
        }
    }

    struct Report: Encodable {
        struct Stop: Encodable {
            let id: UUID
            let name: String
            let latitude: Double
            let longitude: Double
            /// Each only when known: the stop's region and country, and the two as the stop list
            /// and `roadtrip search` write them ("Andorra la Vella, AD": `PlaceLabel.regionAndCountry`).
            let region: String?
            let country: String?
            let regionLabel: String?
            /// Only when the stop has notes.
            let notes: String?
        }

        struct Leg: Encodable {
            let from: String
            let to: String
            /// By road: the road's, or for an estimate its estimated road distance, from the same
            /// figures as `durationSeconds` (SPEC §6; an estimate's was the straight line before issue 35).
            let distanceMeters: Double
            let durationSeconds: Double
            /// `road` or `estimate`.
            let source: String
            /// Why the leg is an estimate; absent for a road leg.
            let reason: String?
        }

        let id: UUID
        let name: String
        let distanceMeters: Double
        let durationSeconds: Double
        /// `waypoints` in the JSON, the data file's word for the stops.
        let waypoints: [Stop]
        let legs: [Leg]
    }

    /// `unit` decides the default speed of the durations (80 km/h, or 50 mph), as on the screen.
    /// `legs`: each leg's figures (`RoadRouting.legs`); nil estimates every leg.
    static func report(for trip: Trip, unit: DistanceUnit = .km, legs: [LegFigures]? = nil) -> Report {
        let figures = legs ?? CommandLegs.estimated.figures(of: trip, unit: unit)
        let legs = zip(zip(trip.stops, trip.stops.dropFirst()), figures).map { stops, figure in
            Report.Leg(
                from: stops.0.name, to: stops.1.name, distanceMeters: figure.meters,
                durationSeconds: figure.seconds, source: figure.source.rawValue, reason: figure.reason)
        }
        let total = figures.total
        return Report(
            id: trip.id,
            name: trip.name,
            // The legs' sums.
            distanceMeters: total.meters,
            durationSeconds: total.seconds,
            waypoints: trip.stops.map {
                let label = PlaceLabel.regionAndCountry(region: $0.region, country: $0.country)
                return Report.Stop(
                    id: $0.id, name: $0.name, latitude: $0.location.latitude, longitude: $0.location.longitude,
                    region: ($0.region ?? "").isEmpty ? nil : $0.region, country: ($0.country ?? "").isEmpty ? nil : $0.country,
                    regionLabel: label.isEmpty ? nil : label, notes: ($0.notes ?? "").isEmpty ? nil : $0.notes)
            },
            legs: legs
        )
    }

    static func json(for trip: Trip, unit: DistanceUnit = .km, legs: [LegFigures]? = nil) throws -> String {
        let encoder = JSONEncoder.deterministic()
        return String(decoding: try encoder.encode(report(for: trip, unit: unit, legs: legs)), as: UTF8.self)
    }

    /// The trip's name (in full), the summary line, then one line per stop with its region and
    /// country (when any stop has one, as the stop list shows them) and its leg; every
    /// line printable on the terminal (`TextWidth.printable`). Leg, Total and Driving are by road
    /// (an estimated leg's marked "≈"), the totals the sums of the legs shown; under the table,
    /// why each estimated leg is one, when it is known (issue 56: also when every leg is one).
    static func text(for trip: Trip, unit: DistanceUnit, legs: [LegFigures]? = nil) -> String {
        let estimate = RouteEstimate(for: trip, unit: unit)
        let figures = legs ?? CommandLegs.estimated.figures(of: trip, unit: unit)
        var lines = TextWidth.printable("\(trip.name) — \(TripText.stopCount(trip.stops.count))") + "\n"
        lines += TextWidth.printable(TripText.summary(legs: figures, estimate: estimate, unit: unit)) + "\n"
        guard !trip.stops.isEmpty else { return lines }
        let places = trip.stops.map { PlaceLabel.regionAndCountry(region: $0.region, country: $0.country) }
        let hasPlaces = places.contains { !$0.isEmpty }
        let header = ["#", "Stop"] + (hasPlaces ? ["Region, country"] : []) + ["Coordinates", "Leg", "Total", "Driving"]
        var sofar = (meters: 0.0, isEstimate: false)
        let rows = trip.stops.enumerated().map { index, stop -> [String] in
            let leg = index == 0 ? nil : figures[index - 1]
            if let leg { sofar = (sofar.meters + leg.meters, sofar.isEstimate || leg.isEstimate) }
            return ["\(index + 1).", stop.name] + (hasPlaces ? [places[index]] : []) + [
                stop.location.formatted,
                leg.map { $0.mark + unit.format(meters: $0.meters) } ?? "—",
                TripText.distance(meters: sofar.meters, isEstimate: sofar.isEstimate, legs: 1, unit: unit),
                leg.map { $0.mark + RouteEstimate.formatDuration(seconds: $0.seconds) } ?? "",
            ]
        }
        let reasons = figures.enumerated().compactMap { index, leg -> String? in
            leg.reason.map { TextWidth.printable(TripText.estimatedLeg(from: index + 1, meters: leg.meters, reason: $0, unit: unit)) }
        }
        let notes = trip.stops.enumerated().compactMap { index, stop -> String? in
            stop.notesOnOneLine.isEmpty ? nil : TextWidth.printable("\(index + 1). \(stop.name): \(stop.notesOnOneLine)")
        }
        let table = TextTable.render([header] + rows, rightAligned: [0, header.count - 3, header.count - 2, header.count - 1])
        return lines + "\n" + table + (reasons.isEmpty ? "" : "\nEstimated legs\n" + reasons.joined(separator: "\n") + "\n")
            + (notes.isEmpty ? "" : "\nNotes\n" + notes.joined(separator: "\n") + "\n")
    }
}

/// How the command line names a trip: its id, its name (in any letter case when that leaves one
/// trip), or its position: 1 is the first
/// trip of `roadtrip list`, and, as in Python, -1 the last, -2 the one before.
enum TripReference {
    struct NotFound: Error, CustomStringConvertible {
        let description: String
    }

    static func resolve(_ reference: String, in trips: [Trip]) throws -> Trip {
        if let id = UUID(uuidString: reference), let trip = trips.first(where: { $0.id == id }) {
            return trip
        }
        // The exact name, else the name in other letter case ("coast" for "Coast") when only one
        // trip has it so.
        for matches in [{ (name: String) in name == reference }, { $0.caseInsensitiveCompare(reference) == .orderedSame }] {
            let named = trips.filter { matches($0.name) }
            if named.count == 1 { return named[0] }
            if named.count > 1 {
                let names = Set(named.map(\.name)).sorted().map { TripText.quoted($0) }.joined(separator: ", ")
                throw NotFound(
                    description: "\(named.count) trips are named \(names); give the trip's position or id instead:\n"
                        + choices(named: matches, in: trips).joined(separator: "\n"))
            }
        }
        if let position = Int(reference) {
            // `position - 1` of Int.min would trap: "-9223372036854775808" is a position too.
            if position > 0, trips.indices.contains(position - 1) { return trips[position - 1] }
            if position < 0, trips.indices.contains(trips.count + position) { return trips[trips.count + position] }
            if position == 0, !trips.isEmpty {
                throw NotFound(description: "There is no trip 0: positions start at 1 (and -1 is the last trip).")
            }
        }
        let range = trips.isEmpty ? "there are no trips" : "positions go from 1 to \(trips.count), or from -1 back to -\(trips.count)"
        throw NotFound(
            description: "No trip matches \(TripText.quoted(reference)): give a trip id, its exact name, or its position in `roadtrip list` (\(range)).")
    }

    /// The trips whose names `matches`, a line each: "  3  Wachau  3 stops  c0ffee…": the position
    /// and the id, either of which names it alone.
    static func choices(named matches: (String) -> Bool, in trips: [Trip]) -> [String] {
        trips.enumerated().filter { matches($0.element.name) }.map { position, trip in
            "  \(position + 1)  \(TextWidth.printable(trip.name))  \(TripText.stopCount(trip.stops.count))  \(trip.id.uuidString)"
        }
    }
}
