import Foundation
@testable import RoadtripStore
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The trip detail screen keeps its route, legs and map from one change to the next, told by the
/// data model what each change touched (`TripsChange`), and compares nothing to find out. Random
/// edits of every kind, through keys and through the model: after each, the screen is the one a
/// screen opened afresh on the same trip shows.
@MainActor
@Suite struct TripDetailChangesTests {
    static func trip(stops: Int, random: inout SeededRandom) -> Trip {
        Trip(
            name: "Long",
            stops: (0..<stops).map { index in
                Stop(
                    name: "Stop \(index)",
                    location: Coordinate(
                        latitude: Double.random(in: 30...45, using: &random),
                        longitude: Double.random(in: -120...(-100), using: &random)))
            })
    }

    private static func navigator(on model: DataModel, selecting row: Int) -> Navigator {
        let navigator = Navigator(runner: ManualRunner())
        navigator.push(TripListAssembly.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .unavailable)))
        navigator.handle(.enter)
        for _ in 0..<row { navigator.handle(.character("j")) }
        return navigator
    }

    private static func screen(_ navigator: Navigator) throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: 140, height: 40))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        return terminal.surface.lines()
    }

    @Test(arguments: 1...6)
    func aKeptScreenShowsWhatAFreshOneShows(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let directory = try TemporaryDirectory()
        let model = try DataModel.loaded(with: [Self.trip(stops: 40, random: &random)], in: directory)
        let id = model.trips[0].id
        let kept = Self.navigator(on: model, selecting: 0)
        for step in 0..<40 {
            let stops = model.trips[0].stops
            switch Int.random(in: 0..<7, using: &random) {
            case 0: kept.handle(.character("J"))
            case 1: kept.handle(.character("K"))
            case 2: kept.handle(.character("j"))
            case 3 where stops.count > 2:
                model.deleteStop(id: stops[Int.random(in: 0..<stops.count, using: &random)].id, inTrip: id)
            case 4:
                let stop = Self.trip(stops: 1, random: &random).stops[0]
                model.insertStop(Stop(name: "New \(step)", location: stop.location), inTrip: id, at: Int.random(in: 0...stops.count, using: &random))
            case 5: model.undo()
            default: model.redo()
            }
            let drawn = try Self.screen(kept)
            let selected = (kept.top as? TripDetailView)?.viewModel.selectedRow ?? 0
            let fresh = try Self.screen(Self.navigator(on: model, selecting: selected))
            // All but the status bar, which says what the last key did.
            #expect(drawn.dropLast() == fresh.dropLast(), "step \(step)")
        }
    }

}
