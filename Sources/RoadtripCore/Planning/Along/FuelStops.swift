import Foundation

/// Where a vehicle of a given range fills up along a trip (issue 37, item 3): driving from a full
/// tank at the start, it fills up at the farthest station it can reach before the range runs out,
/// and again from there; a stop that is a station fills it up without being proposed. Where no
/// station lies within the range the stretch is said to be too long, and where no region's places
/// cover the road ahead (the gazetteer holds no stations) it is said that it cannot be known.
///
/// Stations are a region's fuel stations, or for an electric vehicle its chargers of a socket a car
/// plugs into (`isUsable`); within `reach` of the road, at their position along it (`TripLine`).
package enum FuelStops {
    /// What the itinerary says about filling up, at a point of the trip.
    package struct Note: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            /// Fill up at this station, not a stop of the trip: the next is past the range.
            case fillUp(Place)
            /// No station within the range: the stretch from `from` to `to` (the next station, or the
            /// trip's end) is longer than it.
            case tooFar
            /// Part of the range ahead lies where no region has the stations: from `from` to `to`
            /// (the next station known, or the trip's end) it cannot be known where to fill up.
            case unknown
        }

        package let kind: Kind
        /// Meters along the trip: where the tank was last filled (the start, a stop or a station),
        /// and the station proposed, or the end of the stretch said.
        package let from: Double
        package let to: Double
        /// Where the note belongs: the station's leg and share of it, or where the stretch starts.
        package let leg: Int
        package let shareOfLeg: Double
        /// How far off the road the station is (0 for a stretch).
        package let offMeters: Double
        /// The itinerary's day that drives there, once asked (`TripPlanning.itinerary`).
        package var day: Int?

        /// The place proposed as a stop, for `n`.
        package var station: Place? {
            if case .fillUp(let place) = kind { return place }
            return nil
        }
    }

    /// The stay of a fill-up added as a stop (issue 56: it took the trip's default stay, an hour or
    /// more, where filling up takes minutes).
    package static let fillUpStay = Stay.hours(10.0 / 60)

    /// How far off the road a station may be, in meters: as far as `roadtrip along` looks by default.
    package static let reach = 2_000.0
    /// A stop within this many meters of a station is at it.
    static let atStationMeters = 100.0

    /// The notes for `line` (the trip's stops `stops`) driven with a range of `rangeMeters` on `fuel`;
    /// none when the trip is shorter than the range. `places`: nil knows of no station.
    package static func notes(along line: TripLine, stops: [Coordinate], places: (any PlaceIndex)?, fuel: Fuel, rangeMeters: Double) -> [Note] {
        guard line.meters > rangeMeters else { return [] }
        let stations =
            places.map { places in
                AlongTheRoute.places(along: line, in: places, kinds: fuel == .electric ? [.chargingStation] : [.fuel], within: reach)
                    .filter { fuel != .electric || isUsable($0.place) }
            } ?? []
        let isStop = stations.map { station in stops.contains { Geodesy.flatMeters($0, station.place.coordinate) <= atStationMeters } }
        var notes: [Note] = []
        // Where the tank was last filled: meters along the trip, and where that is on the legs.
        var last = (meters: 0.0, leg: 0, share: 0.0)
        while line.meters - last.meters > rangeMeters {
            // Reaching a station off the road costs the way to it as well.
            let reachable = stations.indices.filter { i in
                let position = stations[i].position
                return position.meters > last.meters && position.meters + position.offMeters <= last.meters + rangeMeters
            }
            if let i = reachable.last(where: { isStop[$0] }) ?? reachable.last {
                let position = stations[i].position
                if !isStop[i] {
                    notes.append(
                        Note(
                            kind: .fillUp(stations[i].place), from: last.meters, to: position.meters, leg: position.leg,
                            shareOfLeg: position.shareOfLeg, offMeters: position.offMeters))
                }
                last = (position.meters, position.leg, position.shareOfLeg)
                continue
            }
            let next = stations.first { $0.position.meters > last.meters + rangeMeters }?.position
            let known =
                places.map { places in
                    line.points.lazy.filter { $0.meters >= last.meters && $0.meters <= last.meters + rangeMeters }
                        .allSatisfy { places.knowsServices(at: $0.coordinate) }
                } ?? false
            notes.append(
                Note(
                    kind: known ? .tooFar : .unknown, from: last.meters, to: next?.meters ?? line.meters, leg: last.leg,
                    shareOfLeg: last.share, offMeters: 0))
            guard let next else { break }
            last = (next.meters, next.leg, next.shareOfLeg)
        }
        return notes
    }

    /// Whether a car plugs into a charger: one with no socket tagged (not known, so not ruled out), or
    /// with a socket of a car's; a charger of household sockets alone is for bicycles and scooters.
    package static func isUsable(_ charger: Place) -> Bool {
        let sockets = charger.details?.sockets ?? []
        return sockets.isEmpty || sockets.contains { !householdSockets.contains($0.type) }
    }

    /// Sockets of a house's wall, not of a car's charging: Schuko, the British, French and US plugs.
    static let householdSockets: Set<String> = [
        "schuko", "typee", "typef", "bs1363", "nema_5_15", "nema_5_20", "as3112", "sev1011_t13",
        "sev1011_t23", "cee_blue",
    ]
}
