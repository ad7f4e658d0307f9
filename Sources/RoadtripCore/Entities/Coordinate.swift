/// A point on the WGS-84 ellipsoid, in degrees. Encoded as `{"latitude": …, "longitude": …}`,
/// the `location` object of the iOS app's files.
package struct Coordinate: Codable, Equatable, Hashable, Sendable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    package var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case latitude, longitude }

    package init(from decoder: any Decoder) throws {
        self = try Self.decode(in: try decoder.container(keyedBy: AnyCodingKey.self))
    }

    private static func decode(in container: KeyedDecodingContainer<AnyCodingKey>) throws -> Coordinate {
        let latitude = try container.value(Double.self, at: CodingKeys.latitude)
        let longitude = try container.value(Double.self, at: CodingKeys.longitude)
        guard (-90...90).contains(latitude) else {
            throw DecodingError.dataCorruptedError(forKey: AnyCodingKey(CodingKeys.latitude), in: container,
                                                   debugDescription: "latitude \(latitude) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw DecodingError.dataCorruptedError(forKey: AnyCodingKey(CodingKeys.longitude), in: container,
                                                   debugDescription: "longitude \(longitude) is outside -180…180")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The coordinate at `key` of `container`, and the fields of it that it does not model.
    static func decodeWithUnknownFields<Key: CodingKey>(in container: KeyedDecodingContainer<AnyCodingKey>, forKey key: Key) throws -> (Coordinate, UnknownFields) {
        let nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
        return (try decode(in: nested), try nested.unknownFields(besides: CodingKeys.self))
    }
}
