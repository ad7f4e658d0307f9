import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import RoadtripUseCases

/// `roadtrip set TRIP KEY VALUE [--json]`: one trip setting, read and checked as the settings
/// form (S on the trip detail screen) reads it (`TripSettingsText`).
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a trip setting: start date and time, daily driving, speed, units, costs…",
        usage: "roadtrip set [--file <path>] [--units <unit>] TRIP KEY VALUE [--json]",
        discussion: """
            KEY is one of the settings below; VALUE is typed as in the settings form (S on the trip \
            detail screen), figures in the units the trip is shown in. An empty VALUE ("") puts the \
            setting back to its default, or to none. KEY and VALUE are the last two words.

            \(Self.keyList)

            Examples:
              roadtrip set "Pacific Coast Drive" start-date 2026-07-01
              roadtrip set "Pacific Coast Drive" daily-limit 6 --json
              roadtrip set "Route 66" sunset yes
              roadtrip set "Iceland Ring Road" fuel-use ""
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The trip, the setting's key, then its value.", valueName: "trip key value"))
    var words: [String]

    @Flag(name: .long, help: "Print JSON: {action, id, name, stops, distanceMeters, estimate, setting: {key, label, value}}.")
    var json = false

    /// The keys, each with how its value is typed, as one paragraph (for `--help`, which wraps it).
    /// Built at every start (ArgumentParser reads each command's configuration): a switch, not a
    /// dictionary keyed by the settings, whose hashing cost a command 0.3 ms, and no generic joining.
    static var keyList: String {
        func hint(_ key: TripSettingsText.Key) -> String? {
            switch key {
            case .startDate: "YYYY-MM-DD"
            case .startTime: "HH:MM"
            case .timeZone: "Europe/Berlin"
            case .dailyLimit: "hours"
            case .defaultStay: "1 h, 45 min"
            case .speed: "km/h or mph"
            case .roadFactor: "1 to 3"
            case .units: "km or mi"
            case .endsBySunset: "yes or no"
            case .route: "quickest or shortest"
            case .vehicle: "car, motorcycle, van or camper"
            case .fuelUse: "l/100 km or mpg"
            case .fuelPrice: "a litre or a gallon"
            case .currency: "€, $, EUR"
            case .nightlyBudget: "a night"
            case .range: "km or mi"
            case .fuel: "petrol, diesel or electric"
            case .reserve: nil
            }
        }
        // Concatenated in a loop: `joined(separator:)` here was generic code the runtime looked up.
        var (list, separator) = ("Settings: ", "")
        for key in TripSettingsText.Key.allCases {
            list += separator + key.rawValue
            separator = ", "
            if let hint = hint(key) { list += " (" + hint + ")" }
        }
        return list + "."
    }

    private func parsed() throws -> (trip: String, key: TripSettingsText.Key, value: String) {
        let words = try TripEditWords(
            words, count: 2, usage: "the trip, the setting and its value: roadtrip set TRIP KEY VALUE (see roadtrip set --help for the settings)")
        return (words.trip, try Self.key(words.values[0]), words.values[1])
    }

    static func key(_ text: String) throws -> TripSettingsText.Key {
        guard let key = TripSettingsText.Key(rawValue: text.lowercased()) else {
            let keys = TripSettingsText.Key.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("There is no trip setting “\(text)”: the settings are \(keys).")
        }
        return key
    }

    func validate() throws {
        _ = try parsed()
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let (reference, key, value) = try parsed()
        let defaultUnit = options.unit(environment: environment)
        let (trip, shown) = try MainActor.assumeIsolated {
            try TripEdit.run(options: options, environment: environment, trip: reference) { model, trip in
                let edit = EditTrip(trip.id, in: model)
                // The time zone of the first stop, the default of the start's, as the settings form finds it.
                let zone = edit.firstStopTimeZone(places: PlaceIndexProvider.library(environment: environment))
                let settings: TripSettings
                do {
                    settings = try TripSettingsText(settings: trip.settings, defaultUnit: defaultUnit, firstStopZone: zone).setting(key, to: value)
                } catch let error as TripSettingsText.Failure {
                    throw CommandFailure("\(error.message) \(TripText.quoted(trip.name)) was not changed.")
                }
                edit.changeSettings(to: settings)
                return (model.trip(id: trip.id) ?? trip, TripSettingsText(settings: settings, defaultUnit: defaultUnit, firstStopZone: zone))
            }
        }
        var report = TripEdit.Report("set", trip: trip, json: json, options: options, environment: environment)
        report.setting = TripEdit.Report.Setting(key: key.rawValue, label: shown.label(key), value: shown.shown(key))
        let now = shown.shown(key).isEmpty ? "none" : shown.shown(key)
        try TripEdit.print(report, json: json, text: "\(TripText.quoted(trip.name)): \(shown.label(key)) is now \(now).")
    }
}
