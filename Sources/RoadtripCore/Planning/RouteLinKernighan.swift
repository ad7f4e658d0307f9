/// A near-optimal order when costs are the same both ways (straight lines): chained Lin–Kernighan.
///
/// The path from the first stop to the last is searched as a closed tour whose closing leg (last
/// stop → first) may never break. The local search is Lin–Kernighan's: from a stop, a chain of
/// 2-opt moves, each breaking the leg the one before made at the chain's start, for as long as
/// what is broken outweighs what is made; the chain is cut back to its best point. Breadth at
/// the first levels (`breadth`) and depth after (`maximumDepth`) find moves of three legs and
/// more that 2-opt and Or-opt cannot make one at a time. From its local optimum the search kicks
/// the tour (a double bridge inside a short stretch, which no chain of reversals undoes in one
/// go), settles again, and keeps the result only when it is shorter. The random choices come
/// from a fixed seed (`SeededRandom`), so a trip always gets the same order.
///
/// Only for costs the same both ways: a chain prices a reversed stretch as if it cost what it
/// did forward. One-way costs (roads) go to `ChainedSearch`.
///
/// The tour is an array with each stop's position in it; a reversal turns whichever side of the
/// tour is shorter, so that it costs at most half the stops.
struct LinKernighan {
    /// How many nearest neighbours a chain looks at from each stop it reaches.
    static let neighbourCount = 8
    /// Alternatives tried at the chain's first levels before giving up there (then one a level).
    static let breadth = [5, 3]
    static let widestBreadth = breadth.max() ?? 1
    /// The longest chain of moves. Deeper chains settle a tour better but cost more a kick: with
    /// 12, ali535 came within 0.05 % of its optimum in 5 × n kicks; with 6 or 50 it did not in 10 × n.
    static let maximumDepth = 12
    /// The longest stretch of the tour a kick changes: kicks stay local, where the search can settle them.
    static let kickSpan = 50

    private let n: Int
    private let d: [Double]
    /// Stop i's nearest neighbours are neighbours[i * width ..< (i + 1) * width], nearest first,
    /// and nearCost the cost to each: the chain reads costs from these and from `legCost`, which
    /// stay in cache, and rarely from the matrix, which at 500 stops does not (most of its time was
    /// waiting for the matrix's memory).
    private let neighbours: [Int]
    private let nearCost: [Double]
    private let width: Int
    private(set) var tour: [Int]
    private var position: [Int]
    /// Stop a's neighbours on the tour are legTo[2a] and legTo[2a + 1], legCost the cost to each.
    private var legTo: [Int]
    private var legCost: [Double]
    /// The tour's length, kept up to date by each improvement's gain.
    private(set) var length: Double
    private let tolerance: Double
    private var queued: [Bool]
    private var queue: [Int] = []
    private var head = 0
    /// The moves of the chain being searched, as `twoOptMove` took them, with the costs of the
    /// legs p1–p2 and p3–p4 they broke, for cutting it back.
    private var chain: [(p1: Int, p2: Int, p3: Int, p4: Int, cost12: Double, cost34: Double)] = []
    private var bestGain = 0.0
    private var bestLength = 0
    /// Each level's best few next steps: level l's are alternatives[l * widestBreadth ..< (l + 1) * widestBreadth].
    private var alternatives: [(value: Double, t3: Int, t4: Int, made: Double, broken: Double)]
    /// The legs the chain has made, up to two a stop: stop a's are made[2a] and made[2a + 1] (−1: none).
    private var made: [Int]

    /// The kicks for `count` stops: on the six TSPLIB geographic instances the last one that
    /// shortened the tour came before 3.5 × count, and 5 × 536 of them keep the whole
    /// `roadtrip optimize` of ali535 under half a second (Scripts/bench-tsplib.py).
    static func iterations(for count: Int) -> Int {
        5 * count
    }

    /// `iterations` kicks, from the better of `starts` (each a path from stop 0 to stop n − 1)
    /// once settled; `progress` hears how far (0 to 1) and stops the search by returning false.
    static func bestOrder(
        _ matrix: DistanceMatrix, starts: [[Int]], iterations: Int,
        progress: ((Double) -> Bool)? = nil
    ) -> [Int] {
        let neighbours = nearestNeighbours(matrix)
        var best: LinKernighan?
        for start in starts {
            var search = LinKernighan(matrix, start: start, neighbours: neighbours)
            search.settleAll()
            if best == nil || search.length < best!.length { best = search }
        }
        guard var search = best else { return Array(0..<matrix.count) }
        search.iterate(iterations, progress: progress)
        return search.path
    }

