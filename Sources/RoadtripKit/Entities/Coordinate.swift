/// A point on the WGS-84 ellipsoid, in degrees. Encoded as `{"latitude": …, "longitude": …}`,
/// the `location` object of the iOS app's files.
public struct Coordinate: Codable, Equatable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        guard (-90...90).contains(latitude) else {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: "latitude \(latitude) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw DecodingError.dataCorruptedError(forKey: .longitude, in: container, debugDescription: "longitude \(longitude) is outside -180…180")
        }
    }
}
