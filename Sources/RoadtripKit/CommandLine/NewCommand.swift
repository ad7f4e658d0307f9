import ArgumentParser
import Foundation

/// `roadtrip new NAME [PLACE …]`: a trip from place queries, the best match of each.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a trip from places: the best gazetteer match of each, or coordinates.",
        discussion: "Example: roadtrip new \"Coast\" \"Monterey, CA\" \"Big Sur\" \"35.3658, -120.8499\". Nothing is created if any place is not found."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The trip's name.")
    var name: String

    @Argument(help: "Its stops, in order: place names (with an optional \", region\") or coordinates.")
    var places: [String] = []

    func validate() throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("The trip needs a name.") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = options.dataFile(environment: environment)
        let unit = options.unit(environment: environment)
        let (name, queries) = (self.name.trimmingCharacters(in: .whitespaces), self.places)
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
        print(summary)
    }

    /// "Created “Coast”: Monterey → Big Sur → near Morro Bay, CA (3 stops, 170 km)."
    static func summary(of trip: Trip, unit: DistanceUnit) -> String {
        let route = trip.waypoints.map(\.name).joined(separator: " → ")
        let size = "\(TripListPresenter.stopCount(trip.waypoints.count)), \(unit.format(meters: trip.distanceMeters))"
        return route.isEmpty ? "Created “\(trip.name)” (no stops yet)." : "Created “\(trip.name)”: \(route) (\(size))."
    }
}
