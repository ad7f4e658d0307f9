import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import TextCanvas
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The loop of the full-screen program, on an off-screen terminal with keys queued as if typed.
@MainActor
@Suite struct MainLoopTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let navigator = Navigator(runner: ManualRunner())

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        navigator.push(
            TripListAssembly.makeModule(context: ModuleContext(model: model, navigator: navigator, unit: .km, places: .fixed(FakePlaces.california))))
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

    @Test func keysQueuedAfterAResizeMeetTheScreenAtItsNewSize() throws {
        let terminal = try #require(Terminal.offscreen(width: 80, height: 12))
        defer { terminal.stop() }
        let screen = KeyRecordingScreen()
        let navigator = Navigator(runner: ManualRunner())
        navigator.push(screen)
        // "!" shrinks the terminal below the minimum, as a user dragging the window would;
        // d and y are typed blind after it: the notice is drawn first, so the screen never
        // gets them, and q quits from the notice.
        screen.onKey = { key in
            if key == .character("!") {
                terminal.resize(width: 20, height: 4)
                terminal.queueResize()
            }
            if key == .character("q") { navigator.quit() }
        }
        terminal.queueInput("!dyq")
        let loop = MainLoop(terminal: terminal, navigator: navigator, model: model)
        #expect(loop.run() == .quit)
        #expect(screen.keys == [.character("!")])
        #expect(loop.frames == 2)
    }
}

/// A screen that records the keys it is given.
@MainActor
final class KeyRecordingScreen: Screen {
    var keys: [Key] = []
    var onKey: (Key) -> Void = { _ in }
    let helpTitle = "Keys"
    let helpEntries: [HelpEntry] = []
    let statusHints: [KeyHint] = []
    let statusMessage: StatusMessage? = nil
    var needsDisplay = true

    func dismissStatusMessage() {}

    func handle(_ key: Key) {
        keys.append(key)
        onKey(key)
    }

    func draw(on surface: Surface, in rect: Rect) {}
}
