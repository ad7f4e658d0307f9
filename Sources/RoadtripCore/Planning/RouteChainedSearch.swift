/// A near-optimal order for more stops than Held–Karp can take: iterated local search.
///
/// The local search is 2-opt (reverse a run of stops) and Or-opt (move a run of 1–3 stops
/// elsewhere, either way round), each looking only at a stop's nearest neighbours, and only at
/// stops whose surroundings changed since they were last looked at ("don't-look bits"). From its
/// local optimum the search kicks the order (a double bridge: two neighbouring runs swap places,
/// a change 2-opt and Or-opt cannot undo in one move), settles again, and keeps the result only
/// when it is shorter. The random choices come from a generator with a fixed seed (`SeededRandom`), so a trip
/// always gets the same order.
///
/// The first and last stop stay in place. Costs need not be symmetric: a reversed run is priced
/// by what turning each of its edges round costs (`turning`: those costs added from the first
/// stop to each position), and the kick reverses nothing.
struct ChainedSearch {
    /// How many nearest neighbours each stop's moves look at.
    static let neighbourCount = 10
    /// The longest run a kick moves: kicks stay local, where the local search can settle them.
    static let kickSpan = 25
    /// How many of them an Or-opt move looks beside.
    static let movingNeighbours = 5
    /// How many first reversals a two-reversal move tries from one stop.

    private let n: Int
    private let d: [Double]
    private let neighbours: [[Int]]
    private(set) var tour: [Int]
    private var position: [Int]
    private var turning: RunningSums
    private var queued: [Bool]
    private var queue: [Int] = []
    private var head = 0
    private let tolerance: Double
    /// Costs the same both ways: no run costs more turned round, and `turning` is
    /// not kept (a move then costs what it moves, not the length of the path after it).
    private let symmetric: Bool
    /// The path's length, kept up to date by each move's gain.
    private(set) var length: Double = 0
    /// The positions changed since `iterate` last cleared them (`recount` widens them): what a
    /// kick that gained nothing puts back, rather than the whole path (at 500 stops the whole
    /// path counted again after each of 11,000 kicks was a tenth of an optimize).
    private var changed = (low: Int.max, high: -1)

    /// Kicks tried: `iterations(count)` of them for `count` stops, reported to `progress`
    /// (which stops the search by returning false). The order is never longer than `start`.
    ///
    /// The search runs on the stops numbered along the first start (a path from each stop to a
    /// near one): the costs a move looks at, a stop's to its neighbours', are then near each other
    /// in memory. Numbered as given, a road matrix of 500 stops (2 MB) was read all over at every
    /// move, and the search waited on memory for most of its time.
    static func bestOrder(
        _ matrix: DistanceMatrix, starts: [[Int]], iterations: Int,
        progress: ((Double) -> Bool)? = nil
    ) -> [Int] {
        let n = matrix.count
        guard let along = starts.first, along.count == n else {
            return search(matrix, starts: starts, iterations: iterations, progress: progress)
        }
        var number = Array(repeating: 0, count: n)
        for (k, stop) in along.enumerated() { number[stop] = k }
        var renumbered = DistanceMatrix(count: n)
        for a in 0..<n {
            for b in 0..<n { renumbered[a, b] = matrix[along[a], along[b]] }
        }
        let found = search(renumbered, starts: starts.map { $0.map { number[$0] } }, iterations: iterations, progress: progress)
        return found.map { along[$0] }
    }

    /// The search itself, on the stops as `matrix` numbers them.
    private static func search(
        _ matrix: DistanceMatrix, starts: [[Int]], iterations: Int,
        progress: ((Double) -> Bool)?
    ) -> [Int] {
        let neighbours = nearestNeighbours(matrix)
        var best: ChainedSearch?
        for start in starts {
            var search = ChainedSearch(matrix, start: start, neighbours: neighbours)
            search.activateAll()
            search.settle()
            if best == nil || search.length < best!.length { best = search }
        }
        guard var search = best else { return Array(0..<matrix.count) }
        search.iterate(iterations, progress: progress)
        return search.tour
    }

    /// The kicks for `count` stops: within 1% of the optimum on the TSPLIB instances, the whole
    /// `roadtrip optimize` of 535 stops in under a second (BENCHMARKS.md, "Route optimizer").
    static func iterations(for count: Int) -> Int {
        min(22_000, 22 * count)
    }

