/// Stops that are far out of line with the stops beside them: the sign of a place search that
/// picked the wrong place of a name (Paris, Texas, between Salzburg and Vienna). `roadtrip new`
/// warns about them.
///
/// A stop between two others is out of line when going through it is longer than going
/// straight by more than twice the straight leg and more than `minimumDetour` (a loop's
/// excursion to the coast stays in line). The first or last stop is when its one leg is longer
/// than `endFactor` times the longest other leg and `minimumEndLeg`.
///
/// `Reach.noticeable` finds, by the same rules with smaller floors, a stop merely off the line of
/// the others: a village of the name 37 km away when one lies on the way (issue 38), worth a note
/// but no refusal (a day tour's detour to a lake is real).
package enum OutOfLine {
    /// How far off a stop must be to be found: far (a search's wrong place, refused) or noticeable.
    package enum Reach: Sendable {
        case far, noticeable

        var minimumDetour: Double { self == .far ? 500_000 : 20_000 }
        var minimumEndLeg: Double { self == .far ? 1_000_000 : 50_000 }
    }

    static let endFactor = 4.0

    /// A stop out of line, and how far it takes the route: the detour in meters, or the end leg.
    package struct Stop: Equatable {
        package let index: Int
        package let meters: Double
    }

    package static func stops(_ coordinates: [Coordinate], reach: Reach = .far, distance: (Coordinate, Coordinate) -> Double = Geodesy.distance) -> [Stop] {
        guard coordinates.count >= 3 else { return [] }
        let legs = zip(coordinates, coordinates.dropFirst()).map { distance($0, $1) }
        var found: [Stop] = []
        for index in coordinates.indices {
            if index == 0 || index == coordinates.count - 1 {
                let leg = index == 0 ? legs[0] : legs[legs.count - 1]
                let others = index == 0 ? legs.dropFirst() : legs.dropLast()
                if leg > max(endFactor * (others.max() ?? 0), reach.minimumEndLeg) { found.append(Stop(index: index, meters: leg)) }
            } else {
                let straight = distance(coordinates[index - 1], coordinates[index + 1])
                let detour = legs[index - 1] + legs[index] - straight
                if detour > max(2 * straight, reach.minimumDetour) { found.append(Stop(index: index, meters: detour)) }
            }
        }
        return found
    }
}
