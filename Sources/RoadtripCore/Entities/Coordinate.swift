/// A point on the WGS-84 ellipsoid, in degrees. (The trips file writes it as a stop's
/// `location` object: RoadtripStore/FileFormat.)
package struct Coordinate: Equatable, Hashable, Sendable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    package var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}
