import Foundation

/// Where to spend a night when the day's driving runs out on the road: the largest town near
/// the point where it does, or, where no town is near, a region's village, camp site or hut.
package struct OvernightPlaces: Sendable {
    package let places: any PlaceIndex

    package init(places: any PlaceIndex) {
        self.places = places
    }

    /// A place to sleep and how far it lies off the route; with the beds (hotels, guest houses,
    /// camp sites, huts: a region's) near the point, nearest first.
    package struct Suggestion: Equatable, Sendable {
        package let place: Place
        package let offRouteMeters: Double
        package var beds: [Bed] = []
    }

    /// A place with beds near where the day's driving ends.
    package struct Bed: Equatable, Sendable {
        package let place: Place
        package let offRouteMeters: Double
    }

    /// How far from the point beds are looked for, kilometres, and how many are named.
    static let bedReach = 10.0
    static let bedsNamed = 3

    /// How far from the point a place may be: a town within the first reach is taken before
    /// anything in the second.
    static let reaches = [25.0, 50.0]
    /// The farthest a place may be from the point, kilometres.
    package static var reach: Int { Int(reaches[reaches.count - 1]) }

    /// The place to sleep near `path`'s point at `fraction`, nil when none is in reach.
    package func suggestion(on path: LegPath, at fraction: Double) -> Suggestion? {
        let point = path.point(at: fraction)
        for reach in Self.reaches {
            if let best = places.bestPlace(within: reach, of: point, weight: Self.weight) {
                let off = min(best.kilometres, path.kilometres(from: best.place.coordinate, near: fraction, within: reach + best.kilometres))
                return Suggestion(place: best.place, offRouteMeters: off * 1000, beds: beds(on: path, at: fraction))
            }
        }
        return nil
    }

    /// The places with beds within `bedReach` of `path`'s point at `fraction`, nearest first (issue 37).
    func beds(on path: LegPath, at fraction: Double) -> [Bed] {
        let kinds = AlongKind.beds.placeKinds
        return places.places(within: Self.bedReach, of: path.point(at: fraction))
            .filter { kinds.contains($0.place.kind) }
            .sorted { ($0.kilometres, $0.place.name) < ($1.kilometres, $1.place.name) }
            .prefix(Self.bedsNamed)
            .map { found in
                let off = min(found.kilometres, path.kilometres(from: found.place.coordinate, near: fraction, within: Self.bedReach + found.kilometres))
                return Bed(place: found.place, offRouteMeters: off * 1_000)
            }
    }

    /// The time zone at `coordinate`: the nearest gazetteer place's.
    package func timeZone(at coordinate: Coordinate) -> TimeZone? {
        places.nearest(to: coordinate)?.zone
    }

    /// Bigger is better: a town's population, else what its kind weighs; a camp site or hut
    /// comes after any village. Nil for a place no one sleeps at (a peak, a lake).
    static func weight(_ kind: PlaceKind, population: Int) -> Int? {
        guard kind.isSettlement || [.campSite, .caravanSite, .alpineHut].contains(kind) else { return nil }
        if population > 0 { return population }
        return kind.isSettlement ? kind.defaultWeight : 10
    }
}
