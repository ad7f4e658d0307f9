import Foundation
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripTestSupport

/// Legs routed off the main loop: estimates at once, road figures once the runner has routed them
/// and handed them over, each leg routed once, and nothing stale after the regions change. The
/// runner is a manual one: legs are routed when the test says.
@MainActor
struct RoadLegsTests {
    let runner = ManualRunner()

    /// Counts the legs it routes; every leg is 2 km of road in 2 minutes.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var routed: Int { lock.withLock { count } }
        func route(_ from: Coordinate, _ to: Coordinate, _ fromName: String, _ toName: String) -> RoadOutcome {
            lock.withLock { count += 1 }
            return .road(RoutedLeg(meters: 2_000, seconds: 120, line: [from, to], region: "test"))
        }
    }

    /// Road legs on `counter`'s roads, routed on the test's runner.
    func legs(_ counter: Counter) -> RoadLegs {
        RoadLegs(runner: runner) { FakeRouting { from, to, fromName, toName in counter.route(from, to, fromName, toName) } }
    }

    @Test func estimatesFirstThenRoadFiguresAndEachLegOnce() {
        let counter = Counter()
        let legs = legs(counter)
        var changes = 0
        let subscription = legs.changes.sink { changes += 1 }
        defer { subscription.cancel() }
        let first = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        #expect(first.pending == 2 && first.legs.allSatisfy(\.isEstimate))
        // Asked again before anything was routed: still pending, not sent twice.
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 2)
        #expect(runner.queuedNames == ["road-leg", "road-leg"])
        // Routed, but not handed over: the screens see nothing new yet.
        runner.runNext()
        runner.runNext()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 2 && changes == 0)
        runner.deliverFinished()
        let routed = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        #expect(routed.pending == 0)
        #expect(routed.legs.map(\.meters) == [2_000, 2_000] && routed.legs.allSatisfy { !$0.isEstimate })
        #expect(changes == 2)
        // A trip with one more stop routes only its new leg.
        var longer = Fixtures.pacific
        longer.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.56, longitude: -121.08)))
        #expect(legs.figures(of: longer, estimate: RouteEstimate()).pending == 1)
        runner.runAll()
        #expect(legs.figures(of: longer, estimate: RouteEstimate()).pending == 0)
        #expect(counter.routed == 3)
    }

    /// Issue 54: the trip list wants figures alone, and keeps no road line; a screen with a map
    /// gets the figures at once and the line routed again.
    @Test func theTripListsLegsKeepNoLineAndAScreenHasTheirLinesRoutedAgain() {
        let counter = Counter()
        let legs = legs(counter)
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate(), lines: false).pending == 2)
        runner.runAll()
        let listed = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate(), lines: false)
        #expect(listed.pending == 0 && listed.legs.allSatisfy { $0.source == .road && $0.line.isEmpty })
        let shown = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        #expect(shown.pending == 0 && shown.legs.map(\.meters) == [2_000, 2_000])
        runner.runAll()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).legs.allSatisfy { $0.line.count == 2 })
        #expect(counter.routed == 4)
        // Known with their lines, they are routed again for neither.
        _ = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate(), lines: false)
        _ = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        runner.runAll()
        #expect(counter.routed == 4)
    }

    @Test func withoutRoadsNothingIsRoutedAndAReloadRoutesAfresh() {
        #expect(RoadLegs.none.figures(of: Fixtures.pacific, estimate: RouteEstimate()).legs.isEmpty)
        let counter = Counter()
        let legs = legs(counter)
        _ = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        runner.runAll()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 0)
        legs.reload()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 2)
        runner.runAll()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 0)
        #expect(counter.routed == 4)
    }

    @Test func aLegRoutedOnTheRegionsBeforeAReloadIsNotTaken() {
        let counter = Counter()
        let legs = legs(counter)
        _ = legs.figures(of: Fixtures.pacific, estimate: RouteEstimate())
        runner.runNext()
        runner.runNext()
        legs.reload() // the regions changed while the legs were on their way
        runner.deliverFinished()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 2)
        runner.runAll()
        #expect(legs.figures(of: Fixtures.pacific, estimate: RouteEstimate()).pending == 0)
        #expect(counter.routed == 4)
    }

    @Test func theOrderIsSearchedOnTheRoadsMatrixWithItsProgressOrInStraightLinesWithTheReason() {
        var trip = Fixtures.pacific
        trip.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.56, longitude: -121.08)))
        let stopNames = trip.stops.map(\.name)
        // Stops 2 and 3 are quick only the other way round.
        let seconds = (0..<16).map { [1, 11, 2, 9, 7].contains($0) ? 60.0 : 3_600 }
        let roads = RoadLegs(runner: ManualRunner()) {
            FakeRouting(
                leg: { _, _, _, _ in .estimate(reason: "unused") },
                matrix: { stops, progress in
                    #expect(stops.map(\.1) == stopNames)
                    for done in 1...12 where !progress(done, 12) { return .cancelled }
                    return .roads(RoadMatrix(count: 4, meters: seconds, seconds: seconds))
                })
        }
        var reports: [(Int, Int)] = []
        let order = roads.orderSearch(of: trip, unit: .km)(
            {
                reports.append(($0, $1)); return true
            }, { _ in true })
        #expect(reports.count == 12 && order.measure == .roadTime && order.order == [0, 2, 1, 3])
        let noRegion = RoadLegs(runner: ManualRunner()) {
            FakeRouting(leg: { _, _, _, _ in .estimate(reason: "unused") }, matrix: { _, _ in .estimate(reason: "no region covers Cambria") })
        }
        let straight = noRegion.orderSearch(of: trip, unit: .km)({ _, _ in true }, { _ in true })
        #expect(straight.measure == .straightLine && straight.notOnRoads == "no region covers Cambria")
        #expect(RoadLegs.none.orderSearch(of: trip, unit: .km)({ _, _ in true }, { _ in true }).notOnRoads == nil)
    }

    @Test func aDetourIsRoutedOnTheRoadsLaneThereAndBackAndNotHandedOverAfterTheRegionsChange() throws {
        let counter = Counter()
        let legs = legs(counter)
        let place = Place(
            name: "Càmping Valira", admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Coordinate(latitude: 42.502, longitude: 1.515),
            population: 0, kind: .campSite)
        let found = AlongTheRoute.Found(
            place: place,
            position: TripLine.Position(
                meters: 100, leg: 0, shareOfLeg: 0.01, offMeters: 800, onTheLeft: false,
                foot: Coordinate(latitude: 42.5078, longitude: 1.5211)), alongAnEstimate: false)
        var detours: [LegFigures] = []
        let job = legs.detour(to: found, options: RouteOptions(), estimate: RouteEstimate()) { detours.append($0) }
        #expect(job?.lane == "roads" && runner.queuedNames == ["along-detour"])
        runner.runAll()
        #expect(detours == [LegFigures(meters: 4_000, seconds: 240, source: .road)] && counter.routed == 2)
        _ = legs.detour(to: found, options: RouteOptions(), estimate: RouteEstimate()) { detours.append($0) }
        legs.reload()
        runner.runAll()
        #expect(detours.count == 1, "routed on the regions before they changed")
        #expect(
            RoadLegs.none.detour(to: found, options: RouteOptions(), estimate: RouteEstimate()) { detours.append($0) } == nil,
            "no roads: the caller estimates it")
    }

    /// Issue 52, case 11: a move, then routing brought down by a region's file cut short: the move
    /// was in neither the file nor the journal, as its leg began routing before the journal had
    /// it. A leg asked for after a change is routed only once that change is kept.
    @Test func aLegIsRoutedOnlyOnceTheChangeThatAskedForItIsKept() throws {
        final class Seen: @unchecked Sendable {
            private let lock = NSLock()
            private var kept: [Bool] = []
            func note(_ wasKept: Bool) { lock.withLock { kept.append(wasKept) } }
            var routed: [Bool] { lock.withLock { kept } }
        }
        let (onDisk, seen) = (ChangesOnDisk(), Seen())
        onDisk.made(1)
        let legs = RoadLegs(runner: runner, changesOnDisk: onDisk) {
            FakeRouting { from, to, _, _ in
                seen.note(onDisk.waitUntilKept(1, patience: 0))
                return .road(RoutedLeg(meters: 2_000, seconds: 120, line: [from, to], region: "test"))
            }
        }
        var trip = Fixtures.pacific
        trip.stops.removeLast(trip.stops.count - 2)
        _ = legs.figures(of: trip, estimate: RouteEstimate())
        let job = try #require(runner.queued.first)
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = job.run()
            ended.signal()
        }
        // Until the job waits for the change, or (as before) has routed without waiting; the
        // deadline only guards against a hang.
        let deadline = Date().addingTimeInterval(120)
        while onDisk.waiting == 0, seen.routed.isEmpty, Date() < deadline { usleep(1_000) }
        onDisk.kept(upTo: 1)
        ended.wait()
        #expect(seen.routed == [true])
    }
}
