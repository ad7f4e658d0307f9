import Foundation

/// Where to spend a night when the day's driving runs out on the road: the largest town near
/// the point where it does, or, where no town is near, a region's village, camp site or hut.
/// Always one on the day's way (issue 38): a town behind where the day set out, a stop already
/// passed, sent the trip back, and one past the point would drive more than the daily limit.
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

    /// The stretch of leg `leg` of `line` a day drives before its night: from the share
    /// `shares.lowerBound` of the leg (the stop it sets out from, or where the last night was) to
    /// `point`, at `shares.upperBound`, where its driving runs out.
    package struct DaysWay: Sendable {
        package let line: TripLine
        package let leg: Int
        package let shares: ClosedRange<Double>
        package let point: Coordinate

        package init(line: TripLine, leg: Int, shares: ClosedRange<Double>, point: Coordinate) {
            (self.line, self.leg, self.shares, self.point) = (line, leg, shares, point)
        }

        /// Where `coordinate`, at most `kilometers` from the point, is seen from the leg's line
        /// (its road's when routed), when its nearest point there is on the day's way: past where
        /// the day sets out, and not past where the driving ends.
        func position(of coordinate: Coordinate, within kilometers: Double) -> TripLine.Position? {
            // The line measures in the plane: a hair more than the sphere's distance to the point.
            guard let position = line.position(of: coordinate, within: kilometers * 1_010, onLeg: leg) else { return nil }
            let from = line.meters(onLeg: leg, share: shares.lowerBound), to = line.meters(onLeg: leg, share: shares.upperBound)
            return position.meters > from + OvernightPlaces.setOutMeters && position.meters <= to + OvernightPlaces.besideMeters ? position : nil
        }
    }

    /// How far from the point beds are looked for, kilometers, and how many are named.
    static let bedReach = 10.0
    static let bedsNamed = 3

    /// How far from the point a place may be: a town within the first reach is taken before
    /// anything in the second.
    static let reaches = [25.0, 50.0]
    /// The farthest a place may be from the point, kilometers.
    package static var reach: Int { Int(reaches[reaches.count - 1]) }
    /// How far past where the day sets out a place must lie, meters: one nearer is where it sets
    /// out (the stop's own town), not a place on the way.
    static let setOutMeters = 1_000.0
    /// How far past the point a place may lie, meters: beside it, as near as the line tells.
    static let besideMeters = 50.0

    /// The place to sleep on `way`, near its point, nil when none is in reach.
    package func suggestion(on way: DaysWay) -> Suggestion? {
        for reach in Self.reaches {
            if let best = places.bestPlace(within: reach, of: way.point, weight: Self.weight, where: { way.position(of: $0, within: reach) != nil }),
                let position = way.position(of: best.place.coordinate, within: reach)
            {
                return Suggestion(place: best.place, offRouteMeters: position.offMeters, beds: beds(on: way))
            }
        }
        return nil
    }

    /// The places with beds on `way` within `bedReach` of its point, nearest first (issue 37).
    func beds(on way: DaysWay) -> [Bed] {
        let kinds = AlongKind.beds.placeKinds
        return Array(
            places.places(within: Self.bedReach, of: way.point)
                .filter { kinds.contains($0.place.kind) }
                .sorted { ($0.kilometers, $0.place.name) < ($1.kilometers, $1.place.name) }
                .lazy
                .compactMap { found in
                    way.position(of: found.place.coordinate, within: Self.bedReach).map { Bed(place: found.place, offRouteMeters: $0.offMeters) }
                }
                .prefix(Self.bedsNamed))
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
