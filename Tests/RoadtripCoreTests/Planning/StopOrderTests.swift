@testable import RoadtripCore
import Testing

/// The order searched on the roads between every two stops (issue 23): the quickest or the
/// shortest as the trip's route setting says, each way on its own figures.
@Suite struct StopOrderTests {
    /// Four stops west to east; in straight lines the order given is the shortest.
    static func trip(route: RoutePreference? = nil) -> Trip {
        var trip = Trip(name: "Valleys", stops: (0..<4).map { Stop(name: "S\($0 + 1)", location: Coordinate(latitude: 45, longitude: Double($0) / 10)) })
        trip.settings.route = route
        return trip
    }

    /// On the roads, stop 2 is quick to reach only from stop 3 (a one-way valley): 1 → 3 → 2 → 4
    /// takes 5 min, the order given 35 min. In meters the order given stays the shortest.
    static let roads: RoadMatrix = {
        var seconds = Array(repeating: 600.0, count: 16), meters = Array(repeating: 20_000.0, count: 16)
        for (i, j, s) in [(0, 1, 1_000.0), (1, 2, 1_000), (2, 3, 100), (0, 2, 100), (2, 1, 100), (1, 3, 100)] { seconds[i * 4 + j] = s }
        for (i, j) in [(0, 1), (1, 2), (2, 3)] { meters[i * 4 + j] = 9_000 }
        return RoadMatrix(count: 4, meters: meters, seconds: seconds)
    }()

    @Test func quickestOnTheRoadsByDefaultEachWayOnItsOwnTime() {
        let order = StopOrder(of: Self.trip(), roads: Self.roads)
        #expect(order.measure == .roadTime && order.order == [0, 2, 1, 3])
        #expect(order.currentSeconds == 2_100 && order.optimizedSeconds == 300)
        #expect(order.currentMeters == 27_000 && order.optimizedMeters == 60_000)
        #expect(order.isImprovement && order.notOnRoads == nil && order.straightLineNote == nil)
        #expect(order.saving(in: .km) == "Quickest order on the roads: 5 min instead of 35 min, 30 min (86%) less (60.0 km).")
        // In straight lines there is nothing to change.
        #expect(!StopOrder(of: Self.trip()).isImprovement)
    }

    @Test func shortestOnTheRoadsWhenTheTripSaysSo() {
        let order = StopOrder(of: Self.trip(route: .shortest), roads: Self.roads)
        #expect(order.measure == .roadDistance && order.order == [0, 1, 2, 3] && !order.isImprovement)
        #expect(order.alreadyBest(in: .km) == "The order is already the shortest on the roads: 27.0 km.")
        let quickest = StopOrder(of: Self.trip(), roads: RoadMatrix(count: 4, meters: Self.roads.meters, seconds: Self.roads.meters))
        #expect(quickest.alreadyBest(in: .km) == "The order is already the quickest on the roads: 7 h 30 min.")
    }

    @Test func withoutTheRoadsTheOrderIsInStraightLinesAndSaysWhy() {
        let order = StopOrder(of: Self.trip(), notOnRoads: "no region covers S4")
        #expect(order.measure == .straightLine && order.currentSeconds == nil)
        #expect(order.straightLineNote == "In straight lines: no region covers S4.")
        #expect(order.alreadyBest(in: .km) == "The order is already the shortest: 23.7 km.")
        #expect(StopOrder(of: Self.trip(), roads: Self.roads, notOnRoads: "ignored").notOnRoads == nil)
    }

    @Test func theSavingIsTheDifferenceOfTheFiguresShown() {
        // 470.4 km as given, 342.6 km in the new order: shown as 470 and 343, so 127 km saved
        // (the unrounded 127.8 would print 128, which does not add up).
        var meters = Array(repeating: 900_000.0, count: 16)
        for (i, j) in [(0, 1), (1, 2), (2, 3)] { meters[i * 4 + j] = 156_800 }
        for (i, j) in [(0, 2), (2, 1), (1, 3)] { meters[i * 4 + j] = 114_200 }
        let order = StopOrder(of: Self.trip(route: .shortest), roads: RoadMatrix(count: 4, meters: meters, seconds: meters))
        #expect(order.saving(in: .km) == "Shortest order on the roads: 343 km instead of 470 km, 127 km (27%) less.")
        // In time, whole minutes: 1 h 00.4 min and 30.6 min show as 1 h 00 min and 31 min.
        var seconds = Array(repeating: 900_000.0, count: 16)
        for (i, j) in [(0, 1), (1, 2), (2, 3)] { seconds[i * 4 + j] = 1_208 }
        for (i, j) in [(0, 2), (2, 1), (1, 3)] { seconds[i * 4 + j] = 612 }
        let timed = StopOrder(of: Self.trip(), roads: RoadMatrix(count: 4, meters: meters, seconds: seconds))
        #expect(timed.saving(in: .km) == "Quickest order on the roads: 31 min instead of 1 h 00 min, 29 min (49%) less (343 km).")
    }