    init(_ matrix: DistanceMatrix, start: [Int], neighbours: [[Int]]) {
        n = matrix.count
        d = matrix.values
        self.neighbours = neighbours
        tour = start
        position = Array(repeating: 0, count: n)
        turning = RunningSums(count: n)
        queued = Array(repeating: false, count: n)
        let finite = zip(start, start.dropFirst()).map { matrix[$0.0, $0.1] }.filter(\.isFinite)
        tolerance = 1e-9 * finite.reduce(0, +)
        let values = matrix.values
        let size = matrix.count
        symmetric = (0..<size).allSatisfy { i in
            (0..<i).allSatisfy { j in abs(values[i * size + j] - values[j * size + i]) <= 1e-9 * max(1, values[i * size + j]) }
        }
        recount(from: 0, through: n - 1, prefixes: true)
        length = zip(start, start.dropFirst()).reduce(0) { $0 + values[$1.0 * size + $1.1] }
    }

    /// Each stop's nearest others, by the cost both ways (so that a one-way road still counts).
    static func nearestNeighbours(_ matrix: DistanceMatrix) -> [[Int]] {
        let n = matrix.count, k = min(neighbourCount, n - 1)
        return (0..<n).map { i in
            var nearest: [(cost: Double, city: Int)] = []
            nearest.reserveCapacity(k + 1)
            for j in 0..<n where j != i {
                let cost = matrix[i, j] + matrix[j, i]
                guard nearest.count < k || cost < nearest[nearest.count - 1].cost else { continue }
                let at = nearest.firstIndex { cost < $0.cost } ?? nearest.count
                nearest.insert((cost, j), at: at)
                if nearest.count > k { nearest.removeLast() }
            }
            return nearest.map(\.city)
        }
    }

    /// After a change to tour[from...through]: the positions there, and (for costs that are
    /// not the same both ways) what turning the path round costs from there on.
    private mutating func recount(from lower: Int, through upper: Int, prefixes: Bool = false) {
        changed = (min(changed.low, lower), max(changed.high, upper))
        for k in lower...upper { position[tour[k]] = k }
        guard prefixes || !symmetric else { return }
        // The edges into positions lower...upper + 1 changed (edge k joins tour[k - 1] to tour[k]).
        let (tour, d, n) = (tour, d, n)
        turning.changed(from: max(lower, 1), through: min(upper + 1, n - 1)) { k in
            let a = tour[k - 1], b = tour[k]
            return d[b * n + a] - d[a * n + b]
        }
    }

    // MARK: The local search

    private mutating func activate(_ city: Int) {
        guard !queued[city] else { return }
        queued[city] = true
        queue.append(city)
    }

    /// The stops at these positions, on either side of an edge that changes.
    private mutating func activateEdge(_ i: Int, _ j: Int) {
        activate(tour[i])
        activate(tour[j])
    }

    private mutating func activateAll() {
        for city in tour { activate(city) }
    }

    /// Improves until no stop in the queue has a better move.
    private mutating func settle() {
        while head < queue.count {
            let city = queue[head]
            head += 1
            queued[city] = false
            if improveByReversing(city) || improveByMoving(city) { activate(city) }
            if head > 4 * n { queue.removeFirst(head); head = 0 }
        }
        queue.removeAll(keepingCapacity: true)
        head = 0
    }

    /// What reversing tour[i...j] changes (1 ≤ i < j ≤ n − 2).
    private func reversalGain(_ i: Int, _ j: Int) -> Double {
        let x = tour[i - 1], s = tour[i], e = tour[j], y = tour[j + 1]
        let turned = symmetric ? 0 : turning[j] - turning[i]
        return d[x * n + e] + d[s * n + y] - d[x * n + s] - d[e * n + y] + turned
    }

    /// The reversal tour[i...j] that makes `city` a neighbour of the `variant`-th way (0 to 3:
    /// reversing tour[i...j] joins tour[i − 1] to tour[j] and tour[i] to tour[j + 1], and there
    /// are two runs to turn for each of the two ahead), with what it gains at `city` alone: the
    /// edge it breaks there less the one it makes. nil when that run cannot turn.
    private func reversal(_ city: Int, _ other: Int, _ variant: Int) -> (i: Int, j: Int, gainAtCity: Double)? {
        let p = position[city], q = position[other]
        let (i, j) =
            switch (q > p, variant) {
            case (true, 0): (p + 1, q) // city → other; the edge city → next breaks
            case (true, _): (p, q - 1) // city → other; the edge before city breaks
            case (false, 0): (q + 1, p) // other → city; the edge city → next breaks
            case (false, _): (q, p - 1) // other → city; the edge before city breaks
            }
        guard i >= 1, j <= n - 2, i < j else { return nil }
        let broken = variant == 0 ? d[city * n + tour[p + 1]] : d[tour[p - 1] * n + city]
        let made = q > p ? d[city * n + other] : d[other * n + city]
        return (i, j, broken - made)
    }

    /// The best reversal around `city` (the most it shortens the path, if any).
    private func bestReversal(around city: Int) -> (delta: Double, i: Int, j: Int)? {
        var best: (delta: Double, i: Int, j: Int)?
        for other in neighbours[city] {
            for variant in 0..<2 {
                guard let (i, j, _) = reversal(city, other, variant) else { continue }
                let delta = reversalGain(i, j)
                if delta < (best?.delta ?? -tolerance) { best = (delta, i, j) }
            }
        }
        return best
    }

