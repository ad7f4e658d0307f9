import Foundation
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripTUI
import Testing
import RoadtripTestSupport

/// Legs routed off the main loop: estimates at once, road figures after the loop's next poll,
/// each leg routed once, and nothing stale after the regions change.
@MainActor
struct RoadLegsTests {
    /// Counts the legs it routes; every leg is 2 km of road in 2 minutes.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var routed: Int { lock.withLock { count } }
        func route(_ from: Coordinate, _ to: Coordinate, _ fromName: String, _ toName: String) -> RoadRouter.Outcome {
            lock.withLock { count += 1 }
            return .road(RoadRouter.RoadLeg(metres: 2_000, seconds: 120, line: [from, to], region: "test"))
        }
    }

    func poll(_ legs: RoadLegs, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !done(), Date() < deadline {
            usleep(1_000)
            legs.poll()
        }
    }

    @Test func estimatesFirstThenRoadFiguresAndEachLegOnce() {
        let counter = Counter()
        let legs = RoadLegs { ({ from, to, fromName, toName, _ in counter.route(from, to, fromName, toName) }, nil, nil) }
        var changes = 0
        let subscription = legs.changes.sink { changes += 1 }
        defer { subscription.cancel() }
        let first = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        #expect(first.pending == 2 && first.legs.allSatisfy(\.isEstimate))
        poll(legs) { legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 0 }
        let routed = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        #expect(routed.legs.map(\.meters) == [2_000, 2_000] && routed.legs.allSatisfy { !$0.isEstimate })
        #expect(changes >= 1)
        // A trip with one more stop routes only its new leg.
        var longer = Fixtures.pacific
        longer.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.56, longitude: -121.08)))
        _ = legs.figures(of: longer, estimate: RouteEstimate())
        poll(legs) { legs.figures(of: longer, estimate: RouteEstimate()).pending == 0 }
        #expect(counter.routed == 3)
    }

    @Test func withoutRoadsNothingIsRoutedAndAReloadRoutesAfresh() {
        #expect(RoadLegs.none.figures(of: Fixtures.pacific, estimate: RouteEstimate()).legs.isEmpty)
        let counter = Counter()
        let legs = RoadLegs { ({ from, to, fromName, toName, _ in counter.route(from, to, fromName, toName) }, nil, nil) }
        _ = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        poll(legs) { legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 0 }
        legs.reload()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 2)
        poll(legs) { legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 0 }
        #expect(counter.routed == 4)
    }

    @Test func theOrderIsSearchedOnTheRoadsMatrixWithItsProgressOrInStraightLinesWithTheReason() {
        var trip = Fixtures.pacific
        trip.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.56, longitude: -121.08)))
        let stopNames = trip.stops.map(\.name)
        // Stops 2 and 3 are quick only the other way round.
        let seconds = (0..<16).map { [1, 11, 2, 9, 7].contains($0) ? 60.0 : 3_600 }
        let roads = RoadLegs { ({ _, _, _, _, _ in .estimate(reason: "unused") }, nil, { stops, _, progress in
            #expect(stops.map(\.1) == stopNames)
            for done in 1...12 where !progress(done, 12) { return .cancelled }
            return .roads(RoadMatrix(count: 4, meters: seconds, seconds: seconds))
        }) }
        var reports: [(Int, Int)] = []
        let order = roads.orderSearch(of: trip)({ reports.append(($0, $1)); return true }, { _ in true })
        #expect(reports.count == 12 && order.measure == .roadTime && order.order == [0, 2, 1, 3])
        let noRegion = RoadLegs { ({ _, _, _, _, _ in .estimate(reason: "unused") }, nil, { _, _, _ in .estimate(reason: "no region covers Cambria") }) }
        let straight = noRegion.orderSearch(of: trip)({ _, _ in true }, { _ in true })
        #expect(straight.measure == .straightLine && straight.notOnRoads == "no region covers Cambria")
        #expect(RoadLegs.none.orderSearch(of: trip)({ _, _ in true }, { _ in true }).notOnRoads == nil)
    }
}
