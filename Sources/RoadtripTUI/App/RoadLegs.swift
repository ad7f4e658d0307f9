import BackgroundWork
import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import RoadtripStore
import RoadtripUseCases

/// The road figures of the legs the planner shows, routed off the main loop (issue 23).
///
/// A screen asks for a trip's legs and gets at once what is known: the road figures of legs
/// routed before, the estimate of the others (marked pending while they are routed). Legs not
/// asked for before are routed off the main loop, one at a time, in the order asked (each a job
/// of the runner's "roads" lane, one thread); the runner hands each leg over at a turn
/// of the main loop, and `changes` tells the screens, which then show the new figures. A leg is known by its two ends, so an edit routes only the
/// legs it made. No routing begins before the change that asked for it is kept on disk
/// (`ChangesOnDisk`): a region's files damaged under the planner must not take a typed change down
/// with it.
@MainActor
package final class RoadLegs {
    /// A leg: its ends, and how it is routed (the trip's settings).
    struct LegRequest: Hashable, Sendable {
        let from: Coordinate
        let to: Coordinate
        let options: RouteOptions
    }

    /// The engine legs are routed on (`RoadRouting`); nil when no region has roads.
    private var routing: (any RoadRouting)?
    private let makeRouting: @MainActor () -> (any RoadRouting)?
    private var known: [LegRequest: RoadOutcome] = [:]
    /// Bumped by `reload`, so that a leg routed on the regions before is not taken after.
    private var generation = 0
    private var requested: Set<LegRequest> = []
    /// The legs sent to the worker for their lines too.
    private var requestedLines: Set<LegRequest> = []
    /// Where legs are routed; nil for `none`, which routes nothing.
    private let runner: (any BackgroundRunner)?
    /// How far the model's changes are kept, which routing waits for; nil: it waits for nothing.
    private let changesOnDisk: ChangesOnDisk?
    private let subject = PassthroughSubject<Void, Never>()

    /// `makeRouting` builds the engine (on the regions folder), again after `reload`; nil when
    /// no region has roads. Legs are routed on `runner`, each once the changes made when it was
    /// asked for are kept (`changesOnDisk`).
    package convenience init(
        runner: any BackgroundRunner, changesOnDisk: ChangesOnDisk? = nil,
        makeRouting: @escaping @MainActor () -> (any RoadRouting)?
    ) {
        self.init(runner: .some(runner), changesOnDisk: changesOnDisk, makeRouting: makeRouting)
    }

    private init(runner: (any BackgroundRunner)?, changesOnDisk: ChangesOnDisk?, makeRouting: @escaping @MainActor () -> (any RoadRouting)?) {
        self.makeRouting = makeRouting
        self.runner = runner
        self.changesOnDisk = changesOnDisk
        routing = makeRouting()
    }

    /// What a routing job calls first: waits until the changes made by now are kept.
    private func waitForChangesKept() -> @Sendable () -> Void {
        guard let changesOnDisk else { return {} }
        let asked = changesOnDisk.current
        return { changesOnDisk.waitUntilKept(asked) }
    }

    /// No roads at all: every leg an estimate (nothing is ever routed, so no runner is needed).
    package static var none: RoadLegs { RoadLegs(runner: nil, changesOnDisk: nil) { nil } }

    /// Road legs on the regions of `shelf`, by the engine of `environment`'s settings (`Routing`).
    /// What the engine keeps (the leg cache's file) is read by a job of `runner` each time the
    /// engine is made ("read-legs"): the first screen asking for legs then does not read (and
    /// decode) the whole file on the main loop, however large it has grown.
    package static func onRegions(
        of shelf: RegionShelf, environment: [String: String], runner: any BackgroundRunner,
        changesOnDisk: ChangesOnDisk? = nil
    ) -> RoadLegs {
        RoadLegs(runner: runner, changesOnDisk: changesOnDisk) {
            let routing = Routing.engine(shelf: shelf, environment: environment)
            guard routing.hasRoads else { return nil }
            runner.run("read-legs", work: { _ in routing.readAhead() }, done: { _ in })
            return routing
        }
    }

    /// The search for the best order of `trip`'s stops (`OptimizeOrder`), to run on any thread: on
    /// the roads between every two stops when one region covers them all (routed with `progress`,
    /// which stops it by returning false), else in straight lines with the reason.
    /// `searching` hears how far the search itself is (0 to 1) and stops it by returning false.
    /// `unit`: that of trips that choose none, for the figures of their estimates.
    package func orderSearch(
        of trip: Trip, unit: DistanceUnit
    )
        -> @Sendable (
            _ progress: (_ done: Int, _ total: Int) -> Bool,
            _ searching: @escaping (Double) -> Bool
        ) -> StopOrder
    {
        let optimize = OptimizeOrder(routing: routing, unit: unit)
        let kept = waitForChangesKept()
        return { progress, searching in
            kept()
            return optimize.order(of: trip, progress: progress, searching: searching)
        }
    }

    /// New road figures arrived: screens showing legs draw again.
    package var changes: AnyPublisher<Void, Never> { subject.eraseToAnyPublisher() }

    /// Whether any leg can be on roads at all.
    package var hasRoads: Bool { routing != nil }

    /// The figures of `trip`'s legs as far as known, and how many are still being routed. Legs
    /// not yet asked for are sent to the worker. `lines`: whether the legs' road lines are wanted
    /// (a map, an export); the trip list wants figures alone, and a leg only it asked for keeps
    /// none: a trip across a country has hundreds of thousands of road points (issue 54: the
    /// planner's memory grew by 51 MB with a 1,000-stop trip in the file). A leg known without its
    /// line is given at once when a line is wanted, and routed again for it.
    package func figures(of trip: Trip, estimate: RouteEstimate, lines: Bool = true) -> (legs: [LegFigures], pending: Int) {
        guard let routing else { return ([], 0) }
        var pending = 0
        let options = RouteOptions(settings: trip.settings)
        let legs = zip(trip.stops, trip.stops.dropFirst()).map { from, to -> LegFigures in
            let key = LegRequest(from: from.location, to: to.location, options: options)
            if known[key] == nil, let leg = routing.known(from: key.from, to: key.to, options: options) { known[key] = .road(leg) }
            if let outcome = known[key] {
                if lines, case .road(let leg) = outcome, leg.line.isEmpty { request(key, from: from.name, to: to.name, lines: true, on: routing) }
                return LegFigures(outcome, from: from.location, to: to.location, estimate: estimate)
            }
            pending += 1
            request(key, from: from.name, to: to.name, lines: lines, on: routing)
            return .estimated(geodesicMeters: Geodesy.distance(from: from.location, to: to.location), estimate: estimate)
        }
        return (legs, pending)
    }

    /// Sends the leg `key` to the worker unless it was sent already (for its line, when `lines`).
    private func request(_ key: LegRequest, from fromName: String, to toName: String, lines: Bool, on routing: any RoadRouting) {
        if lines {
            guard requestedLines.insert(key).inserted else { return }
            requested.insert(key)
        } else {
            guard requested.insert(key).inserted else { return }
        }
        guard let runner else { return }
        let (generation, kept) = (generation, waitForChangesKept())
        runner.run(
            "road-leg", lane: "roads",
            work: { _ in
                kept()
                return routing.route(from: key.from, to: key.to, fromName: fromName, toName: toName, options: key.options)
            }
        ) { [weak self] outcome in
            self?.arrived(key, outcome, line: lines, generation: generation)
        }
    }

    /// The detour to `found` and back (`AlongTheRoute.detour`), routed on the roads' lane as the
    /// legs are and handed to `done` at a later turn of the loop (not when the regions changed
    /// meanwhile); nil when no region has roads: the caller estimates it.
    package func detour(
        to found: AlongTheRoute.Found, options: RouteOptions, estimate: RouteEstimate,
        done: @escaping @MainActor (LegFigures) -> Void
    ) -> BackgroundJob? {
        guard let routing, let runner else { return nil }
        let (generation, kept) = (generation, waitForChangesKept())
        return runner.run(
            "along-detour", lane: "roads",
            work: { _ in
                kept()
                return AlongTheRoute.detour(to: found, routing: routing, options: options, estimate: estimate)
            }
        ) { [weak self] figures in
            if self?.generation == generation { done(figures) }
        }
    }

    /// A leg routed: kept (its line only when it was asked for, or is kept already), and the
    /// screens told, unless the regions changed since it was sent.
    private func arrived(_ key: LegRequest, _ outcome: RoadOutcome, line: Bool, generation: Int) {
        guard generation == self.generation else { return }
        if case .road(let leg) = outcome, !line, !requestedLines.contains(key) {
            known[key] = .road(RoutedLeg(meters: leg.meters, seconds: leg.seconds, line: [], region: leg.region))
        } else {
            known[key] = outcome
        }
        subject.send(())
    }

    /// The regions changed: the router is made again and every leg routed afresh.
    package func reload() {
        routing = makeRouting()
        generation += 1
        known = [:]
        requested = []
        requestedLines = []
        subject.send(())
    }
}
