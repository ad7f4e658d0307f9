@testable import RoadtripTUI
import ScreenModels
import Terminal
import TextCanvas
import Testing
import RoadtripTestSupport

@MainActor
final class ScreenStub: Screen {
    let name: String
    var keys: [Key] = []
    var needsDisplay = true
    var statusMessage: StatusMessage?
    var searchPrompt: SearchPrompt?

    init(_ name: String) { self.name = name }

    func dismissStatusMessage() { statusMessage = nil }

    var helpTitle: String { "\(name) — keys" }
    var helpEntries: [HelpEntry] { [HelpEntry(keys: "x", text: "Does x")] }
    var statusHints: [KeyHint] { [KeyHint(key: "x", label: "Ex")] }
    func handle(_ key: Key) { keys.append(key) }
    func draw(on surface: Surface, in rect: Rect) { surface.text("screen \(name)", row: rect.row, column: 0) }

    /// What quit signals asked of it; whether it stays open when asked (a value in error).
    var quitRequests: [QuitRequest] = []
    var staysOpenWhenAsked = false
    func finishEditing(before request: QuitRequest) -> Bool {
        quitRequests.append(request)
        return !(staysOpenWhenAsked && request.mayStayOpen)
    }
}

@MainActor
@Suite struct NavigatorTests {
    @Test func aScreenCoveredByAnotherForgetsItsMessage() {
        let navigator = Navigator(runner: ManualRunner())
        let list = ScreenStub("list"), trip = ScreenStub("trip")
        navigator.push(list)
        list.statusMessage = StatusMessage("Deleted “Coast” — u undoes.")
        navigator.push(trip)
        navigator.pop(trip)
        #expect(list.statusMessage == nil)
    }

    @Test func pushAndPop() {
        let navigator = Navigator(runner: ManualRunner())
        let first = ScreenStub("one"), second = ScreenStub("two")
        navigator.push(first)
        navigator.push(second)
        #expect(navigator.top === second)
        navigator.pop(second)
        #expect(navigator.top === first)
        #expect(!navigator.isFinished)
    }

    @Test func poppingTheLastScreenQuits() {
        let navigator = Navigator(runner: ManualRunner())
        let only = ScreenStub("one")
        navigator.push(only)
        navigator.pop(only)
        #expect(navigator.isFinished)
    }

    @Test func closingAScreenClosesWhatIsOverItAndOnlyIt() {
        let navigator = Navigator(runner: ManualRunner())
        let list = ScreenStub("list"), trip = ScreenStub("trip"), editor = ScreenStub("editor")
        navigator.push(list)
        navigator.push(trip)
        navigator.push(editor)
        navigator.pop(trip)
        #expect(navigator.top === list)
        navigator.pop(editor) // no longer open: nothing happens
        #expect(navigator.top === list && !navigator.isFinished)
    }

    @Test func keysGoToTheTopScreen() {
        let navigator = Navigator(runner: ManualRunner())
        let first = ScreenStub("one"), second = ScreenStub("two")
        navigator.push(first)
        navigator.push(second)
        navigator.handle(.character("z"))
        #expect(second.keys == [.character("z")])
        #expect(first.keys.isEmpty)
    }

    @Test func drawsTheTopScreenAndItsStatusBar() throws {
        let navigator = Navigator(runner: ManualRunner())
        navigator.push(ScreenStub("one"))
        let terminal = try #require(Terminal.offscreen(width: 40, height: 8))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        let lines = terminal.surface.lines()
        #expect(lines[0] == "screen one")
        #expect(lines[7].contains("x Ex"))
        #expect(!navigator.needsDisplay)
    }

    /// Issue 53: a list's `/` prompt takes the status line, as less's does; the screen keeps its rows.
    @Test func aSearchPromptTakesTheStatusLine() throws {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("one")
        screen.searchPrompt = SearchPrompt(pattern: "tul")
        navigator.push(screen)
        let terminal = try #require(Terminal.offscreen(width: 40, height: 8))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        let lines = terminal.surface.lines()
        #expect(lines[0] == "screen one")
        #expect(lines[7].hasPrefix("/tul") && !lines[7].contains("x Ex"))
        #expect(terminal.surface.cursorPosition?.row == 7, "the terminal's cursor is in the prompt")
        // A message of the app's own (a failed autosave) is not hidden by it.
        navigator.show(.error("Cannot save"))
        navigator.draw(on: terminal.surface)
        #expect(terminal.surface.lines()[7].contains("Cannot save"))
    }

    @Test func helpOverlayTakesKeysUntilClosed() throws {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("one")
        navigator.push(screen)
        navigator.showHelp()
        let terminal = try #require(Terminal.offscreen(width: 40, height: 8))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        #expect(terminal.surface.lines().contains { $0.contains("Does x") })
        navigator.handle(.character("q"))
        #expect(!navigator.isShowingHelp)
        #expect(screen.keys.isEmpty)
    }

    @Test func appMessagesShowUntilTheNextKey() throws {
        let navigator = Navigator(runner: ManualRunner())
        navigator.push(ScreenStub("one"))
        navigator.show(.error("Cannot save"))
        let terminal = try #require(Terminal.offscreen(width: 40, height: 8))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        #expect(terminal.surface.lines()[7].contains("Cannot save"))
        navigator.handle(.character("z"))
        navigator.draw(on: terminal.surface)
        #expect(!terminal.surface.lines()[7].contains("Cannot save"))
    }