    /// Issue 36: a matrix searched on the roads' graph chooses the order; the figures shown are
    /// the legs as they are driven one by one, when every leg is on the roads.
    @Test func theFiguresOfAnOrderChosenOnTheGraphAreItsLegsAsDriven() {
        let order = StopOrder(of: Self.trip(), roads: Self.roads)
        let road = { (seconds: Double) in LegFigures(meters: seconds * 10, seconds: seconds, source: .road, line: []) }
        let refigured = order.refigured(current: [road(1_100), road(1_000), road(120)], optimized: [road(110), road(120), road(130)])
        #expect(refigured.order == order.order && refigured.measure == .roadTime)
        #expect(refigured.currentSeconds == 2_220 && refigured.optimizedSeconds == 360)
        #expect(refigured.currentMeters == 22_200 && refigured.optimizedMeters == 3_600)
        let estimate = LegFigures.estimated(geodesicMeters: 1_000, estimate: RouteEstimate(), reason: "no region covers S2")
        #expect(order.refigured(current: [road(1), estimate, road(1)], optimized: [road(1), road(1), road(1)]) == order)
        let straight = StopOrder(of: Self.trip(), notOnRoads: "no region covers S2")
        #expect(straight.refigured(current: [road(1), road(1), road(1)], optimized: [road(1), road(1), road(1)]) == straight)
    }

    /// Issue 53, item 11: given the legs as the trip screen shows them, the sentences say its
    /// figures, each leg's time in whole minutes added up as its summary adds them.
    @Test func theSentencesSayTheTripScreensFiguresWhenGiven() {
        let order = StopOrder(of: Self.trip(), roads: Self.roads)
        let road = { (seconds: Double) in LegFigures(meters: seconds * 10, seconds: seconds, source: .road, line: []) }
        // 40 min 40 s three times: 2 h 02 min added up unrounded, 2 h 03 min as the screen adds its legs' 41 min.
        let current = [road(2_440), road(2_440), road(2_440)], optimized = [road(1_290), road(1_290), road(1_290)]
        let shown = order.shown(current: current, optimized: optimized)
        #expect(TripText.summary(legs: current, estimate: RouteEstimate(), unit: .km).contains("2 h 03 min driving"))
        #expect(TripText.summary(legs: optimized, estimate: RouteEstimate(), unit: .km).contains("1 h 06 min driving"))
        #expect(shown.saving(in: .km) == "Quickest order on the roads: 1 h 06 min instead of 2 h 03 min, 57 min (46%) less (38.7 km).")
        #expect(shown.isImprovement && shown.order == order.order)
        // An order the search prefers that the screen would show no quicker is not offered.
        let same = order.shown(current: current, optimized: [road(2_460), road(2_460), road(2_460)])
        #expect(!same.isImprovement)
        #expect(same.alreadyBest(in: .km) == "The order is already the quickest on the roads: 2 h 03 min.")
    }

    @Test func inStraightLinesTheTripScreensEstimatesAreSaidWithTheirMark() {
        let trip = Self.trip()
        var zigzag = trip
        zigzag.stops.swapAt(1, 2)
        let order = StopOrder(of: zigzag)
        #expect(order.order == [0, 2, 1, 3])
        let estimate = RouteEstimate(for: trip)
        let legs = { (trip: Trip) in LegFigures.estimated(legs: TripRoute(trip).legMeters, estimate: estimate) }
        let shown = order.shown(current: legs(zigzag), optimized: legs(trip))
        #expect(TripText.summary(legs: legs(zigzag), estimate: estimate, unit: .km).hasPrefix("Total distance: ≈ 49.3 km by road"))
        #expect(TripText.summary(legs: legs(trip), estimate: estimate, unit: .km).hasPrefix("Total distance: ≈ 29.6 km by road"))
        #expect(shown.saving(in: .km) == "Shortest order: ≈ 29.6 km instead of ≈ 49.3 km, ≈ 19.7 km (40%) less.")
    }

    /// The fewest stops that explain the gaps of a matrix: the one in most gaps first.
    @Test func theStopsCutOffAreTheFewestThatExplainEveryGap() {
        let gaps = { (pairs: [(Int, Int)]) in pairs.map { RoadMatrix.Gap(from: $0.0, to: $0.1) } }
        #expect(StopOrder.cutOff(by: []).isEmpty)
        #expect(StopOrder.cutOff(by: gaps([(0, 2), (1, 2), (2, 0), (2, 1), (3, 2), (2, 3)])) == [2])
        // A one-way way out: only the legs from stop 3 have no road.
        #expect(StopOrder.cutOff(by: gaps([(3, 0), (3, 1), (3, 2)])) == [3])
        #expect(StopOrder.cutOff(by: gaps([(1, 0), (0, 1), (1, 2), (2, 1), (3, 4), (4, 3), (3, 0), (0, 3), (3, 2)])).sorted() == [1, 3])
    }
}