    init(_ matrix: DistanceMatrix, start: [Int], neighbours: (list: [Int], width: Int)) {
        n = matrix.count
        d = matrix.values
        (self.neighbours, width) = neighbours
        nearCost = neighbours.list.indices.map { matrix[$0 / neighbours.width, neighbours.list[$0]] }
        tour = start
        position = Array(repeating: 0, count: n)
        legTo = Array(repeating: 0, count: 2 * n)
        legCost = Array(repeating: 0, count: 2 * n)
        for (k, city) in start.enumerated() {
            position[city] = k
            let (before, after) = (start[k == 0 ? n - 1 : k - 1], start[k == n - 1 ? 0 : k + 1])
            (legTo[2 * city], legCost[2 * city]) = (before, matrix[city, before])
            (legTo[2 * city + 1], legCost[2 * city + 1]) = (after, matrix[city, after])
        }
        queued = Array(repeating: false, count: n)
        alternatives = Array(repeating: (0, 0, 0, 0, 0), count: (Self.maximumDepth + 1) * Self.widestBreadth)
        made = Array(repeating: -1, count: 2 * n)
        length = matrix.length(of: start)
        tolerance = 1e-9 * length
    }

    /// Each stop's nearest others, nearest first, in one flat array.
    static func nearestNeighbours(_ matrix: DistanceMatrix) -> (list: [Int], width: Int) {
        let n = matrix.count, width = min(neighbourCount, n - 1)
        var list: [Int] = []
        list.reserveCapacity(n * width)
        var nearest: [(cost: Double, city: Int)] = []
        nearest.reserveCapacity(width + 1)
        for i in 0..<n {
            nearest.removeAll(keepingCapacity: true)
            for j in 0..<n where j != i {
                let cost = matrix[i, j]
                guard nearest.count < width || cost < nearest[nearest.count - 1].cost else { continue }
                let at = nearest.firstIndex { cost < $0.cost } ?? nearest.count
                nearest.insert((cost, j), at: at)
                if nearest.count > width { nearest.removeLast() }
            }
            list.append(contentsOf: nearest.map(\.city))
        }
        return (list, width)
    }

    /// The tour as a path from stop 0 to stop n − 1 (their leg is never broken, so they are neighbours).
    var path: [Int] {
        let start = position[0], step = tour[(start + 1) % n] == n - 1 ? n - 1 : 1
        return (0..<n).map { tour[(start + $0 * step) % n] }
    }

    // MARK: The tour

    private func next(_ city: Int) -> Int {
        let k = position[city] + 1
        return tour[k == n ? 0 : k]
    }

    private func previous(_ city: Int) -> Int {
        let k = position[city]
        return tour[k == 0 ? n - 1 : k - 1]
    }

    /// The leg from the last stop back to the first: the one leg that is not the path's.
    private func isClosing(_ a: Int, _ b: Int) -> Bool {
        (a == 0 && b == n - 1) || (a == n - 1 && b == 0)
    }

    /// Reverses the stretch from `from` forward to `to`, or the rest of the tour when that is
    /// shorter (the same tour, walked the other way).
    private mutating func reverse(from: Int, to: Int) {
        var i = position[from], j = position[to]
        var count = j - i
        if count < 0 { count += n }
        count += 1
        if 2 * count > n {
            (i, j) = (j + 1 == n ? 0 : j + 1, i == 0 ? n - 1 : i - 1)
            count = n - count
        }
        for _ in 0..<(count / 2) {
            let a = tour[i], b = tour[j]
            tour[i] = b
            position[b] = i
            tour[j] = a
            position[a] = j
            i = i + 1 == n ? 0 : i + 1
            j = j == 0 ? n - 1 : j - 1
        }
    }

    /// Breaks the legs p1–p2 and p3–p4 and makes p1–p3 and p2–p4, which cost cost13 and cost24.
    /// The two legs must point the same way round the tour (p2 follows p1 as p4 follows p3, or
    /// precedes it as p4 precedes p3).
    private mutating func twoOptMove(_ p1: Int, _ p2: Int, _ p3: Int, _ p4: Int, cost13: Double, cost24: Double) {
        if next(p1) == p2 { reverse(from: p2, to: p3) } else { reverse(from: p1, to: p4) }
        relink(p1, from: p2, to: p3, cost: cost13)
        relink(p3, from: p4, to: p1, cost: cost13)
        relink(p2, from: p1, to: p4, cost: cost24)
        relink(p4, from: p3, to: p2, cost: cost24)
    }

