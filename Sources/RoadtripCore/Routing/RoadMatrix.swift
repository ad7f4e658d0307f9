/// The road between every two stops of a trip, each way (a road need not be as long back):
/// what `StopOrder` searches when every stop is on the roads of one region.
package struct RoadMatrix: Equatable, Sendable {
    package let count: Int
    /// Row by row: `meters[i * count + j]` is the road from stop i to stop j.
    package let meters: [Double]
    package let seconds: [Double]
    /// Whether it was searched all at once on a `RoadGraph`: its figures are for choosing an
    /// order (the legs shown are routed one by one, with the turns the graph leaves out), and
    /// it is found again sooner than a leg cache reads it, so it is not kept.
    package let isFromGraph: Bool
    /// The legs no road connects whose figures `bridgingGaps` gave as estimates.
    package let bridged: [Gap]

    /// A leg the roads do not connect, from stop `from` to stop `to`: its figures are not finite
    /// (a stop on a piece of road cut off from the rest, a one-way way out).
    package struct Gap: Equatable, Sendable {
        package let from: Int
        package let to: Int

        package init(from: Int, to: Int) {
            (self.from, self.to) = (from, to)
        }
    }

    package init(count: Int, meters: [Double], seconds: [Double], isFromGraph: Bool = false, bridged: [Gap] = []) {
        precondition(meters.count == count * count && seconds.count == count * count, "a matrix of \(count)×\(count)")
        self.count = count
        self.meters = meters
        self.seconds = seconds
        self.isFromGraph = isFromGraph
        self.bridged = bridged
    }

    /// The legs no road connects, row by row.
    package var gaps: [Gap] {
        var gaps: [Gap] = []
        for from in 0..<count {
            for to in 0..<count where from != to && !meters[from * count + to].isFinite {
                gaps.append(Gap(from: from, to: to))
            }
        }
        return gaps
    }

    /// The matrix with each gap's figures `estimate(from, to)` times `penalty`, so that an order
    /// is still chosen on the roads for the other legs, and a stop the roads do not reach is put
    /// where its estimated legs, made dearer, cost least.
    package func bridgingGaps(penalty: Double, estimate: (Int, Int) -> (meters: Double, seconds: Double)) -> RoadMatrix {
        let gaps = gaps
        guard !gaps.isEmpty else { return self }
        var (meters, seconds) = (meters, seconds)
        for gap in gaps {
            let figures = estimate(gap.from, gap.to)
            (meters[gap.from * count + gap.to], seconds[gap.from * count + gap.to]) = (figures.meters * penalty, figures.seconds * penalty)
        }
        return RoadMatrix(count: count, meters: meters, seconds: seconds, isFromGraph: isFromGraph, bridged: bridged + gaps)
    }

    /// The matrix of no more than one stop: nothing to drive.
    package static func trivial(_ count: Int) -> RoadMatrix {
        RoadMatrix(count: count, meters: Array(repeating: 0, count: count * count), seconds: Array(repeating: 0, count: count * count))
    }

    package func meters(_ from: Int, _ to: Int) -> Double { from == to ? 0 : meters[from * count + to] }
    package func seconds(_ from: Int, _ to: Int) -> Double { from == to ? 0 : seconds[from * count + to] }
}
