import Foundation

extension AlongTheRoute {
    /// A place found, in the words `roadtrip along` prints and the planner's panel shows, so that
    /// both say it alike: "6.4 km of 155 km" (≈ along an estimate's arc), "day 1", "left", "0.3 km
    /// off" or "on the road", the name (as the place has it: each front end makes it printable),
    /// the kind, "detour 2.5 km, 5 min".
    package struct Row: Equatable, Sendable {
        package let position: String
        package let day: String
        /// "left", "right", or "" for a place on the road.
        package let side: String
        package let off: String
        package let name: String
        /// The kind ("alpine hut"); its elevation apart (issue 56: "fuel station 460 m" read as a
        /// distance).
        package let kind: String
        /// "2,250 m" above the sea, "" when not known.
        package let elevation: String
        /// "" for a place on the road (whatever the roads make of a way there and back), and while
        /// the detour is not known yet.
        package let detour: String
        /// The figures alone, for a column whose heading says what they are (the planner's panel,
        /// issue 53, item 9): "6.4 km" along the trip, "0.3 km" off the road ("" on it), the
        /// detour's "2.5 km, 5 min" ("" as `detour`), each "≈ " as the words above.
        package let along: String
        package let offFigure: String
        package let detourFigures: String

        /// A detour longer than this, and `longDetourFactor` times the way there and back in a
        /// straight line, goes round: the row says so.
        static let longDetourMeters = 3_000.0
        static let longDetourFactor = 4.0

        /// Within this many meters a place is on the road: no side, no detour.
        package static let onTheRoadMeters = 50.0

        /// `detour`: the way there and back, nil while it is being routed; `tripMeters`: the whole trip's.
        package init(_ found: Found, detour: LegFigures?, tripMeters: Double, unit: DistanceUnit) {
            let position = found.position
            let onTheRoad = Self.isOnTheRoad(found)
            along = (found.alongAnEstimate ? "≈ " : "") + unit.format(meters: position.meters)
            self.position = "\(along) of \(unit.format(meters: tripMeters))"
            day = found.day.map { "day \($0)" } ?? ""
            side = onTheRoad ? "" : position.onTheLeft ? "left" : "right"
            offFigure = onTheRoad ? "" : unit.format(meters: position.offMeters)
            off = onTheRoad ? "on the road" : "\(offFigure) off"
            name = found.place.name
            kind = found.place.kind.label(population: found.place.population)
            elevation = found.place.elevation.map { "\(DistanceUnit.grouped($0)) m" } ?? ""
            let (onFoot, offFigure) = (detour?.reason == AlongTheRoute.onFoot, offFigure)
            detourFigures =
                onTheRoad
                ? ""
                : detour.map { detour in
                    if onFoot { return "on foot, \(offFigure)" }
                    return detour.meters < Self.onTheRoadMeters
                        ? ""
                        : "\(detour.mark)\(unit.format(meters: detour.meters)), "
                            + RouteEstimate.formatDuration(seconds: detour.seconds)
                } ?? ""
            // A detour by road much longer than the way there and back in a straight line says why
            // (issue 56: 15.5 mi to a place 0.3 mi off, without a word).
            let roundabout = !onFoot && (detour?.meters ?? 0) > max(Self.longDetourMeters, Self.longDetourFactor * 2 * position.offMeters)
            self.detour =
                detourFigures.isEmpty
                ? ""
                : onFoot
                    ? "\(AlongTheRoute.onFoot), \(offFigure)"
                    : "detour \(detourFigures)\(roundabout ? ": the road there goes round" : "")"
        }

        /// Whether `found` is on the road itself: there is no detour to route.
        package static func isOnTheRoad(_ found: Found) -> Bool {
            found.position.offMeters < onTheRoadMeters
        }

        /// The cells in the order both show them.
        package var cells: [String] { [position, day, side, off, name, kind, elevation, detour] }
    }

    /// "Sights, beds within 2.0 km of the road": what was looked for (the usual kinds when none is named).
    package static func heading(kinds: [AlongKind], within meters: Double, unit: DistanceUnit) -> String {
        let names = (kinds.isEmpty ? AlongKind.usual : kinds).map(\.rawValue).joined(separator: ", ")
        return "\(names.prefix(1).uppercased() + names.dropFirst()) within \(unit.format(meters: meters)) of the road"
    }
}
