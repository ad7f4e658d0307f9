import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import RoadtripUseCases
import TextCanvas

/// `roadtrip plan TRIP [--json]`: the trip day by day (issue 12), as `i` shows it on the trip detail screen.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show a trip day by day: dates, legs, driving time, arrival and departure times, nights.",
        discussion: """
            Days start at the trip's start time where the last one ended, and drive no more than the \
            daily limit; stays and overnight stops are kept. Where the limit runs out on a leg, the \
            largest town near that point is proposed for the night; a leg longer than the limit is \
            split over days, each night near such a town. Times are local to each stop. With a fuel \
            use, fuel price and nightly budget set, each day shows its costs and the trip its total. \
            Set the start, the limit, the costs and the rest on the trip detail screen (S). \
            A trip of more than 100,000 stops, of stays of more than 100,000 nights, or of more than \
            50,000 hours of driving, is not planned.

            Examples:
              roadtrip plan "Pacific Coast Drive"
              roadtrip plan 1 --json | jq '.days[] | {date, overnight}'
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    @Flag(
        name: .long,
        help: "Print JSON: {id, name, start, dailyLimitSeconds, distanceMeters, durationSeconds, rangeMeters, fuelStops, days: [{day, date, …, stops, legs}]}.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let trip = try self.trip.trip(in: trips)
        let unit = trip.settings.units ?? options.unit(environment: environment)
        let itinerary = try MainActor.assumeIsolated {
            // Days split on the road times of the legs on roads, every leg routed first; the others estimated.
            let plan = PlanDays(legs: CommandLegs.routed(environment: environment), places: PlaceIndexProvider.library(environment: environment))
            do throws(PlanDays.Refusal) { return try plan.checkedItinerary(for: trip, unit: unit) } catch { throw CommandFailure(error.sentence) }
        }
        if json {
            try CommandOutput.printJSON(try Self.json(for: trip, itinerary: itinerary, unit: unit))
        } else {
            try CommandOutput.printText(Self.text(for: trip, itinerary: itinerary, unit: unit))
        }
    }

    /// A trip too large to plan (`TripPlanning.maximumStops`).
    // MARK: Text

    /// The trip's name, when and how it is planned, then each day's heading and its lines.
    static func text(for trip: Trip, itinerary: Itinerary, unit: DistanceUnit) -> String {
        var text = TextWidth.printable("\(trip.name) — \(dayCount(itinerary.days.count))") + "\n"
        guard let first = itinerary.days.first, let zone = first.visits.first?.timeZone else {
            return text + "No stops yet: add some with `roadtrip new` or on the trip detail screen.\n"
        }
        let start =
            "Starts \(ItineraryRows.dateText(first.date)) at \(ItineraryRows.clock(first.start, in: zone)) \(ItineraryRows.zoneName(zone, at: first.start))"
        text += "\(start) · at most \(RouteEstimate.formatDuration(seconds: itinerary.dailyLimitSeconds)) driving a day\n"
        let costs = TripCosts(itinerary: itinerary, settings: trip.settings, unit: unit)
        let rows = ItineraryRows.rows(for: itinerary, stops: trip.stops, unit: unit, unicode: TextWidth.isUTF8, costs: costs, settings: trip.settings)
        let lines = TextTable.render(rows.filter { $0.kind != .day }.map { ["", $0.time, $0.zone, $0.title, $0.detail, $0.sun] }, maximumCellWidth: 80)
            .split(separator: "\n", omittingEmptySubsequences: false)
        var next = 0
        for row in rows {
            if row.kind == .day {
                text += "\n" + TextWidth.printable("\(row.title) — \(row.detail)") + "\n"
            } else {
                text += lines[next] + "\n"
                next += 1
            }
        }
        return text + "\n" + TextWidth.printable("In all — \(ItineraryRows.totals(itinerary, unit: unit, costs: costs))") + "\n"
    }

    private static func dayCount(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }

    // MARK: JSON

    struct Report: Encodable {
        struct Stop: Encodable {
            let index: Int
            let name: String
            let timeZone: String
            let arrival: String?
            let departure: String?
            let sunrise: String?
            let sunset: String?
        }

        /// A leg, or a day's part of one: its distance by road (an estimate's estimated road
        /// distance), and its time as planned, to the whole minute: `arrival` − `departure`.
        struct Leg: Encodable {
            let from: String
            let to: String
            let distanceMeters: Double
            let durationSeconds: Double
            let departure: String
            let arrival: String
            let exceedsDailyLimit: Bool
            let afterDark: Bool
            /// `road` or `estimate`, and why an estimate is one (absent for a road leg).
            let source: String
            let reason: String?
            /// The day's share of a leg longer than a day, [from, to] in 0…1; absent for a whole leg.
            let share: [Double]?
        }

        /// Where a day's driving ends on a leg (`planned`: the night is spent there, the leg being
        /// longer than a day), or would end driving on to the limit: the place to sleep near it.
        struct Stopover: Encodable {
            /// The town (village, camp site, hut) to sleep in; absent when none is near.
            struct Place: Encodable {
                let name: String
                let kind: String
                let population: Int?
                let region: String
                let country: String
                let latitude: Double
                let longitude: Double
                let offRouteMeters: Double
                /// Places with beds near the point (a region's hotels, guest houses, camp sites), nearest first.
                let beds: [Bed]
            }

            struct Bed: Encodable {
                let name: String
                let kind: String
                let latitude: Double
                let longitude: Double
                let offRouteMeters: Double
            }

            let place: Place?
            /// The point on the route where the driving ends.
            let latitude: Double
            let longitude: Double
            let timeZone: String
            /// The stop the leg starts from, numbered as `show` does, and how far along it (0…1).
            let afterStop: Int
            let share: Double
            let arrival: String
            let planned: Bool
            let driveOnSeconds: Double
        }

        /// Fuel (whole litres, or US gallons for a trip in miles: `fuelUnit`) and costs (whole units of
        /// `currency`); each absent until the trip's settings give what it needs.
        struct Costs: Encodable {
            let fuel: Int?
            let fuelCost: Int?
            let lodgingCost: Int?
            let cost: Int?

            init(_ figures: TripCosts.Figures) {
                (fuel, fuelCost, lodgingCost, cost) = (figures.fuel, figures.fuelCost, figures.lodging, figures.cost)
            }
        }

        struct Day: Encodable {
            let day: Int
            let date: String
            let start: String
            let distanceMeters: Double
            let durationSeconds: Double
            let fuel: Int?
            let fuelCost: Int?
            let lodgingCost: Int?
            let cost: Int?
            /// Where the night is spent at a stop (null on the last day and on the road), and why there.
            let overnight: String?
            let end: String
            let overnightSuggestion: Stopover?
            let stops: [Stop]
            let legs: [Leg]
        }

        /// Where a vehicle of the trip's range fills up (`fillUp`, a station that is not a stop),
        /// a stretch longer than the range without one (`tooFar`), or one no region covers
        /// (`unknown`); meters along the trip, the station's leg after stop `afterStop`.
        struct FuelStop: Encodable {
            struct Station: Encodable {
                let name: String
                let kind: String
                let latitude: Double
                let longitude: Double
                let offRouteMeters: Double
            }

            let kind: String
            let day: Int?
            let afterStop: Int
            let fromMeters: Double
            let toMeters: Double
            let station: Station?
        }

        let id: UUID
        let name: String
        let start: String?
        let dailyLimitSeconds: Double
        let distanceMeters: Double
        let durationSeconds: Double
        let currency: String?
        let fuelUnit: String?
        let total: Costs
        let rangeMeters: Double?
        let fuelStops: [FuelStop]
        let days: [Day]
    }

    static func report(for trip: Trip, itinerary: Itinerary, unit: DistanceUnit) -> Report {
        let stops = trip.stops
        let stamps = Timestamps()
        let costs = TripCosts(itinerary: itinerary, settings: trip.settings, unit: unit)
        let days = zip(itinerary.days, costs.days).map { day, figures in
            let zone = day.visits.first?.timeZone ?? TimeZone(secondsFromGMT: 0)!
            // Each stop's zone in this day, found at once: a search per leg was quadratic in a
            // day of many stops (a trip of 100,000 stops in one place is one day).
            let zones = Dictionary(day.visits.map { ($0.stop, $0.timeZone) }) { first, _ in first }
            return Report.Day(
                day: day.number, date: day.date.description, start: stamps.text(day.start, in: zone),
                distanceMeters: day.roadMeters, durationSeconds: day.drivingSeconds,
                fuel: figures.fuel, fuelCost: figures.fuelCost, lodgingCost: figures.lodging, cost: figures.cost,
                overnight: day.overnightStop.map { stops[$0].name }, end: endName(day.end),
                overnightSuggestion: day.stopover.map { stopover($0, stamps: stamps) },
                stops: day.visits.map { visit in
                    Report.Stop(
                        index: visit.stop + 1, name: stops[visit.stop].name, timeZone: visit.timeZone.identifier,
                        arrival: visit.arrival.map { stamps.text($0, in: visit.timeZone) },
                        departure: visit.departure.map { stamps.text($0, in: visit.timeZone) },
                        sunrise: visit.sun.sunrise.map { stamps.text($0, in: visit.timeZone) },
                        sunset: visit.sun.sunset.map { stamps.text($0, in: visit.timeZone) })
                },
                legs: day.legs.map { leg in
                    let from = zones[leg.from] ?? zone, to = zones[leg.to] ?? zone
                    return Report.Leg(
                        from: stops[leg.from].name, to: stops[leg.to].name,
                        distanceMeters: leg.roadMeters, durationSeconds: leg.seconds,
                        departure: stamps.text(leg.departure, in: from), arrival: stamps.text(leg.arrival, in: to),
                        exceedsDailyLimit: leg.exceedsDailyLimit, afterDark: leg.isAfterDark,
                        source: leg.source.rawValue, reason: leg.reason,
                        share: leg.isPart ? [leg.share.lowerBound, leg.share.upperBound] : nil)
                }
            )
        }
        let settings = trip.settings
        return Report(
            id: trip.id, name: trip.name, start: days.first?.start, dailyLimitSeconds: itinerary.dailyLimitSeconds,
            distanceMeters: itinerary.roadMeters, durationSeconds: itinerary.drivingSeconds,
            currency: settings.currency, fuelUnit: settings.fuelLitresPer100Km == nil ? nil : costs.inGallons ? "gal" : "l",
            total: Report.Costs(costs.total), rangeMeters: settings.rangeKm.map { $0 * 1_000 },
            fuelStops: itinerary.fuelStops.map(fuelStop), days: days)
    }

    private static func fuelStop(_ note: FuelStops.Note) -> Report.FuelStop {
        let kind: String
        switch note.kind {
        case .fillUp: kind = "fillUp"
        case .tooFar: kind = "tooFar"
        case .unknown: kind = "unknown"
        }
        let station = note.station.map { place in
            Report.FuelStop.Station(
                name: place.name, kind: place.kindText, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                offRouteMeters: note.offMeters.rounded())
        }
        return Report.FuelStop(
            kind: kind, day: note.day, afterStop: note.leg + 1, fromMeters: note.from.rounded(), toMeters: note.to.rounded(), station: station)
    }

    private static func stopover(_ stopover: Itinerary.Stopover, stamps: Timestamps) -> Report.Stopover {
        let place = stopover.suggestion.map { suggestion in
            let place = suggestion.place
            return Report.Stopover.Place(
                name: place.name, kind: place.kindText, population: place.population > 0 ? place.population : nil,
                region: place.admin1, country: place.country,
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                offRouteMeters: suggestion.offRouteMeters.rounded(),
                beds: suggestion.beds.map { bed in
                    Report.Stopover.Bed(
                        name: bed.place.name, kind: bed.place.kindText, latitude: bed.place.coordinate.latitude,
                        longitude: bed.place.coordinate.longitude, offRouteMeters: bed.offRouteMeters.rounded())
                })
        }
        return Report.Stopover(
            place: place, latitude: stopover.point.latitude, longitude: stopover.point.longitude, timeZone: stopover.timeZone.identifier,
            afterStop: stopover.leg + 1, share: stopover.share, arrival: stamps.text(stopover.arrival, in: stopover.timeZone),
            planned: !stopover.isProposal, driveOnSeconds: stopover.driveOnSeconds)
    }

    static func json(for trip: Trip, itinerary: Itinerary, unit: DistanceUnit) throws -> String {
        String(decoding: try JSONEncoder.deterministic().encode(report(for: trip, itinerary: itinerary, unit: unit)), as: UTF8.self)
    }

    /// "2026-07-01T09:00:00-07:00": the local time with its offset.
    static func timestamp(_ instant: Date, in zone: TimeZone) -> String {
        Timestamps().text(instant, in: zone)
    }

    /// Timestamps with one formatter per zone: making a formatter costs about a hundred times
    /// formatting with it, and made four fifths of `plan --json`'s time (22 s for 40,000 stops).
    final class Timestamps {
        private var formatters: [String: ISO8601DateFormatter] = [:]

        func text(_ instant: Date, in zone: TimeZone) -> String {
            if let formatter = formatters[zone.identifier] { return formatter.string(from: instant) }
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = zone
            formatter.formatOptions = [.withInternetDateTime]
            formatters[zone.identifier] = formatter
            return formatter.string(from: instant)
        }
    }

    private static func endName(_ end: Itinerary.DayEnd) -> String {
        switch end {
        case .tripEnd: return "tripEnd"
        case .planned: return "overnight"
        case .dailyLimit: return "dailyLimit"
        case .sunset: return "sunset"
        case .rest: return "rest"
        }
    }
}
