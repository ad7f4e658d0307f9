import RoadtripCore

/// A routing engine for tests (`RoadRouting`): each leg and each matrix is what its closure says.
package final class FakeRouting: RoadRouting, @unchecked Sendable {
    package typealias Leg = @Sendable (_ from: Coordinate, _ to: Coordinate, _ fromName: String, _ toName: String) -> RoadOutcome
    package typealias Matrix = @Sendable (_ stops: [(Coordinate, String)], _ progress: (Int, Int) -> Bool) -> RoadMatrixOutcome

    private let leg: Leg
    private let matrix: Matrix

    package init(leg: @escaping Leg, matrix: @escaping Matrix = { _, _ in .estimate(reason: "no matrix in this test") }) {
        self.leg = leg
        self.matrix = matrix
    }

    package var hasRoads: Bool { true }
    package var everyRoads: Set<String> { ["test"] }

    package func roads(from: Coordinate, to: Coordinate) -> CoveringRoads? {
        CoveringRoads(name: "test", version: "test")
    }

    package func route(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome {
        leg(from, to, fromName, toName)
    }

    package func matrix(
        of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome {
        matrix(stops, progress)
    }
}
