import Foundation
@testable import RoadtripCore
import Testing

@Suite struct RouteOptimizerTests {
    struct Point { var x: Double, y: Double }

    /// Straight-line distances between `points`, as the optimizer's cost.
    static func euclidean(_ points: [Point]) -> (Int, Int) -> Double {
        { i, j in hypot(points[i].x - points[j].x, points[i].y - points[j].y) }
    }

    static func randomPoints(_ count: Int, _ random: inout SeededRandom) -> [Point] {
        (0..<count).map { _ in Point(x: .random(in: 0..<100, using: &random), y: .random(in: 0..<100, using: &random)) }
    }

    /// `count` points evenly on a circle of radius 100, the first one at angle 0.
    static func circle(_ count: Int) -> [Point] {
        (0..<count).map { k in
            let angle = 2 * Double.pi * Double(k) / Double(count)
            return Point(x: 100 * cos(angle), y: 100 * sin(angle))
        }
    }

    /// A loop round the circle starting and ending at its point 0, the others shuffled between.
    /// The shortest loop through points in convex position goes round them in angular order.
    static func shuffledLoop(round circle: [Point], _ random: inout SeededRandom) -> [Point] {
        [circle[0]] + circle.dropFirst().shuffled(using: &random) + [circle[0]]
    }

    /// The length of the shortest order, by trying every order of the middle stops.
    static func bruteForce(count: Int, distance: (Int, Int) -> Double) -> Double {
        var best = Double.infinity
        func visit(_ prefix: [Int], _ left: [Int]) {
            guard !left.isEmpty else {
                best = min(best, RouteOptimizer.length(of: prefix + [count - 1], distance: distance))
                return
            }
            for (k, next) in left.enumerated() {
                var rest = left
                rest.remove(at: k)
                visit(prefix + [next], rest)
            }
        }
        visit([0], Array(1..<(count - 1)))
        return best
    }

    static func isValid(_ order: [Int], count: Int) -> Bool {
        order.count == count && order.first == 0 && order.last == count - 1 && order.sorted() == Array(0..<count)
    }

    @Test func exactAgainstEveryOrderOnRandomInstances() {
        var random = SeededRandom(seed: 2024)
        for instance in 0..<200 {
            let count = 3 + instance % 7
            let points = Self.randomPoints(count, &random)
            let distance = Self.euclidean(points)
            let order = RouteOptimizer.bestOrder(count: count, distance: distance)
            #expect(Self.isValid(order, count: count))
            let found = RouteOptimizer.length(of: order, distance: distance)
            let optimum = Self.bruteForce(count: count, distance: distance)
            #expect(abs(found - optimum) <= 1e-9 * optimum, "instance \(instance), \(count) stops")
        }
    }

    @Test func exactOnAsymmetricCosts() {
        // One-way costs (a toll one way, say): the exact search must not assume d(i, j) = d(j, i).
        var random = SeededRandom(seed: 7)
        for count in 4...9 {
            let costs = (0..<(count * count)).map { _ in Double.random(in: 1..<100, using: &random) }
            let distance: (Int, Int) -> Double = { costs[$0 * count + $1] }
            let found = RouteOptimizer.length(of: RouteOptimizer.bestOrder(count: count, distance: distance), distance: distance)
            let optimum = Self.bruteForce(count: count, distance: distance)
            #expect(abs(found - optimum) <= 1e-9 * optimum)
        }
    }

    /// Issue 54: the sums a one-way search prices reversed runs with are kept by blocks, a change
    /// moving the blocks after it; they stay what adding up afresh gives, change after change.
    @Test func runningSumsStayTheSumsAddedUpAfresh() {
        var random = SeededRandom(seed: 54)
        let count = 300
        var values = (0..<count).map { $0 == 0 ? 0 : Double.random(in: -50..<100, using: &random) }
        var sums = RunningSums(count: count)
        sums.changed(from: 1, through: count - 1) { values[$0] }
        for _ in 0..<500 {
            let lower = Int.random(in: 1..<count, using: &random), upper = min(count - 1, lower + Int.random(in: 0..<80, using: &random))
            for k in lower...upper { values[k] = Double.random(in: -50..<100, using: &random) }
            sums.changed(from: lower, through: upper) { values[$0] }
            var afresh = 0.0
            for k in 0..<count {
                afresh += values[k]
                if abs(sums[k] - afresh) > 1e-6 { Issue.record("position \(k): \(sums[k]) against \(afresh)"); return }
            }
        }
    }

