import Foundation

/// Where to spend a night when the day's driving runs out on the road: the largest town near
/// the point where it does, or, where no town is near, a region's village, camp site or hut.
package struct OvernightPlaces: Sendable {
    package let places: any PlaceIndex

    package init(places: any PlaceIndex) {
        self.places = places
    }

    /// A place to sleep and how far it lies off the route.
    package struct Suggestion: Equatable, Sendable {
        package let place: Place
        package let offRouteMeters: Double
    }

    /// How far from the point a place may be: a town within the first reach is taken before
    /// anything in the second.
    static let reaches = [25.0, 50.0]
    /// The farthest a place may be from the point, kilometres.
    package static var reach: Int { Int(reaches[reaches.count - 1]) }

    /// The place to sleep near `path`'s point at `fraction`, nil when none is in reach.
    package func suggestion(on path: LegPath, at fraction: Double) -> Suggestion? {
        let point = path.point(at: fraction)
        for reach in Self.reaches {
            let best = places.places(within: reach, of: point)
                .filter { Self.sleepsHere($0.place.kind) }
                .max { a, b in
                    let (x, y) = (Self.weight(a.place), Self.weight(b.place))
                    return x != y ? x < y : a.kilometres > b.kilometres
                }
            if let best {
                let route = path.points(around: fraction, within: reach + best.kilometres)
                let off = route.lazy.map { SearchContext.kilometres(from: $0, to: best.place.coordinate) }.min() ?? best.kilometres
                return Suggestion(place: best.place, offRouteMeters: off * 1000)
            }
        }
        return nil
    }

    /// The time zone at `coordinate`: the nearest gazetteer place's.
    package func timeZone(at coordinate: Coordinate) -> TimeZone? {
        places.nearest(to: coordinate)?.zone
    }

    /// Towns and villages, and the places made for a night.
    static func sleepsHere(_ kind: PlaceKind) -> Bool {
        kind.isSettlement || [.campSite, .caravanSite, .alpineHut].contains(kind)
    }

    /// Bigger is better: a town's population, else what its kind weighs; a camp site or hut
    /// comes after any village.
    static func weight(_ place: Place) -> Int {
        if place.population > 0 { return place.population }
        return place.kind.isSettlement ? place.kind.defaultWeight : 10
    }
}
