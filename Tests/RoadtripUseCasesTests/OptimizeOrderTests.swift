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
        let order = optimize.order(
            of: Self.shuffled,
            progress: { _, _ in
                Issue.record("nothing to route"); return true
            })
        #expect(order.measure == .straightLine && order.notOnRoads == nil)
        #expect(order.reordered(Self.shuffled.stops).map(\.name) == ["Monterey", "Big Sur", "Morro Bay", "Cambria"])
        #expect(order.isImprovement)
    }

    @Test func onTheRoadsTheMatrixDecidesWithItsProgress() {
        // Quick only Monterey → Morro Bay → Big Sur → Cambria: the order as it is, though the line says otherwise.
        let seconds = (0..<16).map { [1, 6, 11].contains($0) ? 60.0 : 3_600 }
        var reports: [Int] = []
        let optimize = OptimizeOrder(
            routing: Self.engine { stops, progress in
                for done in 1...12 where !progress(done, 12) { return .cancelled }
                return .roads(RoadMatrix(count: stops.count, meters: seconds, seconds: seconds))
            })
        let order = optimize.order(
            of: Self.shuffled,
            progress: { done, _ in
                reports.append(done); return true
            })
        #expect(reports == Array(1...12))
        #expect(order.measure == .roadTime && order.order == [0, 1, 2, 3] && !order.isImprovement)
    }

    @Test func roadsThatCannotBeHadGiveTheStraightLineOrderWithTheReason() {
        let optimize = OptimizeOrder(routing: Self.engine { _, _ in .estimate(reason: "no region covers Cambria") })
        let order = optimize.order(of: Self.shuffled, progress: { _, _ in true })
        #expect(order.measure == .straightLine && order.notOnRoads == "no region covers Cambria")
        #expect(order.order == [0, 2, 1, 3])
    }

    /// Issue 59, item 3: one stop the roads do not reach (its legs gaps of the matrix) no longer
    /// puts the whole order in straight lines: its legs are estimates made `gapPenalty` dearer,
    /// the others' the roads', and the note names the stop.
    @Test func aStopNoRoadReachesIsEstimatedAndTheOthersOrderedOnTheRoads() throws {
        let trip = Self.shuffled
        let stops = trip.stops.map(\.location)
        let big = trip.stops.firstIndex { $0.name == "Big Sur" }!
        let optimize = OptimizeOrder(
            routing: Self.engine { _, _ in
                let n = stops.count
                let meters = (0..<n * n).map { k -> Double in
                    let (i, j) = (k / n, k % n)
                    return i != j && (i == big || j == big) ? .infinity : Geodesy.distance(from: stops[i], to: stops[j]) * 1.3
                }
                return .roads(RoadMatrix(count: n, meters: meters, seconds: meters.map { $0 / 20 }))
            })
        let order = optimize.order(of: trip, progress: { _, _ in true })
        #expect(order.measure == .roadTime && order.notOnRoads == nil)
        #expect(order.reordered(trip.stops).map(\.name) == ["Monterey", "Big Sur", "Morro Bay", "Cambria"])
        #expect(order.cutOff == ["Big Sur"])
        // Its figures are the legs' as the screen shows them, not the dearer estimates that chose the order.
        let shown = try #require(order.shownFigures)
        #expect(abs(order.optimizedMeters - shown.optimized.meters) < 1e-6 && abs(order.currentMeters - shown.current.meters) < 1e-6)
        #expect(order.note == "No road connects Big Sur with the other stops: its legs are estimates; the others are ordered on the roads.")
        // The matrix the order was chosen on: the gaps bridged, twice the estimate of each.
        guard case .roads(let bridged)? = optimize.roads(between: trip, progress: { _, _ in true }) else {
            Issue.record("a matrix on the roads")
            return
        }
        let estimate = RouteEstimate(for: trip)
        let straight = Geodesy.distance(from: stops[0], to: stops[big])
        #expect(bridged.gaps.isEmpty && bridged.bridged.count == 6)
        #expect(abs(bridged.meters(0, big) - OptimizeOrder.gapPenalty * estimate.roadMeters(geodesicMeters: straight)) < 1e-6)
    }

    @Test func underFourStopsNoRoadsAreRouted() {
        let optimize = OptimizeOrder(
            routing: Self.engine { _, _ in
                Issue.record("routed"); return .cancelled
            })
        #expect(!optimize.routesRoads(for: Fixtures.pacific))
        #expect(optimize.roads(between: Fixtures.pacific, progress: { _, _ in true }) == nil)
    }

    /// Issue 57, item 2: the refusals were checked in a presenter and a command; the use case
    /// owns them, and both front ends show its sentence.
    @Test func tooFewStopsAndTooManyAreRefusedInOneSentenceEach() {
        #expect(OptimizeOrder.refusal(for: Fixtures.pacific) == .noOtherOrder(stops: 3))
        #expect("\(OptimizeOrder.Refusal.noOtherOrder(stops: 3))" == "With 3 stops there is no other order to try: the first and last stay in place.")
        #expect(OptimizeOrder.refusal(for: Self.shuffled) == nil)
        var trip = Trip(name: "Everywhere")
        trip.stops = (0...RouteOptimizer.maximumStops).map {
            Stop(name: "x", location: Coordinate(latitude: Double($0 % 80), longitude: Double(($0 * 7) % 170)))
        }
        let refusal = OptimizeOrder.refusal(for: trip)
        #expect(refusal == .tooLarge(trip: "Everywhere", stops: 1_001))
        #expect(
            refusal?.description
                == "“Everywhere” has 1,001 stops, and the best order is searched for at most 1,000: split the trip into shorter ones to optimize them.")
        trip.stops.removeLast()
        #expect(OptimizeOrder.refusal(for: trip) == nil)
        #expect(!OptimizeOrder(routing: nil).routesRoads(for: trip))
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

    /// Issue 53, item 11: the matrix chooses; the figures said are the trip screen's, the legs of
    /// the order given before and of the new one after, each routed as the screen routes it and
    /// their minutes added as its summary adds them.
    @Test func theFiguresSaidAreTheTripScreensBeforeAndAfter() throws {
        // The legs take 1 s for every 10 m of straight line, and 29 s more: rounded leg by leg, not in all.
        let routing = FakeRouting(
            leg: { from, to, _, _ in
                let meters = Geodesy.distance(from: from, to: to)
                return .road(RoutedLeg(meters: meters * 1.3, seconds: meters / 10 + 29, line: [from, to], region: "test"))
            },
            matrix: { stops, _ in
                // A matrix of other figures (a graph's, a service's): it chooses the order and says no more.
                let n = stops.count
                let seconds = (0..<n * n).map { Geodesy.distance(from: stops[$0 / n].0, to: stops[$0 % n].0) / 7 }
                return .roads(RoadMatrix(count: n, meters: seconds, seconds: seconds))
            })
        let optimize = OptimizeOrder(routing: routing)
        let trip = Self.shuffled
        let order = optimize.order(of: trip, progress: { _, _ in true })
        var reordered = trip
        reordered.stops = order.reordered(trip.stops)
        #expect(order.isImprovement && reordered.stops.map(\.name) == ["Monterey", "Big Sur", "Morro Bay", "Cambria"])
        let screen = { (trip: Trip) in TripText.summary(legs: optimize.legs(of: trip), estimate: RouteEstimate(for: trip), unit: .km) }
        let (before, after) = (screen(trip), screen(reordered))
        let sentence = order.saving(in: .km)
        let figures = try #require(sentence.firstMatch(of: /: (.+) instead of (.+?), .*\((.+)\)\.$/))
        #expect(before.contains("· \(figures.2) driving") && after.contains("· \(figures.1) driving"), "\(sentence)\n\(before)\n\(after)")
        #expect(after.hasPrefix("Total distance: \(figures.3) by road"), "\(sentence)\n\(after)")
    }
}
