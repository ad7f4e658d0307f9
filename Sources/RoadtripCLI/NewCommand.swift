import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import RoadtripUseCases
import TextCanvas

/// `roadtrip new NAME [PLACE …]`: a trip from place queries, the best match of each.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a trip from places: the best gazetteer match of each, or coordinates.",
        discussion: """
            Each place is looked for near the one before it (as the stop editor looks near a trip's \
            stops). Nothing is created if any place is not found (every place not found is named), or \
            if the best match of a place is far out of line with its neighbours (most likely another \
            place of that name: Applecross, Western Australia, in a trip through Scotland), or if a \
            trip already has the name, unless --force is given: then the place is a warning on \
            standard error and the name is made unique ("Coast (2)"). Numbers and \
            coordinates may begin with a minus sign; another word that begins with one needs -- before it.

            Examples:
              roadtrip new "Coast" "Monterey, CA" "Big Sur" "35.3658, -120.8499"
              roadtrip new --force "Around the world" Paris Tokyo Paris
              roadtrip new -- "-Coast-" Monterey
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(name: .long, help: "Create the trip even when a place is far out of line with its neighbours (only warn), or its name is in use (as “NAME (2)”).")
    var force = false

    // What was the opt-in before a place out of line failed by default; still accepted.
    @Flag(name: .long, help: .hidden)
    var strict = false

    // One array rather than a name and its places, so that a word with a minus sign
    // ("-33.87, 151.21") is a value wherever it stands (see CommandWords).
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The trip's name, then its stops in order: place names (with an optional \", region\") or coordinates.",
            valueName: "name-and-places"))
    var words: [String]

    /// The name, and the place queries after it.
    private func nameAndPlaces() throws -> (name: String, places: [String]) {
        let values = try CommandWords.values(words)
        return ((values.first ?? "").trimmingCharacters(in: .whitespaces), Array(values.dropFirst()))
    }

    func validate() throws {
        guard !(try nameAndPlaces().name.isEmpty) else { throw ValidationError("The trip needs a name.") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = options.dataFile(environment: environment)
        let unit = options.unit(environment: environment)
        let (name, queries) = try nameAndPlaces()
        let trip = try MainActor.assumeIsolated { () throws -> Trip in
            // Find every place before touching the file: a query that fails changes nothing.
            let stops = try Self.stops(for: queries, finder: .commandLine(environment: environment, unit: unit))
            let warnings = Self.outOfLineWarnings(stops, queries: queries, unit: unit)
            if !force, !warnings.isEmpty { throw OutOfLineFailure(warnings: warnings) }
            warnings.forEach { CommandOutput.note("warning: \($0)") }
            Self.outOfLineWarnings(stops, queries: queries, unit: unit, reach: .noticeable).filter { !warnings.contains($0) }
                .forEach { CommandOutput.note("note: \($0)") }
            let model = try options.openModel(environment: environment, forWriting: true)
            if let reason = model.readOnlyReason { throw DataFileError.readOnly(path: file.path, reason: reason) }
            var made = Trip(name: name, stops: stops)
            // `--units mi` given to `new` is the trip's own (issue 56: it was lost with the command).
            made.settings.units = options.units
            let add = AddTrip(to: model)
            let trip: Trip
            if force {
                let (added, renamed) = add.addRenamingIfInUse(made)
                if renamed != nil {
                    CommandOutput.note("warning: a trip is already named \(TripText.quoted(name)): this one is \(TripText.quoted(added.name)).")
                }
                trip = added
            } else {
                do throws(NameInUse) { trip = try add.add(made) } catch { throw NameInUseFailure(refusal: error, trips: model.trips) }
            }
            try CommandSave.save(model, notDone: "\(TripText.quoted(trip.name)) was not created")
            return trip
        }
        // Its legs routed once saved, as `list` and `show` then give them.
        let summary = Self.summary(of: trip, unit: unit, legs: CommandLegs(environment: environment).figures(of: trip, unit: unit))
        do {
            try CommandOutput.printText(summary + "\n")
        } catch var error as CommandOutput.WriteError {
            error.done = "Created \(TripText.quoted(trip.name))"
            throw error
        }
    }

    /// The stop each query makes, each place looked for near the one before. Every query that
    /// makes none is named in the one error thrown.
    @MainActor
    static func stops(for queries: [String], finder: PlaceFinder) throws -> [Stop] {
        var stops: [Stop] = []
        var failures: [String] = []
        for query in queries {
            do {
                stops.append(try finder.stop(for: query, near: stops.last.flatMap { SearchContext([$0.location]) }))
            } catch {
                let reason = "\(error)"
                failures.append(reason.contains("“\(query)”") ? reason : "“\(query)”: \(reason)")
            }
        }
        guard failures.isEmpty else { throw NotFound(reasons: failures) }
        // The first place had no stop before it to be looked for near: it is looked for again
        // near the second, so that a namesake within a day tour of it is taken (issue 56).
        if stops.count >= 2, case .places = finder.lookUp(queries[0], limit: 1),
            let again = try? finder.stop(for: queries[0], near: SearchContext([stops[1].location]))
        {
            stops[0] = again
        }
        return stops
    }

    struct NotFound: Error, CustomStringConvertible {
        let reasons: [String]
        var description: String {
            "Nothing was created: \(reasons.count == 1 ? "a place was" : "\(reasons.count) places were") not found.\n"
                + reasons.map { "  \($0)" }.joined(separator: "\n")
        }
    }

    /// The use case's refusal (`NameInUse`), with the trips of that name and the command's way
    /// around it.
    struct NameInUseFailure: Error, CustomStringConvertible {
        let refusal: NameInUse
        let trips: [Trip]
        var description: String {
            let named = TripReference.choices(named: { $0.caseInsensitiveCompare(refusal.name) == .orderedSame }, in: trips)
            return "\(refusal)\n" + named.joined(separator: "\n")
                + "\nNothing was created; --force creates it as \(TripText.quoted(refusal.suggestion))."
        }
    }

    struct OutOfLineFailure: Error, CustomStringConvertible {
        let warnings: [String]
        var description: String {
            "Nothing was created: \(warnings.count == 1 ? "a place is" : "\(warnings.count) places are") far out of line with the trip.\n"
                + warnings.map { "  \($0)" }.joined(separator: "\n")
                + "\nAdd the region's map (roadtrip region add FILE.osm.pbf) to find the place meant, or pass --force to create the trip as it is."
        }
    }

    /// A sentence for each stop far out of line with its neighbours (`OutOfLine`; with `reach`
    /// `.noticeable`, merely off their line), naming the place it became and what to type instead.
    static func outOfLineWarnings(_ stops: [Stop], queries: [String], unit: DistanceUnit, reach: OutOfLine.Reach = .far) -> [String] {
        OutOfLine.stops(stops.map(\.location), reach: reach).map { found in
            let stop = stops[found.index]
            let place = [stop.name, stop.region, stop.country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            let neighbours = [found.index - 1, found.index + 1].filter(stops.indices.contains).map { stops[$0].name }
            let how =
                found.index == 0 || found.index == stops.count - 1
                ? "\(unit.format(meters: found.meters)) from \(neighbours[0])"
                : "a \(unit.format(meters: found.meters)) detour between \(neighbours.joined(separator: " and "))"
            return TextWidth.printable(
                "“\(queries[found.index])” became \(place), \(how); add a region (“\(queries[found.index]), …”) if another place was meant.")
        }
    }

    /// "Created “Coast”: Monterey → Big Sur → near Morro Bay, CA (3 stops, ≈ 212 km).", printable
    /// on the terminal (`TextWidth.printable`); the distance is by road, as `list` gives it
    /// (`legs`: the trip's legs; nil, each its estimate).
    static func summary(of trip: Trip, unit: DistanceUnit, legs: [LegFigures]? = nil) -> String {
        let route = trip.stops.map(\.name).joined(separator: " → ")
        let size = "\(TripText.stopCount(trip.stops.count)), \(TripText.distance(of: legs ?? ListCommand.estimates(of: trip), unit: unit))"
        return TextWidth.printable(
            route.isEmpty ? "Created \(TripText.quoted(trip.name)) (no stops yet)." : "Created \(TripText.quoted(trip.name)): \(route) (\(size)).")
    }
}
