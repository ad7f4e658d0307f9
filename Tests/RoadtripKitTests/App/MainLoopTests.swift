import Foundation
import Terminal
import Testing
@testable import RoadtripKit

/// The loop of the full-screen program, on an off-screen terminal with keys queued as if typed.
@MainActor
@Suite struct MainLoopTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let navigator = Navigator()

    init() throws {
        directory = try TemporaryDirectory()
        model = DataModel(store: TripFileStore(url: directory.file("trips.json")))
        try model.load { Fixtures.trips }
        navigator.push(TripListRouter.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))))
    }

    @Test func keysWaitingInTheQueueAreHandledBeforeTheNextFrame() throws {
        let terminal = try #require(Terminal.offscreen(width: 80, height: 12))
        defer { terminal.stop() }
        // A rename typed all at once, then Enter and q: every key handled, one frame drawn.
        terminal.queueInput("r\u{15}Coast Road Trip\rq")
        let loop = MainLoop(terminal: terminal, navigator: navigator, model: model)
        #expect(loop.run() == .quit)
        #expect(loop.frames == 1)
        #expect(model.trips.first?.name == "Coast Road Trip")
        #expect(try TripFileStore(url: directory.file("trips.json")).read()?.trips.first?.name == "Coast Road Trip")
    }
}
