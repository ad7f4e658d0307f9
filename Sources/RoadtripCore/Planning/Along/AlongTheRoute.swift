import Foundation

/// What lies along a trip's road (issue 37): the places of chosen kinds within a distance of its
/// line (`TripLine`: the roads, or an estimate's arc), each with where it is along the trip, on
/// which side, and how far off; sorted by their position. The detour to stop there is routed
/// apart, for the places shown (`detour`).
package enum AlongTheRoute {
    /// A place found along the trip.
    package struct Found: Equatable, Sendable {
        package let place: Place
        package let position: TripLine.Position
        /// Whether the leg it lies along is an estimate (measured against its arc).
        package let alongAnEstimate: Bool
        /// The day of the trip's plan that drives past it, once asked (`onDays`); nil when no day does.
        package var day: Int?
    }

    /// A place this near one of the same name is the same, whatever each is tagged as (issue 56:
    /// a castle and the hotel in it, a pizzeria mapped as a point and as its building).
    static let sameNameMeters = 200.0
    /// A place of a stop's name this near it (or at its very point) is that stop, not something
    /// along the way.
    static let atStopMeters = 100.0

    /// The places of `kinds` in `places` within `reach` meters of `line`, by their position
    /// along it: the same place once (from two indexes, or of one name within `sameNameMeters`),
    /// and none of the trip's own `stops` (issue 56: `along` listed them).
    package static func places(
        along line: TripLine, in places: any PlaceIndex, kinds: Set<PlaceKind>, within reach: Double,
        leavingOut stops: [Stop] = []
    ) -> [Found] {
        let stops = stops.map { (key: SearchText.key(of: $0.name), location: $0.location) }
        var found: [Found] = []
        // Those found so far by name (`SearchText.key`): a place is looked for among its namesakes alone.
        var byName: [String: [Int]] = [:]
        for place in places.places(of: kinds, inCells: line.gazetteerCells(within: reach)) {
            guard let position = line.position(of: place.coordinate, within: reach),
                case let name = SearchText.key(of: place.name),
                !stops.contains(where: { stop in
                    let meters = Geodesy.flatMeters(stop.location, place.coordinate)
                    return meters < 1 || (meters <= atStopMeters && stop.key == name)
                })
            else { continue }
            guard
                !byName[name, default: []].contains(where: { index in
                    PlaceLibrary.isSame(found[index].place, namedAlike: place)
                        || Geodesy.flatMeters(found[index].place.coordinate, place.coordinate) <= sameNameMeters
                })
            else { continue }
            byName[name, default: []].append(found.count)
            found.append(Found(place: place, position: position, alongAnEstimate: line.estimatedLegs.contains(position.leg)))
        }
        return found.sorted { ($0.position.meters, $0.place.name) < ($1.position.meters, $1.place.name) }
    }

    /// Why a detour is no drive: the place is off the roads the vehicle may take (an alpine hut).
    package static let onFoot = "on foot from the road"

    /// The detour to stop at `found` and come back: from the foot of its perpendicular on the line
    /// to the place and back, on the roads where `routing` has them, else the trip's estimate. A
    /// place the roads do not reach is no detour by car (issue 56: "detour ≈ 4.2 km, 3 min" to a
    /// hut): the way there and back on foot from the road, with the reason `onFoot`.
    package static func detour(to found: Found, routing: (any RoadRouting)?, options: RouteOptions, estimate: RouteEstimate) -> LegFigures {
        let (foot, place) = (found.position.foot, found.place.coordinate)
        let ways = [(foot, place, "the route", found.place.name), (place, foot, found.place.name, "the route")].map { from, to, fromName, toName in
            routing.map {
                LegFigures($0.route(from: from, to: to, fromName: fromName, toName: toName, options: options), from: from, to: to, estimate: estimate)
            }
                ?? .estimated(geodesicMeters: Geodesy.distance(from: from, to: to), estimate: estimate)
        }
        if routing != nil, let reason = ways[0].reason, RoutedLeg.isOffRoad(reason, name: found.place.name) {
            return LegFigures(meters: 2 * found.position.offMeters, seconds: 0, source: .estimate, reason: onFoot)
        }
        let onRoads = ways.allSatisfy { $0.source == .road }
        return LegFigures(
            meters: ways[0].meters + ways[1].meters, seconds: ways[0].seconds + ways[1].seconds, source: onRoads ? .road : .estimate,
            reason: ways.lazy.compactMap(\.reason).first)
    }

    /// `found`, each with the day of `itinerary` that drives past it; only those of day `day`
    /// when one is given (`roadtrip along --day`, a day of the planner's itinerary).
    package static func onDays(_ found: [Found], of itinerary: Itinerary?, only day: Int? = nil) -> [Found] {
        found.compactMap { found in
            var dated = found
            dated.day = itinerary.flatMap { Self.day(of: found.position.leg, share: found.position.shareOfLeg, in: $0) }
            return day == nil || dated.day == day ? dated : nil
        }
    }

    /// The day of `itinerary` that drives the point `share` (0...1) into leg `leg`; nil when no day does.
    package static func day(of leg: Int, share: Double, in itinerary: Itinerary) -> Int? {
        itinerary.days.first { day in day.legs.contains { $0.from == leg && $0.share.contains(min(max(share, 0), 1)) } }?.number
    }
}