    /// The best 2-opt move that makes `city` and one of its neighbours adjacent; failing that,
    /// two reversals in a row (a sequential 3-opt move, as Lin–Kernighan makes them): one that
    /// gains at `city` but costs elsewhere, then the best one around the edge it spoilt. The
    /// first is tried only for the three that gain most at `city`, and undone when
    /// no second one makes the pair pay.
    private mutating func improveByReversing(_ city: Int) -> Bool {
        if let (_, i, j) = bestReversal(around: city) {
            reverse(i, j)
            return true
        }
        // The few that gain most at `city`, best first (no array: this runs for every stop looked at).
        var promising = Promising()
        for other in neighbours[city] {
            for variant in 0..<2 {
                guard let (i, j, gain) = reversal(city, other, variant), gain > tolerance else { continue }
                promising.offer(gain, i, j)
            }
        }
        for rank in 0..<promising.count {
            let (i, j) = promising[rank]
            let first = reversalGain(i, j)
            reverse(i, j, activating: false)
            // The edge of the two made that is not at `city`: the one to mend.
            let (a, b) = tour[i - 1] == city || tour[i] == city ? (tour[j], tour[j + 1]) : (tour[i - 1], tour[i])
            var mend = bestReversal(around: a)
            if let other = bestReversal(around: b), other.delta < mend?.delta ?? .infinity { mend = other }
            if let mend, first + mend.delta < -tolerance {
                activateEdge(i - 1, i)
                activateEdge(j, j + 1)
                reverse(mend.i, mend.j)
                return true
            }
            reverse(i, j, activating: false)
        }
        return false
    }

    /// The three first reversals that gain most at a stop, best first.
    private struct Promising {
        private var entries: ((gain: Double, i: Int, j: Int), (gain: Double, i: Int, j: Int), (gain: Double, i: Int, j: Int)) = (
            (0, 0, 0), (0, 0, 0), (0, 0, 0)
        )
        private(set) var count = 0

        mutating func offer(_ gain: Double, _ i: Int, _ j: Int) {
            let entry = (gain: gain, i: i, j: j)
            if count < 3 { count += 1 } else if gain <= entries.2.gain { return }
            // Last, then up past the smaller ones.
            switch count {
            case 1: entries.0 = entry
            case 2: entries.1 = entry
            default: entries.2 = entry
            }
            if count == 3, entries.2.gain > entries.1.gain { (entries.1, entries.2) = (entries.2, entries.1) }
            if count >= 2, entries.1.gain > entries.0.gain { (entries.0, entries.1) = (entries.1, entries.0) }
        }

        subscript(rank: Int) -> (Int, Int) {
            switch rank {
            case 0: (entries.0.i, entries.0.j)
            case 1: (entries.1.i, entries.1.j)
            default: (entries.2.i, entries.2.j)
            }
        }
    }

    /// Reverses tour[i...j] and counts again what it changed; the stops at its ends look again.
    private mutating func reverse(_ i: Int, _ j: Int, activating: Bool = true) {
        if activating {
            activateEdge(i - 1, i)
            activateEdge(j, j + 1)
        }
        length += reversalGain(i, j)
        tour[i...j].reverse()
        recount(from: i - 1, through: j)
    }

    /// Taking out tour[start...end] and putting it between tour[after] and tour[after + 1].
    private struct Move {
        var start: Int, end: Int, after: Int, reversed: Bool
    }

    /// The best Or-opt move of a run of 1–3 stops that starts or ends at `city`, next to a
    /// neighbour of one of its ends. (No arrays or closures in here: it runs for every stop
    /// looked at, and allocations were most of its time.)
    private mutating func improveByMoving(_ city: Int) -> Bool {
        let p = position[city]
        var best = -tolerance, found: Move?
        for length in 1...3 {
            for variant in 0..<(length == 1 ? 1 : 2) {
                let start = variant == 0 ? p : p - length + 1, end = start + length - 1
                guard start >= 1, end <= n - 2 else { continue }
                let first = tour[start], last = tour[end], before = tour[start - 1], after = tour[end + 1]
                let closing = d[before * n + after] - d[before * n + first] - d[last * n + after]
                let turnedRun = symmetric ? 0 : turning[end] - turning[start]
                for side in 0..<2 {
                    for other in neighbours[side == 0 ? first : last].prefix(Self.movingNeighbours) {
                        let q = position[other]
                        // Between tour[k] and tour[k + 1], both outside the run: just after or just before `other`.
                        for k in (q - 1)...q where k >= 0 && k + 1 <= n - 1 && (k + 1 < start || k > end) {
                            let x = tour[k], y = tour[k + 1]
                            let opening = closing - d[x * n + y]
                            let straight = opening + d[x * n + first] + d[last * n + y]
                            if straight < best { best = straight; found = Move(start: start, end: end, after: k, reversed: false) }
                            if length > 1 {
                                let turned = opening + d[x * n + last] + d[first * n + y] + turnedRun
                                if turned < best { best = turned; found = Move(start: start, end: end, after: k, reversed: true) }
                            }
                        }
                    }
                }
            }
        }
        guard let move = found else { return false }
        length += best
        activateEdge(move.start - 1, move.start)
        activateEdge(move.end, move.end + 1)
        activateEdge(move.after, move.after + 1)
        var run = Array(tour[move.start...move.end])
        if move.reversed { run.reverse() }
        tour.removeSubrange(move.start...move.end)
        let at = move.after < move.start ? move.after + 1 : move.after + 1 - run.count
        tour.insert(contentsOf: run, at: at)
        recount(from: min(move.start, at), through: max(move.end, at + run.count - 1))
        return true
    }

