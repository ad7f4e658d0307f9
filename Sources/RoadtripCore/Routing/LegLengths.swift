/// The two ends of a leg.
struct LegEndpoints: Hashable {
    let from: Coordinate
    let to: Coordinate

    /// The legs between consecutive `coordinates`.
    static func along(_ coordinates: [Coordinate]) -> [LegEndpoints] {
        coordinates.indices.dropLast().map { LegEndpoints(from: coordinates[$0], to: coordinates[$0 + 1]) }
    }
}

/// Geodesic lengths of legs already measured, so that a screen showing a trip pays for a leg
/// once: a key that changes nothing measures nothing again, and moving a stop measures only the
/// legs it touched. One per screen (not shared between threads); it forgets everything when it
/// grows past `capacity`, which bounds its memory.
package final class LegLengths {

    static let capacity = 500_000

    package init() {}

    private var meters: [LegEndpoints: Double] = [:]
    /// How many legs were measured (not found here), for tests.
    private(set) var measured = 0

    func meters(from: Coordinate, to: Coordinate) -> Double {
        let leg = LegEndpoints(from: from, to: to)
        if let known = meters[leg] { return known }
        if meters.count >= Self.capacity { meters.removeAll(keepingCapacity: true) }
        let length = Geodesy.distance(from: from, to: to)
        meters[leg] = length
        measured += 1
        return length
    }

    /// The length of each leg of the trip, as `TripRoute.legMeters` gives them.
    package func legMeters(of trip: Trip) -> [Double] {
        zip(trip.stops, trip.stops.dropFirst()).map { meters(from: $0.location, to: $1.location) }
    }
}