    @Test func beyondTheExactLimitOneWayCostsAreSearchedAsWell() {
        // 60 random points; going back west costs 30% more (a one-way road system, say).
        var random = SeededRandom(seed: 11)
        let points = Self.randomPoints(60, &random)
        let base = Self.euclidean(points)
        let distance: (Int, Int) -> Double = { base($0, $1) * (points[$1].x < points[$0].x ? 1.3 : 1) }
        let chained = RouteOptimizer.bestOrder(count: 60, distance: distance)
        let local = RouteOptimizer.bestOrder(count: 60, search: .localSearch, distance: distance)
        #expect(Self.isValid(chained, count: 60))
        let (found, before) = (RouteOptimizer.length(of: chained, distance: distance), RouteOptimizer.length(of: local, distance: distance))
        #expect(found <= before, "\(found) against the previous search's \(before)")
        #expect(found <= RouteOptimizer.length(of: Array(0..<60), distance: distance))
    }

    @Test func exactAtTheLimit() {
        // 17 stops, 15 movable: a loop round a circle, shuffled. Optimum: the circle in order.
        var random = SeededRandom(seed: 14)
        let points = Self.shuffledLoop(round: Self.circle(16), &random)
        #expect(points.count - 2 == RouteOptimizer.exactLimit)
        let distance = Self.euclidean(points)
        let order = RouteOptimizer.bestOrder(count: points.count, distance: distance)
        #expect(Self.isValid(order, count: points.count))
        let optimum = 16 * 2 * 100 * sin(Double.pi / 16)
        #expect(abs(RouteOptimizer.length(of: order, distance: distance) - optimum) <= 1e-9 * optimum)
    }

    @Test(arguments: [50, 100, 200])
    func largeLoopRoundACircleIsFoundInOrder(count: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let points = Self.shuffledLoop(round: Self.circle(count - 1), &random)
        let distance = Self.euclidean(points)
        let order = RouteOptimizer.bestOrder(count: points.count, distance: distance)
        #expect(Self.isValid(order, count: points.count))
        let optimum = Double(count - 1) * 2 * 100 * sin(Double.pi / Double(count - 1))
        let found = RouteOptimizer.length(of: order, distance: distance)
        // 2-opt leaves no crossing, and a loop without crossings through points in convex position is the optimum.
        #expect(found <= optimum * (1 + 1e-9), "\(found) against \(optimum)")
    }

    @Test func gridFromCornerToCornerIsWithinFivePercent() {
        // 10 × 10 points 1 apart, from (0, 0) to (0, 9): 99 legs of at least 1 each, and the
        // snake row by row makes every leg exactly 1, so the optimum is 99.
        var random = SeededRandom(seed: 100)
        let cells: [Point] = (0..<100).map { (index: Int) -> Point in Point(x: Double(index % 10), y: Double(index / 10)) }
        let start = cells[0], end = cells[90]
        let middle: [Point] = cells.filter { (cell: Point) -> Bool in (cell.x, cell.y) != (start.x, start.y) && (cell.x, cell.y) != (end.x, end.y) }
        let points = [start] + middle.shuffled(using: &random) + [end]
        let distance = Self.euclidean(points)
        let order = RouteOptimizer.bestOrder(count: points.count, distance: distance)
        #expect(Self.isValid(order, count: points.count))
        let found = RouteOptimizer.length(of: order, distance: distance)
        #expect(found <= 99 * 1.05, "\(found)")
    }

    @Test func ordersAreAlwaysPermutationsWithTheEndsInPlace() {
        var random = SeededRandom(seed: 3)
        for count in [4, 10, 14, 15, 16, 30, 77] {
            let points = Self.randomPoints(count, &random)
            #expect(Self.isValid(RouteOptimizer.bestOrder(count: count, distance: Self.euclidean(points)), count: count))
        }
    }

