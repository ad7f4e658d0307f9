import Foundation

/// A stop of a trip. "Stop" is the one word for it, on screen and in the code; "waypoint" stays
/// only where a contract fixed it: the data file's `waypoints` key, the GPX `<wpt>`, and the name of
/// the module that edits a stop (Waypoint, after the original app's).
package struct Stop: Equatable, Identifiable, Sendable {
    package var id: UUID
    package var name: String
    package var location: Coordinate {
        // Fields kept beside the point (an altitude) describe that point, not the new one.
        didSet { if location != oldValue, details?.value.locationUnknownFields.isEmpty == false { locationUnknownFields = [:] } }
    }
    /// What most stops leave empty, in one box that copies share: a stop is then four fields,
    /// 56 bytes, and a change to a trip of 5,000 stops copies 280 KB, not 640 KB (its region,
    /// country, notes, two tables of unknown fields, stay and night were 72 bytes of it). Every
    /// stop without any of them has none (nil).
    @usableFromInline var details: DetailsBox?

    /// State, province or other first-level region, when known ("California").
    package var region: String? {
        @inlinable get { details?.value.region }
        set { changeDetails { $0.region = newValue } }
    }
    /// Country, when known ("United States").
    package var country: String? {
        @inlinable get { details?.value.country }
        set { changeDetails { $0.country = newValue } }
    }
    /// The user's own notes about the stop.
    package var notes: String? {
        @inlinable get { details?.value.notes }
        set { changeDetails { $0.notes = newValue } }
    }
    /// Fields written by a newer version, kept as they were: the stop's own and its location's.
    package var unknownFields: UnknownFields {
        @inlinable get { details?.value.unknownFields ?? [:] }
        set { changeDetails { $0.unknownFields = newValue } }
    }
    package var locationUnknownFields: UnknownFields {
        @inlinable get { details?.value.locationUnknownFields ?? [:] }
        set { changeDetails { $0.locationUnknownFields = newValue } }
    }
    /// How long the trip stays here: hours before driving on, or nights.
    package var stay: Stay? {
        @inlinable get { details?.value.stay }
        set { changeDetails { $0.stay = newValue } }
    }
    /// Whether the day ends here (a night here), whatever the daily driving limit.
    package var overnight: Bool {
        @inlinable get { details?.value.overnight ?? false }
        set { changeDetails { $0.overnight = newValue } }
    }

    package init(
        id: UUID = UUID(), name: String, location: Coordinate, region: String? = nil, country: String? = nil, notes: String? = nil,
        stay: Stay? = nil, overnight: Bool = false, unknownFields: UnknownFields = [:], locationUnknownFields: UnknownFields = [:]
    ) {
        self.id = id
        self.name = name
        self.location = location
        let details = Details(
            region: region, country: country, notes: notes, unknownFields: unknownFields,
            locationUnknownFields: locationUnknownFields, stay: stay, overnight: overnight)
        self.details = details.isEmpty ? nil : DetailsBox(details)
    }

    private mutating func changeDetails(_ edit: (inout Details) -> Void) {
        var value = details?.value ?? Details()
        edit(&value)
        details = value.isEmpty ? nil : DetailsBox(value)
    }

    /// The fields a stop seldom has. Never changed in place: a stop given a new value gets a
    /// box of its own.
    @usableFromInline struct Details: Equatable, Sendable {
        @usableFromInline var region: String?
        @usableFromInline var country: String?
        @usableFromInline var notes: String?
        @usableFromInline var unknownFields: UnknownFields = [:]
        @usableFromInline var locationUnknownFields: UnknownFields = [:]
        @usableFromInline var stay: Stay?
        @usableFromInline var overnight = false

        var isEmpty: Bool {
            region == nil && country == nil && notes == nil && unknownFields.isEmpty && locationUnknownFields.isEmpty && stay == nil && !overnight
        }
    }

    @usableFromInline final class DetailsBox: Equatable, Sendable {
        @usableFromInline let value: Details

        init(_ value: Details) {
            self.value = value
        }

        @usableFromInline static func == (a: DetailsBox, b: DetailsBox) -> Bool {
            a === b || a.value == b.value
        }
    }
}

extension Array<Stop> {
    /// Whether any stop has a region or a country to show. Read in place, a stop at a time,
    /// the box of a stop without either never opened: a screen of a 5,000-stop trip asks on
    /// every change.
    package var anyHasPlace: Bool {
        withUnsafeBufferPointer { stops in
            stops.indices.contains { index in
                guard let details = stops[index].details?.value else { return false }
                return details.region?.isEmpty == false || details.country?.isEmpty == false
            }
        }
    }

    /// Whether any stop has notes, a stay or a night, read as `anyHasPlace` is.
    package var anyHasNotesOrStay: Bool {
        withUnsafeBufferPointer { stops in
            stops.indices.contains { index in
                guard let details = stops[index].details?.value else { return false }
                return details.notes?.isEmpty == false || details.stay != nil || details.overnight
            }
        }
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
