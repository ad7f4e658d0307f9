import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripStore
import Terminal

/// `roadtrip optimize TRIP [--apply] [--json]`: the shortest order of the stops, first and last kept.
struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Find the order of a trip's stops with the least driving; --apply uses it.",
        discussion: """
        The first and last stops stay where they are (a trip that ends where it starts is a loop \
        from there); the others are put in the order that makes the route shortest: the shortest \
        there is for up to 12 of them, a very good one beyond. Without --apply nothing changes.

        Examples:
          roadtrip optimize "Pacific Drive"
          roadtrip optimize 2 --apply
        """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    @Flag(name: .long, help: "Save the trip in the new order.")
    var apply = false

    @Flag(name: .long, help: "Print JSON: {id, name, exact, loop, currentMeters, optimizedMeters, savedMeters, applied, stops: [{id, name, was}]}.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let output = try MainActor.assumeIsolated { () throws -> String in
            let model = try DataModel.open(options.dataFile(environment: environment), environment: environment, forWriting: apply)
            let trip = try self.trip.trip(in: model.trips)
            if let refusal = StopOrder.tooLargeToOptimize(trip) { throw CommandFailure( refusal) }
            let unit = trip.settings.units ?? options.unit(environment: environment)
            let order = StopOrder(of: trip)
            var applied = false
            if apply, order.isImprovement {
                applied = model.reorderStops(inTrip: trip.id, to: order.reordered(trip.stops).map(\.id), "optimise the order of \(trip.name)")
                try model.save()
            }
            return json ? try Self.json(for: trip, order: order, applied: applied) : Self.text(for: trip, order: order, unit: unit, applied: applied, asked: apply)
        }
        if json { try CommandOutput.printJSON(output) } else { try CommandOutput.printText(output) }
    }

    /// The saving, then the stops in the new order with where each was.
    static func text(for trip: Trip, order: StopOrder, unit: DistanceUnit, applied: Bool, asked: Bool) -> String {
        var text = TextWidth.printable(trip.name) + "\n"
        guard order.isImprovement else {
            let kept = trip.stops.count < 4 ? "With \(trip.stops.count) stops there is no other order to try." : "The order is already the \(order.isExact ? "shortest" : "best found"): \(unit.format(meters: order.currentMeters))."
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
        let currentMeters: Double
        let optimizedMeters: Double
        let savedMeters: Double
        let applied: Bool
        let stops: [Stop]
    }

    static func json(for trip: Trip, order: StopOrder, applied: Bool) throws -> String {
        let stops = order.order.map { Report.Stop(id: trip.stops[$0].id, name: trip.stops[$0].name, was: $0 + 1) }
        let report = Report(id: trip.id, name: trip.name, exact: order.isExact, loop: order.isLoop, currentMeters: order.currentMeters,
                            optimizedMeters: order.optimizedMeters, savedMeters: order.savedMeters, applied: applied, stops: stops)
        return String(decoding: try JSONEncoder.deterministic().encode(report), as: UTF8.self)
    }
}
