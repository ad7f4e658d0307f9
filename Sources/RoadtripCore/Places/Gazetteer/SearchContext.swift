import Foundation

/// Where a search is made from: the stops beside the one being chosen (or the map's centre, or
/// the place before, for `roadtrip new`). Among places that match a query equally well, a place
/// counts for less the farther it is from the nearest of these points, so that "Astoria" in a
/// trip through Oregon is Astoria, Oregon, and in one through New York is Astoria, New York.
package struct SearchContext: Equatable, Sendable {
    package let points: [Coordinate]

    package init?(_ points: [Coordinate]) {
        let valid = points.filter(\.isValid)
        guard !valid.isEmpty else { return nil }
        self.points = valid
    }

    /// Within this many kilometers a place keeps most of its weight.
    static let scaleKilometers = 100.0

    /// Within this many kilometers of the trip, a place whose name begins with the query's whole
    /// words ("Stein" in Stein an der Donau, "Neustift" in Neustift an der Donau) matches as if
    /// it were the name: the village 2.6 km from Krems is the Stein meant, not the seven places
    /// called Stein up to 868 km away (issue 38). About a day tour's reach from its stops.
    static let nearbyKilometers = 30.0

    /// How much a place of `population` weighs at `kilometers` from the trip: the square root
    /// of its population over the square of the distance, softened near the trip. A town ten
    /// times as far must be about 10,000 times as big to rank the same: Long Beach, Washington
    /// (1,400 people, 180 km from Seattle) beats Long Beach, California (466,000, 1,500 km);
    /// Monterey (28,000, 150 km from San Francisco) beats Monterrey, Mexico (a million, 2,600 km).
    /// Without a context, places weigh their population, which orders them the same way as its
    /// square root would.
    static func weight(population: Double, kilometers: Double) -> Double {
        let ratio = 1 + kilometers / scaleKilometers
        return population.squareRoot() / (ratio * ratio)
    }

    /// Kilometers from the nearest point, on a sphere: exact enough to rank by, and cheap enough
    /// to work out for every entry a search scans.
    func kilometers(to coordinate: Coordinate) -> Double {
        points.lazy.map { Geodesy.sphericalKilometers(from: $0, to: coordinate) }.min() ?? 0
    }

    /// `places` (a search's, best first) with the first within `nearbyKilometers` of the trip put
    /// first when the best is farther: a place of the name a day tour away is the one meant, not
    /// a bigger one across the continent (issue 56: `new gtest Balzers Gutenberg` made a 422 km
    /// trip to Germany, Schloss Gutenberg 2 km from Balzers).
    package func preferringNear(_ places: [Place]) -> [Place] {
        guard let first = places.first, kilometers(to: first.coordinate) > Self.nearbyKilometers,
            let near = places.firstIndex(where: { kilometers(to: $0.coordinate) <= Self.nearbyKilometers })
        else { return places }
        var ordered = places
        ordered.insert(ordered.remove(at: near), at: 0)
        return ordered
    }
}
