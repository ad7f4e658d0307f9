import BackgroundWork
import ScreenModels
import Terminal
import TextCanvas

/// The navigation stack of modules (TripList → TripDetail → Waypoint), the help overlay over the
/// top one, and the status bar under it. Routers push and pop; the main loop hands it keys and
/// asks it to draw.
@MainActor
package final class Navigator {
    package private(set) var stack: [Screen] = []
    package private(set) var isFinished = false
    private var help: HelpOverlay?
    /// A message from the app itself (a failed autosave), shown over the screen's own.
    private var message: StatusMessage?
    /// A message that stays while it is true ("read-only: …"), under any other.
    package var banner: StatusMessage? {
        didSet { setNeedsDisplay() }
    }
    private var ownNeedsDisplay = true
    /// The size of the screen at the last drawing. While it is below `minimumSize`, the screens
    /// are hidden behind a notice, and keys do not act (see `handle`).
    package private(set) var drawnSize: (width: Int, height: Int)?
    /// Keys that did nothing because the notice hid the screen, counted on the notice so that a
    /// user typing blind sees that nothing happened.
    private var keysIgnoredWhileTooSmall = 0
    /// Work running off the main loop; while it runs it has the keys (see `BusyTask`).
    private var busy: BusyTask?
    private var busySecondsShown = -1
    private var busyReportShown: String?
    /// Set when a click closed the help overlay: the rest of a double click is not for the screen.
    private var closingClick = ClosingClickGuard()
    /// Set when a Ctrl-C left the planner open because what a form held could not be kept: the
    /// next Ctrl-C, with no key between, quits anyway.
    private var quitWasRefused = false

    /// Smallest terminal the screens are laid out for.
    package static let minimumSize = (width: 30, height: 6)

    /// Whether the last drawing was the "Terminal too small" notice instead of the screen.
    package var isShowingTooSmallNotice: Bool {
        guard let drawnSize else { return false }
        return !Self.fits(width: drawnSize.width, height: drawnSize.height)
    }

    private static func fits(width: Int, height: Int) -> Bool {
        width >= minimumSize.width && height >= minimumSize.height
    }

    /// Where busy tasks run (`startBusy`).
    package let runner: any BackgroundRunner

    package init(runner: any BackgroundRunner) {
        self.runner = runner
    }

    package var top: Screen? { stack.last }

    package var needsDisplay: Bool {
        ownNeedsDisplay || (top?.needsDisplay ?? false)
    }

    package func push(_ screen: Screen) {
        stack.last?.dismissStatusMessage()
        stack.append(screen)
        setNeedsDisplay()
    }

    /// Closes `screen`, and whatever is open over it (a trip detail screen whose trip went away closes
    /// with the stop editor over it); closing the first screen quits. A screen no longer open is
    /// left alone: closing is said by who closes, never "whatever is on top".
    package func pop(_ screen: Screen) {
        guard let index = stack.lastIndex(where: { $0 === screen }) else { return }
        guard index > 0 else { return quit() }
        stack.removeSubrange(index...)
        setNeedsDisplay()
    }

    package func quit() {
        isFinished = true
    }

    /// A quit signal came (`interactive`: Ctrl-C; else SIGTERM or SIGHUP): the screen on top keeps
    /// what is typed in it (`Screen.finishEditing`). Returns whether the program may end now:
    /// false only for a first Ctrl-C whose screen stays open to say why. A screen hidden by the
    /// "too small" notice, or under work off the loop, could not be read: the quit insists.
    package func mayQuit(interactive: Bool) -> Bool {
        let request: QuitRequest = interactive && !quitWasRefused && !isShowingTooSmallNotice && busy == nil ? .asking : .insisting
        let mayQuit = top?.finishEditing(before: request) ?? true
        quitWasRefused = !mayQuit
        if !mayQuit {
            // What the screen says is under the help, and under a message of the program's own.
            help = nil
            message = nil
            setNeedsDisplay()
        }
        return mayQuit || request == .insisting
    }

    /// Takes back a quit that could not be completed (the changes could not be saved).
    package func resume() {
        isFinished = false
        setNeedsDisplay()
    }

    package func showHelp() {
        guard let top else { return }
        help = HelpOverlay(title: top.helpTitle, entries: top.helpEntries + ProgramKeys.helpEntries)
        setNeedsDisplay()
    }

    package var isShowingHelp: Bool { help != nil }

    /// Shows an app-level message until the next key.
    package func show(_ message: StatusMessage) {
        self.message = message
        setNeedsDisplay()
    }

    /// Text for the terminal's clipboard, sent by the main loop after the next frame.
    private var clipboard: [String] = []

    package func copyToClipboard(_ text: String) {
        clipboard.append(text)
        setNeedsDisplay()
    }

    /// What was copied since the last call (the main loop sends it to the terminal).
    package func takeClipboard() -> [String] {
        defer { clipboard = [] }
        return clipboard
    }

    package func setNeedsDisplay() {
        ownNeedsDisplay = true
    }

    /// Runs `task` with the keys held: Esc cancels it, other keys only say what is going on.
    package func startBusy(_ task: BusyTask) {
        busy = task
        busySecondsShown = -1
        task.start(on: runner)
        pollBusy()
    }

    package var isBusy: Bool { busy != nil }

    /// Called by the main loop on every turn, after the runner handed over what finished: lets go
    /// of a task that has ended, and turns the spinner once a second meanwhile.
    package func pollBusy() {
        guard let busy else { return }
        if busy.isDone {
            self.busy = nil
            message = nil
            return setNeedsDisplay()
        }
        guard busy.elapsedSeconds != busySecondsShown || busy.progress != busyReportShown else { return }
        busySecondsShown = busy.elapsedSeconds
        busyReportShown = busy.progress
        show(busy.statusMessage)
    }

    private func handleWhileBusy(_ key: Key, _ task: BusyTask) {
        switch key {
        case .escape:
            task.cancel()
            busy = nil
            show(StatusMessage(task.cancelledMessage))
        case .resize, .mouse:
            break
        default:
            show(task.statusMessage)
        }
    }

    package func handle(_ key: Key) {
        if key != .resize { quitWasRefused = false } // a key between two Ctrl-Cs: the next asks again
        if let busy { return handleWhileBusy(key, busy) }
        if isShowingTooSmallNotice {
            return handleWhileTooSmall(key)
        }
        if message != nil {
            message = nil
            setNeedsDisplay()
        }
        if var overlay = help {
            help = overlay.handle(key) ? overlay : nil
            if help == nil, case .mouse = key { closingClick.arm() }
            setNeedsDisplay()
            return
        }
        if case .mouse(let event) = key, closingClick.swallows(event) { return }
        top?.handle(key)
    }

    /// The user cannot see what a key would do: a `d` then `y` typed blind would delete a trip,
    /// an Enter would confirm whatever is open. So no key acts on the screens while the notice
    /// hides them, except `q`, which quits as on the trip list: quitting saves everything (or asks
    /// where to put the changes when it cannot), so it loses nothing, and it is the way out a user
    /// looking at a notice expects. Ctrl-C is a signal and quits the same way; a resize is handled
    /// by the main loop and brings the screen back as it was.
    private func handleWhileTooSmall(_ key: Key) {
        if key == .character("q") { return quit() }
        guard key != .resize else { return }
        if case .mouse = key { return } // the mouse moving over the notice is not a key typed blind
        keysIgnoredWhileTooSmall += 1
        setNeedsDisplay()
    }

    package func draw(on surface: Surface) {
        surface.clear()
        defer {
            ownNeedsDisplay = false
            top?.needsDisplay = false
        }
        let bounds = surface.bounds
        drawnSize = (bounds.width, bounds.height)
        guard Self.fits(width: bounds.width, height: bounds.height) else {
            drawTooSmallNotice(on: surface)
            return
        }
        keysIgnoredWhileTooSmall = 0
        guard let top else { return }
        top.draw(on: surface, in: bounds.inset(bottom: 1))
        // A search's prompt takes the status line, as less's and vim's do; a message from the app
        // itself (a failed autosave) still shows over it.
        if message == nil, let prompt = top.searchPrompt {
            prompt.draw(on: surface, row: bounds.bottom - 1)
        } else {
            StatusBar.draw(on: surface, row: bounds.bottom - 1, hints: top.statusHints, message: message ?? top.statusMessage ?? banner)
        }
        if var overlay = help {
            overlay.draw(on: surface)
            help = overlay
            // Over the screen: no caret or printed link of the screen behind shows through.
            surface.cursorPosition = nil
            surface.printedLines = []
        }
    }

    private func drawTooSmallNotice(on surface: Surface) {
        let bounds = surface.bounds
        var lines = ["Terminal too small", "(\(bounds.width)×\(bounds.height), needs \(Self.minimumSize.width)×\(Self.minimumSize.height))", "q quits (saved)"]
        if keysIgnoredWhileTooSmall > 0 {
            lines.append(keysIgnoredWhileTooSmall == 1 ? "1 key ignored" : "\(keysIgnoredWhileTooSmall) keys ignored")
        }
        let first = max(0, (bounds.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where first + offset < bounds.height {
            let column = max(0, (bounds.width - TextWidth.width(line)) / 2)
            surface.text(line, row: first + offset, column: column, style: offset == 0 ? .error : .normal)
        }
    }
}
