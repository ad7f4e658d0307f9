/// A good order for more stops than Held–Karp can take: the nearest-neighbour path from the first
/// stop and the order given, each improved by 2-opt (reverse a run of stops) and Or-opt (move a run of 1–3 stops elsewhere, either
/// way round) until neither finds a shorter path. No randomness, so a trip always gets the same order.
///
/// Costs need not be symmetric: a reversed run is priced by walking it the other way, which
/// `forward` and `backward` (lengths from the first stop to each position, walked either way)
/// give in constant time.
struct LocalSearch {
    /// Each pass is O(n²); real trips settle in a handful. The cap only guards against cycling on
    /// rounding noise or infinite costs.
    static let maximumRounds = 100

    private let d: [Double]
    private let n: Int
    private(set) var tour: [Int]
    /// forward[k]: tour[0] → tour[1] → … → tour[k]; backward[k]: the same legs, each walked the other way.
    private var forward: [Double]
    private var backward: [Double]
    /// Smaller gains than this are rounding in `forward`/`backward`, not improvements.
    private let tolerance: Double

    /// Two starts, each improved, the shorter kept: the nearest-neighbour path, and the user's own
    /// order (often nearly right already, and a different valley to settle in). About 4 ms more
    /// for 200 stops.
    static func bestOrder(_ matrix: DistanceMatrix) -> [Int] {
        let improved = [nearestNeighbour(matrix), Array(0..<matrix.count)].map { start in
            var search = LocalSearch(matrix, start: start)
            search.improve()
            return search.tour
        }
        return improved.min { matrix.length(of: $0) < matrix.length(of: $1) } ?? Array(0..<matrix.count)
    }

    init(_ matrix: DistanceMatrix, start: [Int]) {
        d = matrix.values
        n = matrix.count
        tour = start
        forward = Array(repeating: 0, count: n)
        backward = Array(repeating: 0, count: n)
        let finite = zip(start, start.dropFirst()).map { matrix[$0.0, $0.1] }.filter(\.isFinite)
        tolerance = 1e-9 * finite.reduce(0, +)
        recount()
    }

    /// From the first stop, always on to the closest stop not yet visited; the last stop last.
    static func nearestNeighbour(_ matrix: DistanceMatrix) -> [Int] {
        let n = matrix.count
        var visited = Array(repeating: false, count: n)
        var tour = [0], current = 0
        for _ in 1..<(n - 1) {
            var next = -1
            for k in 1..<(n - 1) where !visited[k] && (next < 0 || matrix[current, k] < matrix[current, next]) {
                next = k
            }
            visited[next] = true
            tour.append(next)
            current = next
        }
        return tour + [n - 1]
    }

    mutating func improve() {
        for _ in 0..<Self.maximumRounds {
            let reversed = twoOptPass()
            let moved = orOptPass()
            if !reversed && !moved { return }
        }
    }

    private mutating func recount() {
        for k in 1..<n {
            let a = tour[k - 1], b = tour[k]
            forward[k] = forward[k - 1] + d[a * n + b]
            backward[k] = backward[k - 1] + d[b * n + a]
        }
    }

    /// For each start position, the best run starting there to reverse, if any shortens the path.
    private mutating func twoOptPass() -> Bool {
        var improved = false
        for i in 1..<(n - 2) {
            let a = tour[i - 1], b = tour[i]
            var best = -tolerance, bestEnd = -1
            for j in (i + 1)...(n - 2) {
                let c = tour[j], e = tour[j + 1]
                let delta =
                    d[a * n + c] + d[b * n + e] - d[a * n + b] - d[c * n + e]
                    + (backward[j] - backward[i]) - (forward[j] - forward[i])
                if delta < best { best = delta; bestEnd = j }
            }
            if bestEnd >= 0 {
                tour[i...bestEnd].reverse()
                recount()
                improved = true
            }
        }
        return improved
    }

    /// Taking out tour[start...start + length − 1] and putting it between tour[after] and tour[after + 1].
    private struct SegmentMove {
        var start: Int, length: Int, after: Int, reversed: Bool
    }

    /// For each start position, the best run of 1–3 stops starting there to move, if any shortens the path.
    private mutating func orOptPass() -> Bool {
        var improved = false
        for start in 1..<(n - 1) {
            guard let move = bestSegmentMove(at: start) else { continue }
            var segment = Array(tour[move.start..<(move.start + move.length)])
            if move.reversed { segment.reverse() }
            tour.removeSubrange(move.start..<(move.start + move.length))
            tour.insert(contentsOf: segment, at: move.after < move.start ? move.after + 1 : move.after + 1 - move.length)
            recount()
            improved = true
        }
        return improved
    }

    private func bestSegmentMove(at start: Int) -> SegmentMove? {
        var best = -tolerance, found: SegmentMove?
        for length in 1...min(3, n - 1 - start) {
            let last = start + length - 1
            let s = tour[start], l = tour[last], p = tour[start - 1], q = tour[last + 1]
            let closing = d[p * n + q] - d[p * n + s] - d[l * n + q]
            let turning = (backward[last] - backward[start]) - (forward[last] - forward[start])
            // Every leg but the run's own two: (start − 1, start) and (last, last + 1) would put it back.
            for after in 0..<(n - 1) where after < start - 1 || after > last {
                let x = tour[after], y = tour[after + 1]
                let opening = closing - d[x * n + y]
                let straight = opening + d[x * n + s] + d[l * n + y]
                if straight < best { best = straight; found = SegmentMove(start: start, length: length, after: after, reversed: false) }
                guard length > 1 else { continue }
                let turned = opening + d[x * n + l] + d[s * n + y] + turning
                if turned < best { best = turned; found = SegmentMove(start: start, length: length, after: after, reversed: true) }
            }
        }
        return found
    }
}
