import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore
import TextCanvas

/// The words of a command that changes a trip: the trip, then a fixed number of values
/// (`rename TRIP NEW-NAME`, `move-stop TRIP N TO`). The values are the last words; the words
/// before them are the trip, several words one name as for `show` (`remove-stop Route 66 3`).
/// One `.allUnrecognized` array, so that `-1` (the last trip) is a value (see `CommandWords`).
struct TripEditWords {
    let trip: String
    let values: [String]

    /// `names` are the values' names for the error ("the trip and its new name").
    init(_ words: [String], count: Int, usage: String) throws {
        let all = try CommandWords.values(words)
        guard all.count > count else {
            throw ValidationError("Give \(usage).")
        }
        trip = all.dropLast(count).joined(separator: " ")
        values = Array(all.suffix(count))
    }
}

/// One change to one trip from the command line, saved as `new` saves: the file's lock taken,
/// another program's changes merged in, the file replaced atomically (`CommandSave`). Nothing is
/// written when the trip is not found or the change cannot be made.
enum TripEdit {
    /// Opens the data file for writing, finds the trip `reference` names, lets `change` change it
    /// through the model (it returns what to report, or throws to change nothing), and saves.
    @MainActor
    static func run<Outcome>(
        options: GlobalOptions, environment: [String: String], trip reference: String,
        _ change: (DataModel, Trip) throws -> Outcome
    ) throws -> Outcome {
        let model = try options.openModel(environment: environment, forWriting: true)
        let trip = try TripReference.resolve(reference, in: model.trips)
        if let reason = model.readOnlyReason { throw DataFileError.readOnly(path: model.store.path, reason: reason) }
        let outcome = try change(model, trip)
        try CommandSave.save(model, notDone: CommandSave.changeNotSaved(to: trip))
        return outcome
    }

    /// The index of the stop at position `text` of `trip`: 1 is the first, as `show` numbers
    /// them, and, as for trips, -1 the last.
    static func stopIndex(_ text: String, in trip: Trip, what: String = "stop") throws -> Int {
        guard !trip.stops.isEmpty else {
            throw CommandFailure("\(TripText.quoted(trip.name)) has no stops.")
        }
        let count = trip.stops.count
        if let position = Int(text) {
            if (1...count).contains(position) { return position - 1 }
            if (-count)...(-1) ~= position { return count + position }
        }
        throw CommandFailure(
            "There is no \(what) \(TextWidth.printable(text)) in \(TripText.quoted(trip.name)): its stops are numbered from 1 to \(count) (or from -1 back to -\(count)), as `roadtrip show` lists them."
        )
    }

    /// Prints `report` as JSON, or `text`; when the output fails, the error says the change was
    /// made all the same (`done`).
    static func print(_ report: Report, json: Bool, text: String) throws {
        do {
            if json {
                try CommandOutput.printJSON(String(decoding: try JSONEncoder.deterministic().encode(report), as: UTF8.self))
            } else {
                try CommandOutput.printText(TextWidth.printable(text) + "\n")
            }
        } catch var error as CommandOutput.WriteError {
            error.done = "The change to \(TripText.quoted(report.name)) was saved"
            throw error
        }
    }

    /// What `--json` prints for a change: the trip as `list --json` gives it, after the change,
    /// and what changed.
    struct Report: Encodable, Equatable {
        struct StopEntry: Encodable, Equatable {
            /// From 1, as `show` numbers the stops (after the change; before it for a removed stop).
            let position: Int
            let id: UUID
            let name: String
            let latitude: Double
            let longitude: Double
            let region: String?
            let country: String?
            let notes: String?

            init(_ stop: Stop, position: Int) {
                self.position = position
                id = stop.id
                name = stop.name
                latitude = stop.location.latitude
                longitude = stop.location.longitude
                region = stop.region
                country = stop.country
                notes = (stop.notes ?? "").isEmpty ? nil : stop.notes
            }
        }

        struct Setting: Encodable, Equatable {
            let key: String
            let label: String
            /// As the settings form shows it; empty for none.
            let value: String
        }

        /// `rename`, `delete`, `add-stop`, `remove-stop`, `move-stop` or `set`.
        let action: String
        let id: UUID
        let name: String
        let stops: Int
        /// As `list --json` gives them: the legs' distance by road, and whether an estimate is in it.
        let distanceMeters: Double
        let estimate: Bool
        /// `rename`: the name before.
        var previousName: String?
        /// `add-stop`, `remove-stop`, `move-stop`: the stop.
        var stop: StopEntry?
        /// `move-stop`: where the stop was.
        var from: Int?
        /// `add-stop`: what was searched for.
        var query: String?
        /// `set`: the setting as it is now.
        var setting: Setting?

        /// `legs`: the trip's legs (`CommandLegs`); nil, each its estimate.
        init(_ action: String, trip: Trip, legs: [LegFigures]? = nil) {
            let entry = ListCommand.Entry(trip: trip, legs: legs ?? ListCommand.estimates(of: trip))
            self.action = action
            id = trip.id
            name = trip.name
            stops = trip.stops.count
            (distanceMeters, estimate) = (entry.distanceMeters, entry.estimate)
        }

        /// The report of `action` on `trip` as the command prints it: with `json`, its legs on
        /// the roads of the added regions (as `list --json`); text says no distance.
        init(_ action: String, trip: Trip, json: Bool, options: GlobalOptions, environment: [String: String]) {
            let legs = json ? CommandLegs(environment: environment).figures(of: trip, unit: trip.unit(default: options.unit(environment: environment))) : nil
            self.init(action, trip: trip, legs: legs)
        }
    }
}
