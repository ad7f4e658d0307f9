import Foundation

/// A named, ordered list of stops.
public struct Trip: Codable, Equatable, Identifiable, Sendable {
    public static let defaultName = "New Trip"

    public var id: UUID
    public var name: String
    public var waypoints: [Waypoint]
    /// Road distance over geodesic distance for the estimates; nil means the default, and is
    /// not written to the file (stored only once the user changes it).
    public var roadFactor: Double?
    /// Average driving speed for the estimates, in km/h; nil means the default.
    public var averageSpeedKmh: Double?
    /// Fields written by a newer version, kept as they were.
    var unknownFields: UnknownFields = [:]

    public init(id: UUID = UUID(), name: String = Trip.defaultName, waypoints: [Waypoint] = []) {
        self.id = id
        self.name = name
        self.waypoints = waypoints
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, name, waypoints, roadFactor, averageSpeedKmh }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try container.id(at: CodingKeys.id)
        name = try container.value(String.self, at: CodingKeys.name)
        waypoints = try container.valueIfPresent([Waypoint].self, at: CodingKeys.waypoints) ?? []
        roadFactor = try container.valueIfPresent(Double.self, at: CodingKeys.roadFactor)
        averageSpeedKmh = try container.valueIfPresent(Double.self, at: CodingKeys.averageSpeedKmh)
        unknownFields = try container.unknownFields(besides: CodingKeys.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(waypoints, forKey: .waypoints)
        try container.encodeIfPresent(roadFactor, forKey: .roadFactor)
        try container.encodeIfPresent(averageSpeedKmh, forKey: .averageSpeedKmh)
        try encoder.encodeUnknownFields(unknownFields)
    }
}
