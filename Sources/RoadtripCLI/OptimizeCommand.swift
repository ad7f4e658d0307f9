import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import RoadtripStore
import RoadtripUseCases
import Terminal
import TextCanvas

/// `roadtrip optimize TRIP [--apply] [--json]`: the shortest order of the stops, first and last kept.
struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Find the order of a trip's stops with the least driving; --apply uses it.",
        discussion: """
            The first and last stops stay where they are (a trip that ends where it starts is a loop \
            from there); the others are put in the order that makes the route shortest: the shortest \
            there is for up to 15 of them, a very good one beyond. Without --apply nothing changes.

            When one added region covers every stop, the order is searched on its roads (each way, \
            since a road need not be as long back): the quickest, or the shortest when the trip's \
            route setting says so. Otherwise in straight lines, with the reason.

            Examples:
              roadtrip optimize "Pacific Coast Drive"
              roadtrip optimize 2 --apply
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    @Flag(name: .long, help: "Save the trip in the new order.")
    var apply = false

    @Flag(
        name: .long,
        help:
            "Print JSON: {id, name, exact, loop, measure, reason?, cutOff?, currentMeters, optimizedMeters, savedMeters, currentSeconds?, optimizedSeconds?, applied, stops: [{id, name, was}], legs: [{from, to, distanceMeters, durationSeconds, source, reason?}]}."
    )
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let router = Routing.engine(environment: environment)
        let output = try MainActor.assumeIsolated { () throws -> String in
            let model = try options.openModel(environment: environment, forWriting: apply)
            let trip = try self.trip.trip(in: model.trips)
            if case let refusal? = OptimizeOrder.refusal(for: trip), case .tooLarge = refusal { throw CommandFailure(refusal.description) }
            let unit = trip.settings.units ?? options.unit(environment: environment)
            // ROADTRIP_OPTIMIZER=local-search: the search before the chained one, for the benchmark's comparison.
            let search = environment["ROADTRIP_OPTIMIZER"].flatMap(RouteOptimizer.Search.init(rawValue:)) ?? .chained
            let optimize = OptimizeOrder(routing: router.hasRoads ? router : nil, search: search, unit: options.unit(environment: environment))
            let order = optimize.order(of: trip, on: try Self.roads(between: trip, optimize: optimize))
            var applied = false
            if apply, order.isImprovement {
                applied = OptimizeOrder.use(order.reordered(trip.stops).map(\.id), inTrip: trip.id, of: model)
                try CommandSave.save(model, notDone: "The new order of \(TripText.quoted(trip.name)) was not saved")
            }
            if json {
                var reordered = trip
                reordered.stops = order.reordered(trip.stops)
                let legs = router.legs(of: reordered, estimate: RouteEstimate(for: reordered, unit: unit))
                return try Self.json(
                    for: trip, order: order, applied: applied,
                    legs: ShowCommand.report(for: reordered, unit: unit, legs: legs).legs)
            }
            return Self.text(for: trip, order: order, unit: unit, applied: applied, asked: apply)
        }
        if json { try CommandOutput.printJSON(output) } else { try CommandOutput.printText(output) }
    }

    /// The roads between every two stops of `trip` when a region covers them all, routed with
    /// the progress on standard error (`OptimizeOrder.roads`); nil when no region has roads.
    /// Ctrl-C stops the routing: exit 130.
    static func roads(between trip: Trip, optimize: OptimizeOrder) throws -> RoadMatrixOutcome? {
        guard optimize.routesRoads(for: trip) else { return nil }
        let line = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        SignalTrap.recordQuitSignals()
        defer { line.clear() }
        let outcome = optimize.roads(between: trip) { done, total in
            line.show("Routing the legs between the stops: \(DistanceUnit.grouped(done)) of \(DistanceUnit.grouped(total))")
            return SignalTrap.pendingQuit == nil
        }
        if case .cancelled? = outcome {
            line.clear()
            CommandOutput.note("roadtrip: stopped; nothing was changed.")
            throw ExitCode(128 + (SignalTrap.pendingQuit ?? SIGINT))
        }
        return outcome
    }

    /// The saving, then the stops in the new order with where each was.
    static func text(for trip: Trip, order: StopOrder, unit: DistanceUnit, applied: Bool, asked: Bool) -> String {
        var text = TextWidth.printable(trip.name) + "\n"
        if let note = order.note { text += TextWidth.printable(note) + "\n" }
        guard order.isImprovement else {
            let kept = OptimizeOrder.refusal(for: trip)?.description ?? order.alreadyBest(in: unit)
            return text + kept + "\n"
        }
        text += order.saving(in: unit) + "\n\n"
        let rows = order.order.enumerated().map { position, was in
            ["\(position + 1).", trip.stops[was].name, position == was ? "" : "was \(was + 1)"]
        }
        text += TextTable.render(rows, rightAligned: [0])
        text += applied ? "\nSaved in this order.\n" : (asked ? "" : "\nRun again with --apply to save this order.\n")
        return text
    }

    struct Report: Encodable {
        struct Stop: Encodable {
            let id: UUID
            let name: String
            /// Its position before, from 1.
            let was: Int
        }

        let id: UUID
        let name: String
        let exact: Bool
        let loop: Bool
        /// What the order makes least: `road time`, `road distance` or `straight line`.
        let measure: String
        /// Why it is searched in straight lines though regions have roads.
        let reason: String?
        /// The stops no road connects with the others, whose legs were estimates when the order
        /// was chosen on the roads; absent when there are none.
        let cutOff: [String]?
        /// On the roads when `measure` is, else in straight lines.
        let currentMeters: Double
        let optimizedMeters: Double
        let savedMeters: Double
        /// Driving times on the roads; absent in straight lines.
        let currentSeconds: Double?
        let optimizedSeconds: Double?
        let applied: Bool
        let stops: [Stop]
        /// The legs in the new order, as `show --json` gives them.
        let legs: [ShowCommand.Report.Leg]
    }

    static func json(for trip: Trip, order: StopOrder, applied: Bool, legs: [ShowCommand.Report.Leg] = []) throws -> String {
        let stops = order.order.map { Report.Stop(id: trip.stops[$0].id, name: trip.stops[$0].name, was: $0 + 1) }
        let report = Report(
            id: trip.id, name: trip.name, exact: order.isExact, loop: order.isLoop, measure: order.measure.rawValue, reason: order.notOnRoads,
            cutOff: order.cutOff.isEmpty ? nil : order.cutOff,
            currentMeters: order.currentMeters, optimizedMeters: order.optimizedMeters, savedMeters: order.savedMeters,
            currentSeconds: order.currentSeconds, optimizedSeconds: order.optimizedSeconds, applied: applied, stops: stops, legs: legs)
        return String(decoding: try JSONEncoder.deterministic().encode(report), as: UTF8.self)
    }
}
