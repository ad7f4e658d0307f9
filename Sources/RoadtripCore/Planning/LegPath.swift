import Foundation

/// The way a leg runs on the ground: the road's line when it is routed, else the great-circle arc
/// between its stops. Where along it a day's driving ends is a share of its length (how far off
/// it a place lies is the trip's line's to say: `TripLine`).
package struct LegPath: Sendable {
    private let from: Coordinate
    private let to: Coordinate
    /// The road's points and the kilometers from the start to each; empty for the arc.
    private let road: [Coordinate]
    private let along: [Double]
    /// The whole length, kilometers (on the sphere: shares of it are what matter).
    package let kilometers: Double

    package init(from: Coordinate, to: Coordinate, road: [Coordinate] = []) {
        self.from = from
        self.to = to
        if road.count >= 2 {
            var along = [0.0]
            along.reserveCapacity(road.count)
            for (a, b) in zip(road, road.dropFirst()) { along.append(along[along.count - 1] + Geodesy.sphericalKilometers(from: a, to: b)) }
            self.road = road
            self.along = along
            kilometers = along[along.count - 1]
        } else {
            self.road = []
            along = []
            kilometers = Geodesy.sphericalKilometers(from: from, to: to)
        }
    }

    /// The point `fraction` (0...1) of the way along.
    package func point(at fraction: Double) -> Coordinate {
        point(atKilometer: min(1, max(0, fraction)) * kilometers)
    }

    /// The first road vertex at or past `distance` kilometers from the start.
    private func firstVertex(atOrPast distance: Double) -> Int {
        var low = 0, high = along.count - 1
        while low < high {
            let middle = (low + high) / 2
            if along[middle] < distance { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func point(atKilometer distance: Double) -> Coordinate {
        guard !road.isEmpty else {
            return kilometers > 0 ? GreatCircleArc.coordinate(from: from, to: to, fraction: distance / kilometers) : from
        }
        // The first vertex at or past `distance`, and the segment that ends there.
        let low = firstVertex(atOrPast: distance)
        guard low > 0 else { return road[0] }
        let a = road[low - 1], b = road[low]
        let length = along[low] - along[low - 1]
        let t = length > 0 ? (distance - along[low - 1]) / length : 0
        return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t, longitude: a.longitude + (b.longitude - a.longitude) * t)
    }
}
