import ArgumentParser
import Foundation
import Terminal

/// `roadtrip new NAME [PLACE …]`: a trip from place queries, the best match of each.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a trip from places: the best gazetteer match of each, or coordinates.",
        discussion: "Example: roadtrip new \"Coast\" \"Monterey, CA\" \"Big Sur\" \"35.3658, -120.8499\". Nothing is created if any place is not found. Numbers and coordinates may begin with a minus sign; another word that begins with one needs -- before it (roadtrip new -- \"-Coast-\" Monterey)."
    )

    @OptionGroup var options: GlobalOptions

    // One array rather than a name and its places, so that a word with a minus sign
    // ("-33.87, 151.21") is a value wherever it stands (see CommandWords).
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
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
        let summary = try MainActor.assumeIsolated { () throws -> String in
            // Find every place before touching the file: a query that fails changes nothing.
            let finder = PlaceFinder(places: .gazetteer(environment: environment))
            let stops = try queries.map { try finder.stop(for: $0) }
            let model = try DataModel.open(file, environment: environment, forWriting: true)
            if let reason = model.readOnlyReason { throw DataFileError.readOnly(path: file.path, reason: reason) }
            let trip = model.addTrip(Trip(name: name, waypoints: stops))
            try model.save()
            return Self.summary(of: trip, unit: unit)
        }
        do {
            try CommandOutput.printText(summary + "\n")
        } catch var error as CommandOutput.WriteError {
            error.done = "Created “\(name)”"
            throw error
        }
    }

    /// "Created “Coast”: Monterey → Big Sur → near Morro Bay, CA (3 stops, 170 km).", printable
    /// on the terminal (`TextWidth.printable`).
    static func summary(of trip: Trip, unit: DistanceUnit) -> String {
        let route = trip.waypoints.map(\.name).joined(separator: " → ")
        let size = "\(TripListPresenter.stopCount(trip.waypoints.count)), \(unit.format(meters: trip.distanceMeters))"
        return TextWidth.printable(route.isEmpty ? "Created “\(trip.name)” (no stops yet)." : "Created “\(trip.name)”: \(route) (\(size)).")
    }
}
