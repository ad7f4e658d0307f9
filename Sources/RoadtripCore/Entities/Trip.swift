import Foundation

/// A named, ordered list of stops.
package struct Trip: Codable, Equatable, Identifiable, Sendable {
    package static let defaultName = "New Trip"

    package var id: UUID
    package var name: String
    package var stops: [Stop]
    /// How the trip is planned and estimated; written only when the user chose something.
    package var settings = TripSettings()
    /// Fields written by a newer version, kept as they were.
    package var unknownFields: UnknownFields = [:]

    package init(id: UUID = UUID(), name: String = Trip.defaultName, stops: [Stop] = []) {
        self.id = id
        self.name = name
        self.stops = stops
    }

    /// `roadFactor` and `averageSpeedKmh` stood beside the stops before the trip had `settings`:
    /// they are read into the settings, and written there.
    /// The file calls the stops `waypoints` (SPEC §3), as the original app did.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, stops = "waypoints", settings, roadFactor, averageSpeedKmh
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try container.id(at: CodingKeys.id)
        name = try container.value(String.self, at: CodingKeys.name)
        stops = try container.valueIfPresent([Stop].self, at: CodingKeys.stops) ?? []
        settings = try container.valueIfPresent(TripSettings.self, at: CodingKeys.settings) ?? TripSettings()
        settings.adoptEarlierFields(roadFactor: try container.valueIfPresent(Double.self, at: CodingKeys.roadFactor),
                                    averageSpeedKmh: try container.valueIfPresent(Double.self, at: CodingKeys.averageSpeedKmh))
        unknownFields = try container.unknownFields(besides: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(stops, forKey: .stops)
        if !settings.isDefault { try container.encode(settings, forKey: .settings) }
        try encoder.encodeUnknownFields(unknownFields)
    }
}

extension Trip {
    /// The units the trip is shown in: its own choice, else `fallback` (`--units`, or the locale).
    package func unit(default fallback: DistanceUnit) -> DistanceUnit {
        settings.units ?? fallback
    }
}
