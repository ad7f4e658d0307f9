import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import RoadtripUseCases

/// `roadtrip add-stop TRIP PLACE [--after N] [--name NAME] [--note TEXT] [--json]`.
struct AddStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-stop",
        abstract: "Add a stop to a trip: the best match of a place search, or coordinates.",
        usage: "roadtrip add-stop [--file <path>] TRIP PLACE [--after <n>] [--name <name>] [--note <text>] [--force] [--json]",
        discussion: """
            PLACE is read as the stop editor reads it: a name with an optional region ("Pacific Grove, CA"), \
            or coordinates. Places near the stops it goes between rank first, and the place chosen is \
            printed. When the best match is far out of line with those stops (Paris, Texas, between \
            Salzburg and Vienna), nothing is added and the matches are listed: add the region, give \
            coordinates, or pass --force to add it anyway. Stops are numbered from 1 as show prints \
            them; --after 0 puts the stop first, and without --after it goes last. PLACE is the last \
            word: quote a place of several words.

            Examples:
              roadtrip add-stop "Pacific Coast Drive" "Pacific Grove" --after 1
              roadtrip add-stop "Pacific Coast Drive" Salinas --note "Steinbeck Center"
              roadtrip add-stop 1 "35.663, -121.258" --name "Elephant seals" --json
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The trip, then the place: a name, or coordinates (\"36.37, -121.90\").", valueName: "trip place"))
    var words: [String]

    // `.unconditional`: `--after -1` is a value, and gets the sentence of validate().
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Put the stop after stop N (0: first). Default: last.", valueName: "n"))
    var after: Int?

    @Option(name: .long, help: ArgumentHelp("The stop's name, instead of the place's.", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("A note on the stop.", valueName: "text"))
    var note: String?

    @Flag(name: .long, help: "Add the best match even when it is far out of line with the stops beside it (only warn).")
    var force = false

    @Flag(
        name: .long,
        help:
            "Print JSON: {action, id, name, stops, distanceMeters, estimate, query, stop: {position, id, name, latitude, longitude, region?, country?, notes?}}."
    )
    var json = false

    private func parsed() throws -> TripEditWords {
        try TripEditWords(words, count: 1, usage: "the trip and the place to add: roadtrip add-stop TRIP PLACE")
    }

    func validate() throws {
        _ = try parsed()
        if let after, after < 0 { throw ValidationError("--after takes a stop number: 0 to put the stop first, 1 after the first stop, and so on.") }
        if let name {
            guard name.visibleName != nil else { throw ValidationError("--name is empty: give the stop a name, or leave --name out for the place's.") }
            guard name.count <= NameLength.maximum else {
                throw ValidationError("--name is \(name.count) characters long: a stop's name can have up to \(NameLength.maximum).")
            }
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let words = try parsed()
        let query = words.values[0]
        let (trip, stop, position) = try MainActor.assumeIsolated {
            try TripEdit.run(options: options, environment: environment, trip: words.trip) { model, trip in
                let index = try Self.insertionIndex(after: after, in: trip)
                var stop = try Self.stop(
                    for: query, at: index, in: trip,
                    finder: .commandLine(environment: environment, unit: trip.unit(default: options.unit(environment: environment))),
                    force: force)
                if let name { stop.name = name.visibleName ?? stop.name }
                if let note, !note.isEmpty { stop.notes = note }
                EditTrip(trip.id, in: model).insertStop(stop, at: index)
                return (model.trip(id: trip.id) ?? trip, stop, index + 1)
            }
        }
        var report = TripEdit.Report("add-stop", trip: trip, json: json, options: options, environment: environment)
        report.query = query
        report.stop = TripEdit.Report.StopEntry(stop, position: position)
        try TripEdit.print(report, json: json, text: Self.text(stop: stop, query: query, position: position, trip: trip))
    }

    /// Where the stop goes: after stop `after` (0: first), else last.
    static func insertionIndex(after: Int?, in trip: Trip) throws -> Int {
        guard let after else { return trip.stops.count }
        guard after <= trip.stops.count else {
            throw CommandFailure(
                "There is no stop \(after) in \(TripText.quoted(trip.name)) to add after: --after takes 0 (first) to \(trip.stops.count) (last).")
        }
        return after
    }

    /// The stop `query` makes at `index` of `trip`: coordinates as typed, else the best match
    /// near the stops it goes between (as the stop editor ranks them). A best match far out of
    /// line with them is refused, the matches listed, unless `force` (then a warning).
    @MainActor
    static func stop(for query: String, at index: Int, in trip: Trip, finder: PlaceFinder, force: Bool = false) throws -> Stop {
        let neighbours = Array(trip.stops[max(index - 1, 0)..<min(index + 1, trip.stops.count)])
        let context = SearchContext(neighbours.map(\.location))
        let lookup = finder.lookUp(query, limit: candidateCount, near: context)
        guard case .places(let found) = lookup else {
            // Coordinates, or a failure said the stop editor's way.
            do {
                return try finder.stop(for: query, near: context)
            } catch {
                throw CommandFailure("Nothing was added: \(error)")
            }
        }
        guard let best = found.first else {
            throw CommandFailure(
                "Nothing was added: no place matches “\(query)”. Try another spelling, a region (“\(query), …”), or coordinates; `roadtrip search` lists what a name finds."
            )
        }
        if isOutOfLine(best.coordinate, at: index, in: trip.stops) {
            let lines = found.enumerated().map { number, place in
                "  \(number + 1). \(describe(place))\(isOutOfLine(place.coordinate, at: index, in: trip.stops) ? ", far out of line with the trip" : "")"
            }
            let problem = "the best match of “\(query)” is far out of line with the stops beside it"
            if force {
                CommandOutput.note("warning: \(problem): \(describe(best)).")
            } else {
                throw CommandFailure(
                    (["Nothing was added: \(problem). The places that match:"] + lines
                        + ["Add the region (“\(query), …”), give the place's coordinates, or pass --force to add \(best.name) anyway."])
                        .joined(separator: "\n"))
            }
        } else if isOutOfLine(best.coordinate, at: index, in: trip.stops, reach: .noticeable) {
            CommandOutput.note(
                "note: “\(query)” became \(describe(best)), off the line of the stops beside it; give a fuller name or coordinates if another place was meant.")
        }
        return Stop(
            name: best.name, location: best.coordinate, region: best.admin1.isEmpty ? nil : best.admin1,
            country: best.country.isEmpty ? nil : best.country)
    }

    /// How many matches are weighed, and listed when the best one is refused.
    static let candidateCount = 5

    static func isOutOfLine(_ coordinate: Coordinate, at index: Int, in stops: [Stop], reach: OutOfLine.Reach = .far) -> Bool {
        var coordinates = stops.map(\.location)
        coordinates.insert(coordinate, at: index)
        return OutOfLine.stops(coordinates, reach: reach).contains { $0.index == index }
    }

    /// "Carmel-by-the-Sea, California, United States (36.5553°N, 121.9233°W)"
    static func describe(_ place: Place) -> String {
        ([place.name, place.admin1, place.country].filter { !$0.isEmpty }.joined(separator: ", ")) + " (\(place.coordinate.formatted))"
    }

    /// "Added Carmel-by-the-Sea, California (36.5553°N, 121.9233°W) to “Pacific Coast Drive” as stop 3 of 8."
    static func text(stop: Stop, query: String, position: Int, trip: Trip) -> String {
        let place = [stop.name, stop.region, stop.country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return "Added \(place) (\(stop.location.formatted)) to \(TripText.quoted(trip.name)) as stop \(position) of \(trip.stops.count)."
    }
}
