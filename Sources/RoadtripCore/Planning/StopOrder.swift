import Foundation

/// The best order of a trip's stops that `RouteOptimizer` finds, the first and last kept in
/// place, with what it saves: what `O` on the trip detail screen and `roadtrip optimize` show
/// before they change anything.
///
/// With the roads between every two stops (`RoadMatrix`) the order is the quickest or the
/// shortest on them, as the trip's `route` setting says; without, the shortest in straight lines.
package struct StopOrder: Equatable, Sendable {
    /// What the order makes least.
    package enum Measure: String, Sendable {
        case straightLine = "straight line", roadDistance = "road distance", roadTime = "road time"
    }

    /// The stops' indices in the new order.
    package let order: [Int]
    package let measure: Measure
    package private(set) var currentMeters: Double
    package private(set) var optimizedMeters: Double
    /// Driving times on the roads, the order given and the new one; nil without roads.
    package private(set) var currentSeconds: Double?
    package private(set) var optimizedSeconds: Double?
    /// Whether no order is better (the search was exhaustive); else the best one found.
    package let isExact: Bool
    /// The trip ends where it starts: the order is a loop from there.
    package let isLoop: Bool
    /// Why the order is searched in straight lines though regions have roads ("no region covers
    /// Durness"); nil on the roads, or with no roads at all.
    package let notOnRoads: String?
    /// The stops no road connects with the others (the matrix's bridged gaps, `RoadMatrix.bridged`),
    /// by name: their legs were estimates when the order was chosen, the others' on the roads.
    package let cutOff: [String]
    /// Both orders as the trip screen shows them (`shown(current:optimized:)`), which the
    /// sentences say; nil until given, and the sentences then say the search's own figures.
    package private(set) var shownFigures: ShownFigures?

    /// What the trip screen's summary shows for the legs of an order: their distance, the sum of
    /// their times as each is shown (whole minutes, `LegFigures.shownSeconds`), and whether any
    /// of them is an estimate (its figures then marked "≈").
    package struct Shown: Equatable, Sendable {
        package let meters: Double
        package let seconds: Double
        package let isEstimate: Bool

        package init(_ legs: [LegFigures]) {
            let total = legs.total
            self.init(meters: total.meters, seconds: legs.shownSeconds, isEstimate: total.isEstimate)
        }

        package init(meters: Double, seconds: Double, isEstimate: Bool) {
            (self.meters, self.seconds, self.isEstimate) = (meters, seconds, isEstimate)
        }
    }

    /// The order given and the new one, as the trip screen shows them before and after the order is used.
    package struct ShownFigures: Equatable, Sendable {
        package let current: Shown
        package let optimized: Shown
    }

    /// First and last stops this close are the same place (a loop).
    static let samePlaceMeters = 1_000.0

    /// `search` and `progress` as `RouteOptimizer.bestOrder` takes them.
    package init(
        of trip: Trip, roads: RoadMatrix? = nil, notOnRoads reason: String? = nil,
        search: RouteOptimizer.Search = .chained, progress: ((Double) -> Bool)? = nil
    ) {
        notOnRoads = roads == nil ? reason : nil
        cutOff = roads.map { Self.cutOff(by: $0.bridged).map { trip.stops[$0].name } } ?? []
        let stops = trip.stops.map(\.location)
        let identity = Array(stops.indices)
        if let roads, roads.count == stops.count {
            measure = trip.settings.route == .shortest ? .roadDistance : .roadTime
            let meters = { roads.meters($0, $1) }, seconds = { roads.seconds($0, $1) }
            order = RouteOptimizer.bestOrder(count: stops.count, search: search, progress: progress, distance: measure == .roadTime ? seconds : meters)
            currentMeters = RouteOptimizer.length(of: identity, distance: meters)
            optimizedMeters = RouteOptimizer.length(of: order, distance: meters)
            currentSeconds = RouteOptimizer.length(of: identity, distance: seconds)
            optimizedSeconds = RouteOptimizer.length(of: order, distance: seconds)
        } else {
            measure = .straightLine
            order = RouteOptimizer.bestOrder(of: stops, search: search, progress: progress)
            currentMeters = Geodesy.length(of: stops)
            optimizedMeters = Geodesy.length(of: order.map { stops[$0] })
            (currentSeconds, optimizedSeconds) = (nil, nil)
        }
        isExact = stops.count - 2 <= RouteOptimizer.exactLimit
        isLoop = stops.count > 2 && Geodesy.distance(from: stops[0], to: stops[stops.count - 1]) < Self.samePlaceMeters
    }

    /// The order with the figures of both orders as their legs are driven one by one, `current`
    /// in the order given and `optimized` in the new one: what the trip screen then shows, where
    /// the matrix's figures were for choosing (a graph's leave the turns out, a Valhalla
    /// matrix's are not its routes'). Kept as it is unless every leg is on the roads, or the
    /// matrix bridged a stop no road reaches (`cutOff`): its figures for that stop's legs were
    /// estimates made dearer to choose the order, which no screen shows.
    package func refigured(current: [LegFigures], optimized: [LegFigures]) -> StopOrder {
        guard measure != .straightLine, !cutOff.isEmpty || (current + optimized).allSatisfy({ $0.source == .road }) else { return self }
        var refigured = self
        refigured.currentMeters = current.reduce(0) { $0 + $1.meters }
        refigured.optimizedMeters = optimized.reduce(0) { $0 + $1.meters }
        refigured.currentSeconds = current.reduce(0) { $0 + $1.seconds }
        refigured.optimizedSeconds = optimized.reduce(0) { $0 + $1.seconds }
        return refigured
    }

    /// The order with the figures the trip screen shows for `current` (the legs of the order
    /// given) and `optimized` (the legs of the new one): the sentences then say what the screen
    /// says before the order is used and after, figure for figure (issue 53, item 11).
    package func shown(current: [LegFigures], optimized: [LegFigures]) -> StopOrder {
        var shown = self
        shown.shownFigures = ShownFigures(current: Shown(current), optimized: Shown(optimized))
        return shown
    }

    package var savedMeters: Double { max(0, currentMeters - optimizedMeters) }

    /// The figures the sentences say of the order given and the new one: the trip screen's when
    /// known, else the search's (its seconds are the roads' times; without roads, none).
    private var said: (current: Shown, optimized: Shown) {
        if let shownFigures { return (shownFigures.current, shownFigures.optimized) }
        return (
            Shown(meters: currentMeters, seconds: currentSeconds ?? 0, isEstimate: false),
            Shown(meters: optimizedMeters, seconds: optimizedSeconds ?? 0, isEstimate: false)
        )
    }

    /// Whether the sentences speak of time: the order is the quickest on the roads.
    private var saysTime: Bool { measure == .roadTime && currentSeconds != nil && optimizedSeconds != nil }

    /// What the order saves in its measure: meters, or seconds on the roads' times, in the
    /// figures said (a minute is the least a time shown in whole minutes can save).
    private var saved: Double {
        let (current, optimized) = said
        return saysTime ? current.seconds - optimized.seconds : current.meters - optimized.meters
    }

    /// Whether the new order is worth a change: a meter (or a second) less at least in the
    /// figures said, and not the same order. An order the search prefers that the trip screen
    /// would show no shorter (the graph's figures leave turns out; straight lines are not roads)
    /// is not offered.
    package var isImprovement: Bool { saved >= 1 && order != Array(order.indices) }

    /// The stops of `trip` in the new order.
    package func reordered(_ stops: [Stop]) -> [Stop] {
        order.map { stops[$0] }
    }

    /// "Shortest order (a loop): 1,793 km instead of 2,105 km, 312 km (15%) less." — the same
    /// sentence on the trip detail screen and on the command line. On the roads:
    /// "Quickest order on the roads: 3 h 10 min instead of 3 h 40 min, 30 min (14%) less (212 km)."
    /// With the trip screen's figures (`shown`), an estimate's are marked "≈": "Shortest order:
    /// ≈ 343 km instead of ≈ 470 km, ≈ 127 km (27%) less."
    ///
    /// The saving is the difference of the two figures as shown (470 km and 343 km save 127 km,
    /// not the 128 km of the unrounded distances), so that the sentence adds up as printed.
    package func saving(in unit: DistanceUnit) -> String {
        let loop = isLoop ? " (a loop)" : ""
        let (current, optimized) = said
        guard saysTime else {
            let kind = (isExact ? "Shortest order" : "Best order found") + (measure == .roadDistance ? " on the roads" : "")
            let saved = max(0, unit.shown(meters: current.meters) - unit.shown(meters: optimized.meters))
            let savedMark = current.isEstimate || optimized.isEstimate ? "≈ " : ""
            return "\(kind)\(loop): \(Self.distance(optimized, unit: unit)) instead of \(Self.distance(current, unit: unit)), "
                + "\(savedMark)\(unit.format(meters: saved)) (\(percent(current.meters - optimized.meters, of: current.meters))%) less."
        }
        let kind = (isExact ? "Quickest order" : "Quickest order found") + " on the roads"
        // Whole minutes, as `formatDuration` shows them.
        let savedSeconds = max(0, (current.seconds / 60).rounded() - (optimized.seconds / 60).rounded()) * 60
        return "\(kind)\(loop): \(Self.duration(optimized)) instead of \(Self.duration(current)), "
            + "\(RouteEstimate.formatDuration(seconds: savedSeconds)) (\(percent(current.seconds - optimized.seconds, of: current.seconds))%) less "
            + "(\(Self.distance(optimized, unit: unit)))."
    }

    /// "The order is already the shortest: 1,793 km." — when there is nothing better.
    package func alreadyBest(in unit: DistanceUnit) -> String {
        let current = said.current
        let figure = saysTime ? Self.duration(current) : Self.distance(current, unit: unit)
        let best = isExact ? (measure == .roadTime ? "quickest" : "shortest") : "best found"
        return "The order is already the \(best)\(measure == .straightLine ? "" : " on the roads"): \(figure)."
    }

    /// "≈ 470 km" for figures with an estimate among them, "470 km" for the roads'.
    private static func distance(_ figures: Shown, unit: DistanceUnit) -> String {
        (figures.isEstimate ? "≈ " : "") + unit.format(meters: figures.meters)
    }

    /// "≈ 5 h 53 min", "2 h 02 min".
    private static func duration(_ figures: Shown) -> String {
        (figures.isEstimate ? "≈ " : "") + RouteEstimate.formatDuration(seconds: figures.seconds)
    }

    /// "In straight lines: no region covers Durness." — beside the saving when roads were wanted.
    package var straightLineNote: String? {
        notOnRoads.map { "In straight lines: \($0)." }
    }

    /// What the saving is said with: why the order is in straight lines, or which stops no road
    /// connects with the others ("No road connects near Port d'Envalira with the other stops: its
    /// legs are estimates; the others are ordered on the roads."); nil when there is nothing to say.
    package var note: String? {
        if let straightLineNote { return straightLineNote }
        guard !cutOff.isEmpty else { return nil }
        let names = cutOff.count == 1 ? cutOff[0] : cutOff.dropLast().joined(separator: ", ") + " and " + cutOff[cutOff.count - 1]
        return "No road connects \(names) with the other stops: \(cutOff.count == 1 ? "its" : "their") legs are estimates; "
            + "the others are ordered on the roads."
    }

    /// The fewest stops that account for every gap: the stop in most gaps first, and so on, in
    /// the trip's order.
    static func cutOff(by gaps: [RoadMatrix.Gap]) -> [Int] {
        var left = gaps, stops: [Int] = []
        while !left.isEmpty {
            let counts = Dictionary(left.flatMap { [$0.from, $0.to] }.map { ($0, 1) }, uniquingKeysWith: +)
            let most = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
            stops.append(most)
            left.removeAll { $0.from == most || $0.to == most }
        }
        return stops.sorted()
    }

    private func percent(_ part: Double, of whole: Double) -> Int {
        whole > 0 ? Int((part / whole * 100).rounded()) : 0
    }
}
