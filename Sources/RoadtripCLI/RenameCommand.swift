import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripUseCases

/// `roadtrip rename TRIP NEW-NAME [--json]`.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a trip.",
        usage: "roadtrip rename [--file <path>] TRIP NEW-NAME [--json]",
        discussion: """
            TRIP is named as for show (its id, name or position); the new name is the last word, so \
            quote a name of several words. Names are kept to \(NameLength.maximum) characters, as the planner keeps them, \
            and a name another trip has is refused (in any letter case), as roadtrip new refuses it.

            Examples:
              roadtrip rename "Pacific Coast Drive" "California Coast"
              roadtrip rename 2 "Mother Road" --json
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The trip, then its new name.", valueName: "trip new-name"))
    var words: [String]

    @Flag(name: .long, help: "Print JSON: {action, id, name, stops, distanceMeters, estimate, previousName}.")
    var json = false

    private func parsed() throws -> (trip: String, name: String) {
        let words = try TripEditWords(words, count: 1, usage: "the trip and its new name: roadtrip rename TRIP NEW-NAME")
        guard let name = words.values[0].visibleName else { throw ValidationError("The new name is empty: give the trip a name.") }
        guard name.count <= NameLength.maximum else {
            throw ValidationError("The new name is \(name.count) characters long: a trip's name can have up to \(NameLength.maximum).")
        }
        return (words.trip, name)
    }

    func validate() throws {
        _ = try parsed()
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let (reference, name) = try parsed()
        let (before, after) = try MainActor.assumeIsolated {
            try TripEdit.run(options: options, environment: environment, trip: reference) { model, trip in
                // One trip per name (issue 38): the use case refuses, in the planner's words.
                do throws(NameInUse) { try EditTrip(trip.id, in: model).rename(to: name) } catch { throw CommandFailure(error.description) }
                return (trip, model.trip(id: trip.id) ?? trip)
            }
        }
        var report = TripEdit.Report("rename", trip: after, json: json, options: options, environment: environment)
        report.previousName = before.name
        try TripEdit.print(report, json: json, text: "Renamed \(TripText.quoted(before.name)) to \(TripText.quoted(after.name)).")
    }
}