    // MARK: Kicks

    /// `count` kicks, each kept when the order it settles in is shorter.
    private mutating func iterate(_ count: Int, progress: ((Double) -> Bool)?) {
        guard n >= 8 else { return }
        var random = SeededRandom(seed: 0x5EED_0F_0DE5 &+ UInt64(n))
        for iteration in 0..<count {
            if iteration % 256 == 0, let progress, !progress(Double(iteration) / Double(count)) { break }
            let kept = tour, keptLength = length
            changed = (Int.max, -1)
            kick(&random)
            settle()
            if length >= keptLength - tolerance, changed.low <= changed.high {
                let (low, high) = changed
                tour.replaceSubrange(low...high, with: kept[low...high])
                length = keptLength
                recount(from: low, through: high)
            }
        }
        recount(from: 0, through: n - 1, prefixes: true)
    }

    /// A double bridge: two neighbouring runs of the movable stops, each up to `kickSpan` long,
    /// swap places (A B C D → A C B D).
    private mutating func kick(_ random: inout SeededRandom) {
        let movable = n - 2
        let first = Int(random.next() % UInt64(movable - 2)) + 1
        let one = 1 + Int(random.next() % UInt64(min(Self.kickSpan, n - 2 - first)))
        let second = first + one
        guard second <= n - 2 else { return }
        let two = 1 + Int(random.next() % UInt64(min(Self.kickSpan, n - 1 - second)))
        let third = second + two
        activateEdge(first - 1, first)
        activateEdge(second - 1, second)
        activateEdge(third - 1, third)
        let (a, b1, b2, c1, c2, z) = (tour[first - 1], tour[first], tour[second - 1], tour[second], tour[third - 1], tour[third])
        length += d[a * n + c1] + d[c2 * n + b1] + d[b2 * n + z] - d[a * n + b1] - d[b2 * n + c1] - d[c2 * n + z]
        let swapped = Array(tour[second..<third]) + Array(tour[first..<second])
        tour.replaceSubrange(first..<third, with: swapped)
        recount(from: first, through: third - 1)
    }
}

/// Values added up along a path, from its start to each position (`self[k]`: the edges into
/// positions 1...k), kept up to date as the path changes in one place without adding up all that
/// follows: positions are in blocks, each with a shift that a change before it moves.
/// A change costs the positions it changes, the rest of their block and one shift per block
/// after them, where adding up again cost every position after them (at 1,000 stops, 57% of
/// an optimize's CPU; BENCHMARKS.md, issue 54).
struct RunningSums {
    private static let blockBits = 5
    private var sums: [Double]
    private var shifts: [Double]

    init(count: Int) {
        sums = Array(repeating: 0, count: count)
        shifts = Array(repeating: 0, count: (count >> Self.blockBits) + 1)
    }

    subscript(k: Int) -> Double { sums[k] + shifts[k >> Self.blockBits] }

    /// After the values of edges `lower...upper` changed (`value(k)`: the edge into position k, 1 ≤ lower).
    mutating func changed(from lower: Int, through upper: Int, value: (Int) -> Double) {
        guard lower <= upper else { return }
        if lower == 1 && upper == sums.count - 1 {
            // All of it: added up afresh, without the shifts' rounding.
            for b in shifts.indices { shifts[b] = 0 }
        }
        let before = self[upper]
        var sum = self[lower - 1]
        for k in lower...upper {
            sum += value(k)
            sums[k] = sum - shifts[k >> Self.blockBits]
        }
        let delta = sum - before
        guard delta != 0 else { return }
        let block = upper >> Self.blockBits
        for k in (upper + 1)..<min(sums.count, (block + 1) << Self.blockBits) { sums[k] += delta }
        for b in (block + 1)..<shifts.count { shifts[b] += delta }
    }
}