    @Test func aTinyTerminalGetsANoticeInsteadOfTheScreen() throws {
        let navigator = Navigator(runner: ManualRunner())
        navigator.push(ScreenStub("one"))
        let terminal = try #require(Terminal.offscreen(width: 20, height: 4))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        let text = terminal.surface.lines().joined(separator: "\n")
        #expect(text.contains("Terminal too small"))
        #expect(!text.contains("screen one"))
        terminal.resize(width: 1, height: 1)
        navigator.draw(on: terminal.surface)
    }

    @Test func keysDoNothingWhileTheNoticeHidesTheScreen() throws {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("one")
        navigator.push(screen)
        let terminal = try #require(Terminal.offscreen(width: 20, height: 4))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        #expect(navigator.isShowingTooSmallNotice)
        navigator.handle(.character("d"))
        navigator.handle(.character("y"))
        navigator.handle(.enter)
        #expect(screen.keys.isEmpty)
        #expect(!navigator.isFinished)
        navigator.draw(on: terminal.surface)
        #expect(terminal.surface.lines().contains { $0.contains("3 keys ignored") })

        // Large enough again: the screen is back, and keys act from then on.
        terminal.resize(width: 40, height: 8)
        navigator.draw(on: terminal.surface)
        #expect(!navigator.isShowingTooSmallNotice)
        navigator.handle(.character("z"))
        #expect(screen.keys == [.character("z")])
    }

    @Test func qQuitsWhileTheNoticeHidesTheScreen() throws {
        let navigator = Navigator(runner: ManualRunner())
        let first = ScreenStub("one"), second = ScreenStub("two")
        navigator.push(first)
        navigator.push(second)
        let terminal = try #require(Terminal.offscreen(width: 20, height: 4))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        navigator.handle(.character("q"))
        #expect(navigator.isFinished)
        #expect(second.keys.isEmpty)
    }

    @Test func keysActBeforeTheFirstDrawingAndAtTheMinimumSize() throws {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("one")
        navigator.push(screen)
        navigator.handle(.character("a"))
        let terminal = try #require(Terminal.offscreen(width: Navigator.minimumSize.width, height: Navigator.minimumSize.height))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        navigator.handle(.character("b"))
        #expect(screen.keys == [.character("a"), .character("b")])
    }

    // MARK: A quit signal while typing (issue 53)

    @Test func aCtrlCAsksTheScreenOnTopAndQuitsWhenItKeptWhatWasTyped() {
        let navigator = Navigator(runner: ManualRunner())
        let list = ScreenStub("list"), trip = ScreenStub("trip")
        navigator.push(list)
        navigator.push(trip)
        #expect(navigator.mayQuit(interactive: true))
        #expect(trip.quitRequests == [.asking] && list.quitRequests.isEmpty)
    }

    @Test func aSecondCtrlCInsistsUnlessAKeyCameBetween() {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("settings")
        screen.staysOpenWhenAsked = true
        navigator.push(screen)
        #expect(!navigator.mayQuit(interactive: true))
        navigator.handle(.character("1"))
        #expect(!navigator.mayQuit(interactive: true))
        #expect(navigator.mayQuit(interactive: true))
        #expect(screen.quitRequests == [.asking, .asking, .insisting])
    }

    @Test func sigtermAndSighupAlwaysInsist() {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("settings")
        screen.staysOpenWhenAsked = true
        navigator.push(screen)
        #expect(navigator.mayQuit(interactive: false))
        #expect(screen.quitRequests == [.insisting])
    }

    /// Nobody can read why the screen would stay open behind the notice.
    @Test func behindTheTooSmallNoticeACtrlCInsists() throws {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("settings")
        screen.staysOpenWhenAsked = true
        navigator.push(screen)
        let terminal = try #require(Terminal.offscreen(width: 20, height: 4))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        #expect(navigator.mayQuit(interactive: true))
        #expect(screen.quitRequests == [.insisting])
    }

    @Test func whyAScreenStaysOpenIsNotHiddenByAMessageOfTheProgramsOwn() throws {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("editor")
        screen.staysOpenWhenAsked = true
        navigator.push(screen)
        navigator.show(StatusMessage("Saved to trips.json."))
        screen.statusMessage = .error("Not quit: choose a place for this stop; Esc or Ctrl-C again drops it.")
        #expect(!navigator.mayQuit(interactive: true))
        let terminal = try #require(Terminal.offscreen(width: 80, height: 8))
        defer { terminal.stop() }
        navigator.draw(on: terminal.surface)
        #expect(terminal.surface.lines().last?.contains("Not quit: choose a place") == true)
    }

    @Test func aScreenThatStaysOpenIsNotHiddenByTheHelp() {
        let navigator = Navigator(runner: ManualRunner())
        let screen = ScreenStub("editor")
        screen.staysOpenWhenAsked = true
        navigator.push(screen)
        navigator.showHelp()
        #expect(!navigator.mayQuit(interactive: true))
        #expect(!navigator.isShowingHelp)
    }
}
