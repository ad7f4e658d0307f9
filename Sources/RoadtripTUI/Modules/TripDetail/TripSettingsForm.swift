import Foundation
import RoadtripCore
import ScreenModels

/// The trip's settings as the form on the trip detail screen shows them (`S`, `,` or `o`), one
/// field a setting in `TripSettingsText.Key` order, and the settings its typed values make. The
/// words, the checks and the defaults are `TripSettingsText`'s, which `roadtrip set` uses too.
struct TripSettingsForm {
    let text: TripSettingsText

    init(settings: TripSettings, defaultUnit: DistanceUnit, firstStopZone: String?) {
        text = TripSettingsText(settings: settings, defaultUnit: defaultUnit, firstStopZone: firstStopZone)
    }

    /// A yes/no setting is a tick box (Space ticks it); the others are text, with what an empty
    /// field stands for; each says what it means for the form's help (F1).
    var fields: [FormField] {
        TripSettingsText.Key.allCases.map { key in
            key.isYesOrNo
                ? .tick(text.label(key), text.shown(key) == "yes", help: text.help(key))
                : .text(text.label(key), text.shown(key), placeholder: text.placeholder(key), help: text.help(key))
        }
    }

    /// The settings `values` (in field order) make, or the sentence that says what is wrong.
    func settings(from values: [String]) -> Result<TripSettings, TripSettingsText.Failure> {
        text.settings(from: values)
    }

    /// The settings `values` make with each refused value left as it was: what a form in error
    /// keeps when the program must end.
    func validSettings(from values: [String]) -> TripSettings {
        text.validSettings(from: values)
    }
}
