import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripStoreTestSupport
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// The best order through the use case itself: on the roads' matrix, in straight lines, and used.
@MainActor
@Suite struct OptimizeOrderTests {
    /// Monterey, Morro Bay, Big Sur, Cambria: the second and third are the wrong way round.
    static var shuffled: Trip {
        var trip = Fixtures.pacific
        trip.stops.swapAt(1, 2)
        trip.stops.append(Stop(id: Fixtures.uuid(14), name: "Cambria", location: Coordinate(latitude: 35.5641, longitude: -121.0807)))
        return trip
    }

    private static func engine(_ matrix: @escaping FakeRouting.Matrix) -> FakeRouting {
        FakeRouting(leg: { _, _, _, _ in .estimate(reason: "unused") }, matrix: matrix)
    }

    @Test func withoutRoadsTheOrderIsSearchedInStraightLines() {
        let optimize = OptimizeOrder(routing: nil)
        #expect(!optimize.routesRoads(for: Self.shuffled))
        let order = optimize.order(of: Self.shuffled, progress: { _, _ in Issue.record("nothing to route"); return true })
        #expect(order.measure == .straightLine && order.notOnRoads == nil)
        #expect(order.reordered(Self.shuffled.stops).map(\.name) == ["Monterey", "Big Sur", "Morro Bay", "Cambria"])
        #expect(order.isImprovement)
    }

    @Test func onTheRoadsTheMatrixDecidesWithItsProgress() {
        // Quick only Monterey → Morro Bay → Big Sur → Cambria: the order as it is, though the line says otherwise.
        let seconds = (0..<16).map { [1, 6, 11].contains($0) ? 60.0 : 3_600 }
        var reports: [Int] = []
        let optimize = OptimizeOrder(routing: Self.engine { stops, progress in
            for done in 1...12 where !progress(done, 12) { return .cancelled }
            return .roads(RoadMatrix(count: stops.count, meters: seconds, seconds: seconds))
        })
        let order = optimize.order(of: Self.shuffled, progress: { done, _ in reports.append(done); return true })
        #expect(reports == Array(1...12))
        #expect(order.measure == .roadTime && order.order == [0, 1, 2, 3] && !order.isImprovement)
    }

    @Test func roadsThatCannotBeHadGiveTheStraightLineOrderWithTheReason() {
        let optimize = OptimizeOrder(routing: Self.engine { _, _ in .estimate(reason: "no region covers Cambria") })
        let order = optimize.order(of: Self.shuffled, progress: { _, _ in true })
        #expect(order.measure == .straightLine && order.notOnRoads == "no region covers Cambria")
        #expect(order.order == [0, 2, 1, 3])
    }

    @Test func underFourStopsNoRoadsAreRouted() {
        let optimize = OptimizeOrder(routing: Self.engine { _, _ in Issue.record("routed"); return .cancelled })
        #expect(!optimize.routesRoads(for: Fixtures.pacific))
        #expect(optimize.roads(between: Fixtures.pacific, progress: { _, _ in true }) == nil)
    }

    @Test func stoppedRoutingIsToldToTheFrontEnd() {
        let optimize = OptimizeOrder(routing: Self.engine { _, progress in progress(1, 12) ? .estimate(reason: "unused") : .cancelled })
        let roads = optimize.roads(between: Self.shuffled, progress: { _, _ in false })
        guard case .cancelled? = roads else { return #expect(Bool(false), "not cancelled: \(String(describing: roads))") }
    }

    @Test func theOrderUsedIsOneChangeUndoneAsOneAndRefusedOnceTheStopsChanged() throws {
        let directory = try TemporaryDirectory()
        let model = try DataModel.loaded(with: [Self.shuffled], in: directory)
        let trip = Self.shuffled
        let order = OptimizeOrder(routing: nil).order(of: trip, progress: { _, _ in true })
        #expect(OptimizeOrder.use(order.reordered(trip.stops).map(\.id), inTrip: trip.id, of: model))
        #expect(model.trips[0].stops.map(\.name) == ["Monterey", "Big Sur", "Morro Bay", "Cambria"])
        #expect(model.undo() == "optimize the order of Pacific Drive")
        #expect(model.trips == [trip])
        #expect(!OptimizeOrder.use(Array(order.reordered(trip.stops).map(\.id).dropLast()), inTrip: trip.id, of: model))
        #expect(model.trips == [trip])
    }
}