    /// The cost of the leg a–b of the tour.
    private func cost(ofLeg a: Int, _ b: Int) -> Double {
        legTo[2 * a] == b ? legCost[2 * a] : legCost[2 * a + 1]
    }

    /// Stop a's leg to `old` now goes to `new`.
    private mutating func relink(_ a: Int, from old: Int, to new: Int, cost: Double) {
        let slot = legTo[2 * a] == old ? 2 * a : 2 * a + 1
        legTo[slot] = new
        legCost[slot] = cost
    }

    // MARK: The local search

    private mutating func activate(_ city: Int) {
        guard !queued[city] else { return }
        queued[city] = true
        queue.append(city)
    }

    private mutating func settleAll() {
        for city in tour { activate(city) }
        settle()
    }

    /// Improves until no stop in the queue starts a chain that gains.
    private mutating func settle() {
        while head < queue.count {
            let city = queue[head]
            head += 1
            queued[city] = false
            if improve(from: city) { activate(city) }
            if head > 4 * n { queue.removeFirst(head); head = 0 }
        }
        queue.removeAll(keepingCapacity: true)
        head = 0
    }

    /// A chain from `t1` through either of its legs; when one gains, the tour keeps it (cut back
    /// to its best point) and the stops it touched look again.
    private mutating func improve(from t1: Int) -> Bool {
        for side in 0..<2 {
            let t2 = side == 0 ? next(t1) : previous(t1)
            guard !isClosing(t1, t2) else { continue }
            chain.removeAll(keepingCapacity: true)
            bestGain = tolerance
            bestLength = 0
            deepen(t1, last: t2, gain: cost(ofLeg: t1, t2), level: 0)
            guard bestLength > 0 else { continue }
            for (p1, _, p3, _, _, _) in chain {
                made[2 * p1] = -1
                made[2 * p1 + 1] = -1
                made[2 * p3] = -1
                made[2 * p3 + 1] = -1
            }
            while chain.count > bestLength {
                let (p1, p2, p3, p4, cost12, cost34) = chain.removeLast()
                twoOptMove(p1, p3, p2, p4, cost13: cost12, cost24: cost34)
            }
            length -= bestGain
            for (p1, p2, p3, p4, _, _) in chain {
                activate(p1)
                activate(p2)
                activate(p3)
                activate(p4)
            }
            return true
        }
        return false
    }

    /// One level of the chain. The tour holds the leg t1–`last`, which the chain breaks next;
    /// `gain` is what it has broken less what it has made, that leg counted as broken. Returns
    /// with the chain applied when some point of it gains (`bestGain`, `bestLength`), else with
    /// the tour as it found it.
    private mutating func deepen(_ t1: Int, last: Int, gain: Double, level: Int) {
        let forward = next(t1) == last
        let (after, before) = (next(last), previous(last))
        // The best few t3 by what the step gains, d(t3, t4) − d(last, t3), best first, in this
        // level's slots of `alternatives` (no array of its own: this runs at every level).
        let capacity = level < Self.breadth.count ? Self.breadth[level] : 1, base = level * Self.widestBreadth
        var count = 0
        for k in (last * width)..<((last + 1) * width) {
            let t3 = neighbours[k]
            let made = nearCost[k]
            guard gain - made > tolerance else { break }
            guard t3 != t1, t3 != after, t3 != before else { continue }
            let t4 = forward ? previous(t3) : next(t3)
            guard !isClosing(t3, t4), !wasMade(t3, t4) else { continue }
            let broken = cost(ofLeg: t3, t4), value = broken - made
            guard count < capacity || value > alternatives[base + count - 1].value else { continue }
            var at = min(count, capacity - 1)
            while at > 0, alternatives[base + at - 1].value < value {
                alternatives[base + at] = alternatives[base + at - 1]
                at -= 1
            }
            alternatives[base + at] = (value, t3, t4, made, broken)
            count = min(count + 1, capacity)
        }
        for rank in 0..<count {
            let (_, t3, t4, made, broken) = alternatives[base + rank]
            let closing = cost(ofLeg: t1, last), reopening = d[t1 * n + t4]
            twoOptMove(last, t1, t3, t4, cost13: made, cost24: reopening)
            chain.append((last, t1, t3, t4, closing, broken))
            mark(last, t3, made: true)
            let opened = gain - made + broken
            let closed = opened - reopening
            if closed > bestGain {
                bestGain = closed
                bestLength = chain.count
            }
            if chain.count < Self.maximumDepth { deepen(t1, last: t4, gain: opened, level: level + 1) }
            if bestLength > 0 { return }
            chain.removeLast()
            mark(last, t3, made: false)
            twoOptMove(last, t3, t1, t4, cost13: closing, cost24: broken)
        }
    }

