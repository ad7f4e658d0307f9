import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
import TextCanvas

/// `roadtrip delete TRIP [--yes] [--json]`: asks first on a terminal; elsewhere only with --yes.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a trip (asks first; --yes when there is no terminal to ask on).",
        discussion: """
            On a terminal, asks "Delete trip "X" with N stops? [y/N]" and deletes only on y. Without \
            a terminal on standard input (a script, a pipe) it deletes nothing unless --yes is given.

            Examples:
              roadtrip delete "Route 66" --yes
              roadtrip delete -1 --yes --json
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    @Flag(name: [.long, .short], help: "Delete without asking.")
    var yes = false

    @Flag(name: .long, help: "Print JSON: {action, id, name, stops, distanceMeters, estimate} of the trip deleted.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let reference = try CommandWords.values(trip.words).joined(separator: " ")
        // Asked before the file's lock is taken: a planner started meanwhile is not made read-only.
        let found = try MainActor.assumeIsolated { try TripReference.resolve(reference, in: options.openModel(environment: environment).trips) }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(
                    "Nothing was deleted: standard input is not a terminal to ask on. Pass --yes to delete \(TripText.quoted(found.name)) without asking.")
            }
            guard Self.ask(Self.question(for: found)) else {
                throw CommandFailure("Nothing was deleted.")
            }
        }
        let deleted = try MainActor.assumeIsolated {
            try TripEdit.run(options: options, environment: environment, trip: found.id.uuidString) { model, trip in
                EditTrip(trip.id, in: model).delete()
                return trip
            }
        }
        try TripEdit.print(
            TripEdit.Report("delete", trip: deleted, json: json, options: options, environment: environment), json: json,
            text: "Deleted \(TripText.quoted(deleted.name)) (\(TripText.stopCount(deleted.stops.count))).")
    }

    /// "Delete trip “Route 66” with 11 stops? [y/N] "
    static func question(for trip: Trip) -> String {
        "Delete trip \(TripText.quoted(trip.name)) with \(TripText.stopCount(trip.stops.count))? [y/N] "
    }

    /// Asks on standard error (standard output may be a file or `--json`), and reads one line.
    static func ask(_ question: String) -> Bool {
        try? CommandOutput.write(TextWidth.printable(question), to: STDERR_FILENO)
        guard let answer = readLine() else { return false }
        return isYes(answer)
    }

    static func isYes(_ answer: String) -> Bool {
        ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
