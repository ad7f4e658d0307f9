import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import RoadtripStore
import RoadtripUseCases
import TextCanvas

extension AlongKind: ExpressibleByArgument {}

/// `roadtrip along TRIP [--kind K…] [--within DIST] [--day N] [--leg N] [--json]`: the places of the added
/// regions (and the built-in features) along a trip's road (issue 37).
struct AlongCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "along",
        abstract: "List the places along a trip's road: fuel, charging, food, beds, sights… near it, with their detour.",
        discussion: """
            Each place lies within a distance of the trip's road line (or of a leg's straight-line \
            estimate, marked ≈, where no region has its roads), with where it is along the trip \
            (km 143 of 410, day 2), its side of the road, how far off it is, and the detour to stop \
            there and come back (by road where a region covers it). Sorted by position. Places come \
            from the added regions (roadtrip region add) and the built-in features.

            Examples:
              roadtrip along "Pacific Coast Drive" --kind sights --within 2km
              roadtrip along 1 --kind beds --day 1 --json
              roadtrip along "Route 66" --kind fuel --leg 3
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What to look for (repeat for more): \(AlongKind.allCases.map(\.rawValue).joined(separator: ", ")). "
                + "By default \(AlongKind.usual.map(\.rawValue).joined(separator: ", ")).",
            valueName: "kind"))
    var kind: [AlongKind] = []

    // `.unconditional`: a value with a minus sign (`--within -1`) is the value, refused below
    // with what is wrong, not "Missing value".
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("How far from the road: 2km, 500m, 1mi (a number alone is in the trip's unit).", valueName: "distance"))
    var within = "2km"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only what lies along day N of the trip's plan (roadtrip plan).", valueName: "N"))
    var day: Int?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Only what lies along leg N, from stop N to stop N+1 (as roadtrip show numbers them).", valueName: "N"))
    var leg: Int?

    @Flag(
        name: .long,
        help:
            "Print JSON: {id, name, withinMeters, tripMeters, places: [{name, kind, elevationMeters, latitude, longitude, tripMeters, day, leg, side, offMeters, alongEstimate, detourMeters, detourSeconds, detourSource (road, estimate, or onFoot: no road reaches the place)}]}."
    )
    var json = false

    /// A distance of no length, or less, is refused whatever its unit (which may be the trip's).
    func validate() throws {
        let typed = within.trimmingCharacters(in: .whitespaces)
        if typed.hasPrefix("-") || DistanceUnit.km.meters(parsing: typed) == 0 {
            throw ValidationError("--within must be a positive distance such as 2 km.")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let trip = try self.trip.trip(in: trips)
        let unit = trip.settings.units ?? options.unit(environment: environment)
        guard let reach = unit.meters(parsing: within), reach <= 50_000 else {
            throw CommandFailure("--within \(within) is not a distance up to 50 km (2km, 500m, 1mi)")
        }
        let places = MainActor.assumeIsolated { try? PlaceIndexProvider.library(environment: environment).value.get() }
        let router = Routing.engine(environment: environment)
        let found: FindAlong.Found
        do {
            found = try FindAlong(places: places, today: TripPlanning.today())
                .places(of: AlongKind.placeKinds(of: kind), within: reach, along: trip, unit: unit, day: day, leg: leg) { estimate in
                    router.hasRoads ? router.legs(of: trip, estimate: estimate) : nil
                }
        } catch { throw CommandFailure(error.description) }
        let (routeOptions, estimate) = (RouteOptions(settings: trip.settings), RouteEstimate(for: trip, unit: unit))
        let rows = found.places.map { found in
            Row(found: found, detour: AlongTheRoute.detour(to: found, routing: router.hasRoads ? router : nil, options: routeOptions, estimate: estimate))
        }
        let report = Report(trip: trip, within: reach, line: found.line, rows: rows, kinds: kind)
        if json { try CommandOutput.printJSON(try report.json()) } else { try CommandOutput.printText(report.text(unit: unit)) }
    }

    struct Row {
        let found: AlongTheRoute.Found
        let detour: LegFigures
    }

    struct Report {
        let trip: Trip
        let within: Double
        let line: TripLine
        let rows: [Row]
        let kinds: [AlongKind]

        func text(unit: DistanceUnit) -> String {
            var text = TextWidth.printable(trip.name) + "\n" + AlongTheRoute.heading(kinds: kinds, within: within, unit: unit) + ": "
            guard !rows.isEmpty else { return text + "none found. Regions add what is near the roads (roadtrip region add).\n" }
            text += rows.count == 1 ? "1 place.\n\n" : "\(DistanceUnit.grouped(rows.count)) places.\n\n"
            return text
                + TextTable.render(
                    rows.map { row in
                        AlongTheRoute.Row(row.found, detour: row.detour, tripMeters: line.meters, unit: unit).cells.map { TextWidth.printable($0) }
                    })
        }

        struct JSON: Encodable {
            struct Place: Encodable {
                let name: String
                let kind: String
                /// Above the sea, apart from the kind (issue 56).
                let elevationMeters: Int?
                let latitude: Double
                let longitude: Double
                let tripMeters: Double
                let day: Int?
                let leg: Int
                let side: String
                let offMeters: Double
                let alongEstimate: Bool
                let detourMeters: Double
                let detourSeconds: Double
                let detourSource: String
            }

            let id: UUID
            let name: String
            let withinMeters: Double
            let tripMeters: Double
            let places: [Place]
        }

        func json() throws -> String {
            let places = rows.map { row in
                JSON.Place(
                    name: row.found.place.name, kind: row.found.place.kind.label(population: row.found.place.population),
                    elevationMeters: row.found.place.elevation, latitude: row.found.place.coordinate.latitude,
                    longitude: row.found.place.coordinate.longitude, tripMeters: row.found.position.meters, day: row.found.day,
                    leg: row.found.position.leg + 1, side: row.found.position.onTheLeft ? "left" : "right", offMeters: row.found.position.offMeters,
                    alongEstimate: row.found.alongAnEstimate, detourMeters: row.detour.meters, detourSeconds: row.detour.seconds,
                    detourSource: row.detour.reason == AlongTheRoute.onFoot ? "onFoot" : row.detour.source.rawValue)
            }
            let report = JSON(id: trip.id, name: trip.name, withinMeters: within, tripMeters: line.meters, places: places)
            return String(decoding: try JSONEncoder.deterministic().encode(report), as: UTF8.self)
        }
    }
}
