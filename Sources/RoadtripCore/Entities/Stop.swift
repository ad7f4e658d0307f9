import Foundation

/// A stop of a trip. "Stop" is the one word for it, on screen and in the code; "waypoint" stays
/// only where a contract fixed it: the data file's `waypoints` key, the GPX `<wpt>`, and the name of
/// the module that edits a stop (Waypoint, after the original app's).
package struct Stop: Codable, Equatable, Identifiable, Sendable {
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

    /// The stay is written flat, `stayHours` or `stayNights`, so that either reads at a glance.
    private enum CodingKeys: String, CodingKey, CaseIterable { case id, name, location, region, country, notes, stayHours, stayNights, overnight }

    // One container for the stop and one for its location, each read once (known fields first,
    // in this order, so the first error is always the same one), then the fields left over.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try container.id(at: CodingKeys.id)
        name = try container.value(String.self, at: CodingKeys.name)
        (location, locationUnknownFields) = try Coordinate.decodeWithUnknownFields(in: container, forKey: CodingKeys.location)
        region = try container.valueIfPresent(String.self, at: CodingKeys.region)
        country = try container.valueIfPresent(String.self, at: CodingKeys.country)
        notes = try container.valueIfPresent(String.self, at: CodingKeys.notes)
        stay = try Stay.decode(hours: container.valueIfPresent(Double.self, at: CodingKeys.stayHours),
                               nights: container.valueIfPresent(Double.self, at: CodingKeys.stayNights)) { field, reason in
            .dataCorruptedError(forKey: AnyCodingKey(stringValue: field), in: container, debugDescription: reason)
        }
        overnight = try container.valueIfPresent(Bool.self, at: CodingKeys.overnight) ?? false
        unknownFields = try container.unknownFields(besides: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        if locationUnknownFields.isEmpty {
            try container.encode(location, forKey: .location) // the common case, and the cheaper one
        } else {
            let locationEncoder = container.superEncoder(forKey: .location)
            try location.encode(to: locationEncoder)
            try locationEncoder.encodeUnknownFields(locationUnknownFields)
        }
        try container.encodeIfPresent(region, forKey: .region)
        try container.encodeIfPresent(country, forKey: .country)
        try container.encodeIfPresent(notes, forKey: .notes)
        if overnight { try container.encode(true, forKey: .overnight) }
        switch stay {
        case .hours(let hours): try container.encode(hours, forKey: .stayHours)
        case .nights(let nights): try container.encode(nights, forKey: .stayNights)
        case nil: break
        }
        try encoder.encodeUnknownFields(unknownFields)
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
