import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripUseCases

/// `roadtrip remove-stop TRIP N [--json]`.
struct RemoveStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-stop",
        abstract: "Remove a stop from a trip.",
        usage: "roadtrip remove-stop [--file <path>] TRIP N [--json]",
        discussion: """
            N is the stop's number as show prints it, from 1.

            Examples:
              roadtrip remove-stop "Pacific Coast Drive" 3
              roadtrip remove-stop 1 -1 --json
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The trip, then the stop's number (from 1; -1 is the last).", valueName: "trip n"))
    var words: [String]

    @Flag(
        name: .long,
        help: "Print JSON: {action, id, name, stops, distanceMeters, estimate, stop: {position, id, name, latitude, longitude, …}} (the stop removed).")
    var json = false

    private func parsed() throws -> TripEditWords {
        try TripEditWords(words, count: 1, usage: "the trip and the number of the stop to remove: roadtrip remove-stop TRIP N")
    }

    func validate() throws {
        _ = try parsed()
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let words = try parsed()
        let (trip, stop, index) = try MainActor.assumeIsolated {
            try TripEdit.run(options: options, environment: environment, trip: words.trip) { model, trip in
                let index = try TripEdit.stopIndex(words.values[0], in: trip)
                let stop = trip.stops[index]
                EditTrip(trip.id, in: model).removeStop(id: stop.id)
                return (model.trip(id: trip.id) ?? trip, stop, index)
            }
        }
        var report = TripEdit.Report("remove-stop", trip: trip, json: json, options: options, environment: environment)
        report.stop = TripEdit.Report.StopEntry(stop, position: index + 1)
        try TripEdit.print(
            report, json: json,
            text: "Removed stop \(index + 1), \(stop.name), from \(TripText.quoted(trip.name)) (\(TripText.stopCount(trip.stops.count)) left).")
    }
}

/// `roadtrip move-stop TRIP N TO [--json]`.
struct MoveStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move-stop",
        abstract: "Move a stop of a trip to another place in its order.",
        usage: "roadtrip move-stop [--file <path>] TRIP N TO [--json]",
        discussion: """
            N and TO are stop numbers as show prints them, from 1 (-1 is the last): the stop N becomes \
            stop TO, the stops between shift by one.

            Examples:
              roadtrip move-stop "Pacific Coast Drive" 2 4
              roadtrip move-stop "Route 66" -1 1 --json
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The trip, the stop's number, then the number it gets.", valueName: "trip n to"))
    var words: [String]

    @Flag(name: .long, help: "Print JSON: {action, id, name, stops, distanceMeters, estimate, from, stop: {position, id, name, latitude, longitude, …}}.")
    var json = false

    private func parsed() throws -> TripEditWords {
        try TripEditWords(words, count: 2, usage: "the trip, the number of the stop and where it goes: roadtrip move-stop TRIP N TO")
    }

    func validate() throws {
        _ = try parsed()
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let words = try parsed()
        let (trip, stop, from, to) = try MainActor.assumeIsolated {
            try TripEdit.run(options: options, environment: environment, trip: words.trip) { model, trip in
                let from = try TripEdit.stopIndex(words.values[0], in: trip)
                let to = try TripEdit.stopIndex(words.values[1], in: trip, what: "place")
                let stop = trip.stops[from]
                if from != to { _ = EditTrip(trip.id, in: model).moveStop(id: stop.id, by: to - from) }
                return (model.trip(id: trip.id) ?? trip, stop, from, to)
            }
        }
        var report = TripEdit.Report("move-stop", trip: trip, json: json, options: options, environment: environment)
        report.stop = TripEdit.Report.StopEntry(stop, position: to + 1)
        report.from = from + 1
        try TripEdit.print(
            report, json: json,
            text: from == to
                ? "\(stop.name) is already stop \(to + 1) of \(TripText.quoted(trip.name)); nothing changed."
                : "Moved \(stop.name) from stop \(from + 1) to stop \(to + 1) of \(TripText.quoted(trip.name)).")
    }
}
