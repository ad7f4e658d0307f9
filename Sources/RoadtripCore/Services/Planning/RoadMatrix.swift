/// The road between every two stops of a trip, each way (a road need not be as long back):
/// what `StopOrder` searches when every stop is on the roads of one region.
package struct RoadMatrix: Equatable, Sendable {
    package let count: Int
    /// Row by row: `meters[i * count + j]` is the road from stop i to stop j.
    package let meters: [Double]
    package let seconds: [Double]

    package init(count: Int, meters: [Double], seconds: [Double]) {
        precondition(meters.count == count * count && seconds.count == count * count, "a matrix of \(count)×\(count)")
        self.count = count
        self.meters = meters
        self.seconds = seconds
    }

    package func meters(_ from: Int, _ to: Int) -> Double { from == to ? 0 : meters[from * count + to] }
    package func seconds(_ from: Int, _ to: Int) -> Double { from == to ? 0 : seconds[from * count + to] }
}
