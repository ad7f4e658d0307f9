import Foundation
import RoadtripCore

/// The trip's settings as the form on the trip detail screen shows them (`S`, `,` or `o`), one
/// field a setting in `TripSettingsText.Key` order, and the settings its typed values make. The
/// words, the checks and the defaults are `TripSettingsText`'s, which `roadtrip set` uses too.
struct TripSettingsForm {
    let text: TripSettingsText

    init(settings: TripSettings, defaultUnit: DistanceUnit, firstStopZone: String?) {
        text = TripSettingsText(settings: settings, defaultUnit: defaultUnit, firstStopZone: firstStopZone)
    }

    var fields: [(label: String, value: String)] {
        TripSettingsText.Key.allCases.map { (text.label($0), text.shown($0)) }
    }

    /// What an empty field stands for.
    var placeholders: [String] {
        TripSettingsText.Key.allCases.map(text.placeholder)
    }

    /// The settings `values` (in field order) make, or the sentence that says what is wrong.
    func settings(from values: [String]) -> Result<TripSettings, TripSettingsText.Failure> {
        text.settings(from: values)
    }
}
