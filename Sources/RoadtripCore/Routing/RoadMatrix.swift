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

    package init(count: Int, meters: [Double], seconds: [Double], isFromGraph: Bool = false) {
        precondition(meters.count == count * count && seconds.count == count * count, "a matrix of \(count)×\(count)")
        self.count = count
        self.meters = meters
        self.seconds = seconds
        self.isFromGraph = isFromGraph
    }

    /// The matrix of no more than one stop: nothing to drive.
    package static func trivial(_ count: Int) -> RoadMatrix {
        RoadMatrix(count: count, meters: Array(repeating: 0, count: count * count), seconds: Array(repeating: 0, count: count * count))
    }

    package func meters(_ from: Int, _ to: Int) -> Double { from == to ? 0 : meters[from * count + to] }
    package func seconds(_ from: Int, _ to: Int) -> Double { from == to ? 0 : seconds[from * count + to] }
}
