import Foundation
import RoadtripCore

/// A tiny in-memory gazetteer: names matched by case-insensitive prefix, most populous first.
package final class FakePlaces: PlaceIndex, @unchecked Sendable {
    package let places: [Place]

    package init(_ places: [Place]) {
        self.places = places
    }

    /// The context asked for by the last search, so tests can see what the caller passed.
    package private(set) var lastContext: SearchContext?

    package func search(_ query: String, limit: Int, near context: SearchContext?) -> [Place] {
        lastContext = context
        let needle = query.lowercased()
        return Array(places.filter { $0.name.lowercased().hasPrefix(needle) }.sorted { $0.population > $1.population }.prefix(limit))
    }

    package func nearest(to coordinate: Coordinate) -> Place? {
        places.min { Geodesy.distance(from: $0.coordinate, to: coordinate) < Geodesy.distance(from: $1.coordinate, to: coordinate) }
    }

    package func places(within kilometers: Double, of coordinate: Coordinate) -> [(place: Place, kilometers: Double)] {
        places.map { ($0, Geodesy.sphericalKilometers(from: coordinate, to: $0.coordinate)) }.filter { $0.1 <= kilometers }
    }

    /// Every place of `kinds`, whatever the cells: the caller measures how far each is.
    package func places(of kinds: Set<PlaceKind>, inCells cells: Set<Int>) -> [Place] {
        places.filter { kinds.contains($0.kind) }
    }

    package static func californian(_ name: String, _ latitude: Double, _ longitude: Double, population: Int) -> Place {
        Place(
            name: name, admin1: "California", admin1Code: "CA", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: latitude, longitude: longitude), population: population, timeZone: "America/Los_Angeles")
    }

    package static let monterey = californian("Monterey", 36.60024, -121.89468, population: 28_576)
    package static let bigSur = californian("Big Sur", 36.27024, -121.80801, population: 1_800)
    package static let carmel = californian("Carmel-by-the-Sea", 36.55524, -121.92329, population: 3_897)
    package static let monterrey = Place(
        name: "Monterrey", admin1: "Nuevo León", admin1Code: "19", country: "Mexico", countryCode: "MX",
        coordinate: Coordinate(latitude: 25.67507, longitude: -100.31847), population: 1_122_874,
        timeZone: "America/Monterrey")

    package static let california = FakePlaces([monterey, bigSur, carmel, monterrey])
}