    /// Whether the chain made the leg a–b (it must not break it again).
    private func wasMade(_ a: Int, _ b: Int) -> Bool {
        made[2 * a] == b || made[2 * a + 1] == b
    }

    /// Notes (or forgets) that the chain made the leg a–b: a stop has two legs, so at most two such.
    private mutating func mark(_ a: Int, _ b: Int, made isMade: Bool) {
        let (old, new) = isMade ? (-1, b) : (b, -1)
        made[made[2 * a] == old ? 2 * a : 2 * a + 1] = new
        let (oldBack, newBack) = isMade ? (-1, a) : (a, -1)
        made[made[2 * b] == oldBack ? 2 * b : 2 * b + 1] = newBack
    }

    // MARK: Kicks

    /// `count` kicks, each kept when the tour it settles in is shorter.
    private mutating func iterate(_ count: Int, progress: ((Double) -> Bool)?) {
        guard n >= 8 else { return }
        var random = SeededRandom(seed: 0x5EED_0F_0DE5 &+ UInt64(n))
        var kept = (tour, position, legTo, legCost)
        for iteration in 0..<count {
            if iteration % 256 == 0, let progress, !progress(Double(iteration) / Double(count)) { break }
            let keptLength = length
            guard kick(&random) else { continue }
            settle()
            if length < keptLength - tolerance {
                kept = (tour, position, legTo, legCost)
            } else {
                (tour, position, legTo, legCost) = kept
                length = keptLength
            }
        }
    }

    /// A double bridge inside a stretch of at most `kickSpan` legs: A B C D becomes A D C B
    /// read round the tour, four legs broken (none of them the closing one). False when the
    /// stretch drawn holds the closing leg.
    private mutating func kick(_ random: inout SeededRandom) -> Bool {
        let span = min(Self.kickSpan, n - 1)
        let start = Int(random.next() % UInt64(n))
        // Three more cuts after the first, at distinct offsets 1 ..< span, in order.
        var offsets = [0]
        while offsets.count < 4 {
            let offset = 1 + Int(random.next() % UInt64(span - 1))
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        offsets.sort()
        // Cut k breaks the leg tour[start + offsets[k]] – tour[start + offsets[k] + 1].
        let at = offsets.map { (start + $0) % n }
        for k in at where isClosing(tour[k], tour[(k + 1) % n]) { return false }
        let ends = at.flatMap { [tour[$0], tour[($0 + 1) % n]] }
        // B = offsets 1 ... o1, C = o1 + 1 ... o2, D = o2 + 1 ... o3: rewritten as D C B.
        let stretch = (1...offsets[3]).map { tour[(start + $0) % n] }
        let (b, c) = (offsets[1], offsets[2])
        let rewritten = Array(stretch[c...]) + Array(stretch[b..<c]) + Array(stretch[..<b])
        let removed = (0..<4).reduce(0.0) { $0 + cost(ofLeg: ends[2 * $1], ends[2 * $1 + 1]) }
        let (a1, b1, b2, c1, c2, d1, d2, e1) = (ends[0], ends[1], ends[2], ends[3], ends[4], ends[5], ends[6], ends[7])
        // A … a1 | b1 … b2 | c1 … c2 | d1 … d2 | e1 …  →  a1 d1 … d2 c1 … c2 b1 … b2 e1.
        let costs = (d[a1 * n + d1], d[d2 * n + c1], d[c2 * n + b1], d[b2 * n + e1])
        for (k, city) in rewritten.enumerated() {
            let p = (start + 1 + k) % n
            tour[p] = city
            position[city] = p
        }
        relink(a1, from: b1, to: d1, cost: costs.0)
        relink(d1, from: c2, to: a1, cost: costs.0)
        relink(d2, from: e1, to: c1, cost: costs.1)
        relink(c1, from: b2, to: d2, cost: costs.1)
        relink(c2, from: d1, to: b1, cost: costs.2)
        relink(b1, from: a1, to: c2, cost: costs.2)
        relink(b2, from: c1, to: e1, cost: costs.3)
        relink(e1, from: d2, to: b2, cost: costs.3)
        length += costs.0 + costs.1 + costs.2 + costs.3 - removed
        for city in ends { activate(city) }
        return true
    }
}
