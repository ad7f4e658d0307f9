import Foundation

/// A stop of a trip. "Stop" is the one word for it, on screen and in the code; "waypoint" stays
/// only where a contract fixed it: the data file's `waypoints` key, the GPX `<wpt>`, and the name of
/// the module that edits a stop (Waypoint, after the original app's).
package struct Stop: Equatable, Identifiable, Sendable {
    package var id: UUID
    package var name: String
    package var location: Coordinate {
        // Fields kept beside the point (an altitude) describe that point, not the new one.
        didSet { if location != oldValue { locationUnknownFields = [:] } }
    }
    /// State, province or other first-level region, when known ("California").
    package var region: String?
    /// Country, when known ("United States").
    package var country: String?
    /// The user's own notes about the stop.
    package var notes: String?
    /// Fields written by a newer version, kept as they were: the stop's own and its location's.
    package var unknownFields: UnknownFields = [:]
    package var locationUnknownFields: UnknownFields = [:]
    // The small fields last, so that no padding lies between fields: a stop copied is then the
    // same bytes as the original, which the undo history compares before trying `==`.
    /// How long the trip stays here: hours before driving on, or nights.
    package var stay: Stay?
    /// Whether the day ends here (a night here), whatever the daily driving limit.
    package var overnight = false

    package init(id: UUID = UUID(), name: String, location: Coordinate, region: String? = nil, country: String? = nil, notes: String? = nil) {
        self.id = id
        self.name = name
        self.location = location
        self.region = region
        self.country = country
        self.notes = notes
    }
}

extension Stop {
    /// The notes as one line, for a row or a list: their lines joined by " / ", runs of spaces
    /// made one; empty when there are none.
    package var notesOnOneLine: String {
        (notes ?? "").split(whereSeparator: \.isNewline).map { $0.split(separator: " ").joined(separator: " ") }
            .filter { !$0.isEmpty }.joined(separator: " / ")
    }
}