    @Test func threeStopsOrFewerAreLeftAlone() {
        for count in 0...3 {
            var calls = 0
            let order = RouteOptimizer.bestOrder(count: count) { _, _ in
                calls += 1; return 1
            }
            #expect(order == Array(0..<count))
            #expect(calls == 0)
        }
        #expect(RouteOptimizer.bestOrder(of: [Coordinate(latitude: 45.5, longitude: -122.7)]) == [0])
    }

    @Test func neverLongerThanTheOrderGiven() {
        var random = SeededRandom(seed: 11)
        for count in [5, 14, 20, 40, 120] {
            // Already sorted along a line: the identity is optimal, nothing may make it worse.
            let line = (0..<count).map { Point(x: Double($0), y: 0) }
            let order = RouteOptimizer.bestOrder(count: count, distance: Self.euclidean(line))
            #expect(RouteOptimizer.length(of: order, distance: Self.euclidean(line)) <= Double(count - 1) + 1e-9)
            let points = Self.randomPoints(count, &random)
            let distance = Self.euclidean(points)
            let given = RouteOptimizer.length(of: Array(0..<count), distance: distance)
            #expect(RouteOptimizer.length(of: RouteOptimizer.bestOrder(count: count, distance: distance), distance: distance) <= given)
        }
    }

    @Test func aNaNCostLeavesTheOrderAsGiven() {
        let order = RouteOptimizer.bestOrder(of: [
            Coordinate(latitude: 45.5, longitude: -122.7), Coordinate(latitude: .nan, longitude: 0),
            Coordinate(latitude: 47.6, longitude: -122.3), Coordinate(latitude: 37.8, longitude: -122.4),
        ])
        #expect(order == [0, 1, 2, 3])
    }

    // West coast, north to south.
    static let seattle = Coordinate(latitude: 47.61, longitude: -122.33)
    static let portland = Coordinate(latitude: 45.52, longitude: -122.68)
    static let eugene = Coordinate(latitude: 44.05, longitude: -123.09)
    static let sacramento = Coordinate(latitude: 38.58, longitude: -121.49)
    static let sanFrancisco = Coordinate(latitude: 37.77, longitude: -122.42)
    static let santaBarbara = Coordinate(latitude: 34.42, longitude: -119.70)
    static let losAngeles = Coordinate(latitude: 34.05, longitude: -118.24)
    static let sanDiego = Coordinate(latitude: 32.72, longitude: -117.16)

    @Test func aWestCoastTripGoesDownTheCoast() {
        let stops = [Self.seattle, Self.losAngeles, Self.eugene, Self.sanFrancisco, Self.portland, Self.santaBarbara, Self.sacramento, Self.sanDiego]
        let order = RouteOptimizer.bestOrder(of: stops)
        #expect(
            order.map { stops[$0] } == [
                Self.seattle, Self.portland, Self.eugene, Self.sacramento, Self.sanFrancisco,
                Self.santaBarbara, Self.losAngeles, Self.sanDiego,
            ])
    }

    @Test func aLoopFromHomeComesBackTheShortWay() {
        // Portland → … → Portland: the ends are one place, so the fixed ends make a shortest loop.
        let stops = [Self.portland, Self.sanFrancisco, Self.seattle, Self.sacramento, Self.eugene, Self.portland]
        let order = RouteOptimizer.bestOrder(of: stops)
        let visited = order.map { stops[$0] }
        let south = [Self.portland, Self.eugene, Self.sanFrancisco, Self.sacramento, Self.seattle, Self.portland]
        #expect(visited == south || visited == Array(south.reversed()))
    }

    @Test func pastTheStopLimitTheOrderIsKeptWithoutAMatrix() {
        // Issue 21: 100,000 stops asked for an 80 GB matrix (n² doubles) and aborted.
        let many: [Coordinate] = (0..<(RouteOptimizer.maximumStops + 1)).map { (index: Int) -> Coordinate in
            Coordinate(latitude: Double(index % 80), longitude: Double((index * 7) % 170))
        }
        let kept: [Int] = RouteOptimizer.bestOrder(of: many)
        #expect(kept == Array(many.indices))
        let unit: (Int, Int) -> Double = { _, _ in 1 }
        let keptByCount: [Int] = RouteOptimizer.bestOrder(count: 200_000, distance: unit)
        #expect(keptByCount == Array(0..<200_000))
    }
}
