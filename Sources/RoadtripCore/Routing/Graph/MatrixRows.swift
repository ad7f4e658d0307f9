import Foundation

/// A road matrix's rows worked out on several threads, each worker writing only the rows it was
/// given (`RoadGraph`'s search from each stop, `RoadHierarchy`'s from the buckets).
protocol MatrixRows: Sendable {
    /// Works out the rows of `rows` that are `worker`'s.
    func run(_ rows: Range<Int>, worker: Int)
    /// The legs of `rows` with no road, as (row, column).
    func unreached(in rows: Range<Int>) -> [(Int, Int)]
    var matrix: RoadMatrix { get }
}

extension MatrixRows {
    /// The matrix of `stops`, its rows a few at a time on `workers` threads, so that
    /// `progress(done, total)` and a cancel (it returns false) come between them. A leg no road
    /// connects stays in it (`RoadMatrix.gaps`), unless `noRoad(i, j)` says why no road leads
    /// from stop i to stop j (regions whose roads do not meet): then the whole is an estimate.
    func outcome(
        of stops: [(Coordinate, String)], workers: Int, noRoad: (Int, Int) -> String,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome {
        let n = stops.count
        for first in stride(from: 0, to: n, by: workers * 4) {
            let rows = first..<min(first + workers * 4, n)
            DispatchQueue.concurrentPerform(iterations: workers) { run(rows, worker: $0) }
            for (row, column) in unreached(in: rows) {
                let reason = noRoad(row, column)
                if !reason.isEmpty { return .estimate(reason: reason) }
            }
            guard progress(rows.upperBound * (n - 1), n * (n - 1)) else { return .cancelled }
        }
        return .roads(matrix)
    }
}
