import BackgroundWork
import Foundation
import RoadtripStore
import ScreenModels
import Terminal

/// The one loop of the full-screen program: draw when something changed, wait for a key (at most
/// `tick` ms, so signals and autosave are noticed), hand it to the navigation stack, autosave.
/// A quit saves first; when the save fails, the changes are not dropped: `SaveRescue` asks
/// where to put them.
@MainActor
final class MainLoop {
    static let tick: Int32 = 100
    /// While work off the loop is under way (legs being routed, an import, a save): its results
    /// show within 10 ms rather than on the next 100 ms tick.
    static let shortTick: Int32 = 10

    /// How the loop ended.
    enum Ending: Equatable {
        /// The user quit and everything was saved.
        case quit
        /// The data file could not be saved; the changes were written to this file instead.
        case savedCopy(URL)
        /// The data file could not be saved and the user chose to lose the changes.
        case discarded
        /// A quit signal arrived (its number); the caller saves or rescues the changes.
        case signal(Int32)
        /// The data file, read off the loop, could not be read (`DataModel.reading` says why);
        /// nothing was changed or written.
        case readFailed
    }

    private let terminal: Terminal
    private let navigator: Navigator
    private let model: DataModel
    /// Where the work off the loop runs: its results are handed over at the start of each turn.
    private let runner: any BackgroundRunner
    private let environment: [String: String]
    private var rescue: SaveRescue?
    /// The question about a journal a planner that ended without saving left, at start.
    private var journalOffer: JournalOffer?
    private var needsDisplay = true
    /// How many frames were sent to the terminal.
    private(set) var frames = 0
    /// When the loop last looked whether another writer saved the file (`followFile`).
    private var lastFileCheck = ProcessInfo.processInfo.systemUptime
    /// Timings for the benchmarks, when asked for.
    private let timing: FrameTiming?
    /// Keys typed while the data file is read off the loop, with when they were read: they wait
    /// for the whole file, and are then handled in order, as if typed after it.
    private var heldKeys: [(key: Key, read: UInt64)] = []
    /// Whether the screens show the file's first trips only, the rest being read.
    private var showsFirstTrips: Bool

    init(terminal: Terminal, navigator: Navigator, model: DataModel, environment: [String: String] = [:]) {
        self.terminal = terminal
        self.navigator = navigator
        self.model = model
        runner = model.runner
        self.environment = environment
        timing = FrameTiming.fromEnvironment(environment)
        showsFirstTrips = model.isReading
        if showsFirstTrips { navigator.banner = .reading(model.store.url) }
        offerPendingJournal()
    }

    /// Asks about a journal a planner that ended without saving left, or says why one is left
    /// alone: at start, and when this planner takes the file over from one that quit.
    private func offerPendingJournal() {
        switch model.pendingJournal {
        case .restorable(let restore)?:
            journalOffer = JournalOffer(model: model, restore: restore)
            needsDisplay = true
        case .newer(let newer)?:
            navigator.banner = .newerJournalBanner(newer)
        case .tooLarge(let tooLarge)?:
            navigator.banner = .journalLeftAlone(tooLarge.url, tooLarge.reason)
        case nil:
            break
        }
    }

    func run() -> Ending {
        defer { timing?.finish() }
        while true {
            if navigator.isFinished, rescue == nil {
                guard let failure = saveBeforeQuitting() else { return .quit }
                rescue = SaveRescue(
                    model: model, failure: failure,
                    suggested: RecoveryFile.suggested(for: model.store.url, environment: environment))
                needsDisplay = true
            }
            // What a form holds is kept first; a first Ctrl-C over a value in error stays (`QuitRequest`).
            if let signal = SignalTrap.takePendingQuitSignal(), navigator.mayQuit(interactive: signal == SIGINT) { return .signal(signal) }
            if SignalTrap.takePendingSuspend() {
                if SignalTrap.canSuspend {
                    terminal.suspend()
                    _ = SignalTrap.takePendingContinue() // the `fg` after Ctrl-Z: suspend took the terminal back
                    navigator.setNeedsDisplay()
                } else {
                    navigator.show(.cannotSuspend)
                }
            }
            if SignalTrap.takePendingContinue() {
                // `kill -STOP` then `fg`: the shell left the terminal in line mode.
                terminal.resumeAfterContinue()
                navigator.setNeedsDisplay()
            }
            runner.deliverFinished()
            if showsFirstTrips, !model.isReading, let ending = endReading() { return ending }
            navigator.pollBusy()
            // Keys held while the file was read are handled before the whole file is drawn, so
            // that the first frame of it shows what they did.
            if navigator.needsDisplay || needsDisplay, showsFirstTrips || heldKeys.isEmpty {
                navigator.draw(on: terminal.surface)
                if rescue != nil || journalOffer != nil {
                    // A dialog over the screen: its link and its caret are hidden behind it.
                    terminal.surface.printedLines = []
                    terminal.surface.cursorPosition = nil
                }
                rescue?.draw(on: terminal.surface)
                journalOffer?.draw(on: terminal.surface)
                // What was copied goes to the terminal before the frame that says "Copied".
                for text in navigator.takeClipboard() { terminal.copyToClipboard(text) }
                terminal.update()
                needsDisplay = false
                frames += 1
                timing?.frameWasSent()
                if frames == 1 { runner.run("rehearse-editing", work: { _ in DataModel.rehearseEditing() }, done: { _ in }) }
            }
            // Once the first trips are on the screen, the rest of the file: read before, it
            // would share a core with drawing them (two cores, and the terminal needs one too).
            if showsFirstTrips { model.readWholeFile() }
            // The saves start once the frame is out: the autosave encodes the whole file on
            // another thread (the journal, only what changed), which on a machine of two cores
            // would otherwise share one with the drawing of the very frame that shows the change.
            if rescue == nil, !showsFirstTrips { autosave() }
            if journalOffer == nil, !showsFirstTrips { model.keepJournal() }
            // Keys already waiting (a paste, a held key, keys typed while a frame was drawn)
            // are all handled before the next frame, so the screen never lags the keyboard.
            // A resize is drawn before the keys after it: they are meant for the screen at its
            // new size (too small, it takes no keys but q).
            var key = nextKey(timeout: runner.hasWork ? Self.shortTick : Self.tick)
            while let (next, read) = key {
                if showsFirstTrips, next != .resize {
                    heldKeys.append((next, read))
                } else {
                    timing?.keyWasRead(at: read)
                    if let ending = handle(next) { return ending }
                }
                if navigator.isFinished || SignalTrap.hasPendingSignal || next == .resize { break }
                key = nextKey(timeout: 0)
            }
            if !showsFirstTrips { followFile() }
        }
    }

    /// The next key and when it was read (for the timings): one held while the file was read,
    /// in the order typed, else the terminal's.
    private func nextKey(timeout: Int32) -> (Key, UInt64)? {
        if !showsFirstTrips, !heldKeys.isEmpty { return heldKeys.removeFirst() }
        return terminal.readKey(timeout: timeout).map { ($0, timing == nil ? 0 : FrameTiming.now()) }
    }

    /// The whole file has been read off the loop: the screens show it, with the banner and the
    /// journal's question the file calls for, and the keys held meanwhile come next. A file that
    /// could not be read ends the loop, as it would have stopped the program before its first frame.
    private func endReading() -> Ending? {
        showsFirstTrips = false
        if case .failed? = model.reading { return .readFailed }
        navigator.banner = model.readOnlyReason.map { .readOnlyBanner($0) }
        offerPendingJournal()
        return nil
    }

    /// The planner follows its file (issue 55): about once a second it looks, and on every turn
    /// while the file is read off the loop; another window's or a command's save is merged into
    /// what it shows (its own unsaved edits kept) and said in the status line. Once the planner
    /// that kept the journal quits, this one keeps it, and offers back what that one left
    /// unsaved, if it ended so.
    private func followFile() {
        let now = ProcessInfo.processInfo.systemUptime
        let due = now - lastFileCheck >= 1
        guard due || model.isFollowing else { return }
        if let news = model.followFile() { navigator.show(.fromAnotherWindow(news)) }
        guard due else { return }
        lastFileCheck = now
        if model.takeOverJournal() { offerPendingJournal() }
    }

    /// Hands one key to the rescue dialog, when it is open, or else to the screens; returns how
    /// the loop ends when the key ends it.
    private func handle(_ key: Key) -> Ending? {
        if key == .resize || key == Self.repaintKey {
            // A resize: ncurses has already taken the new size; everything is laid out again.
            // Ctrl-L, on every screen and over every dialog: the whole screen is drawn anew, as
            // vim and less do, for a terminal something else wrote on.
            terminal.invalidate()
            navigator.setNeedsDisplay()
            needsDisplay = true
        } else if let offer = journalOffer {
            needsDisplay = true
            if let message = offer.handle(key) {
                journalOffer = nil
                navigator.show(message)
            }
        } else if let rescue {
            needsDisplay = true
            switch rescue.handle(key) {
            case .stay:
                self.rescue = nil
                navigator.resume()
            case .savedCopy(let url): return .savedCopy(url)
            case .discard: return .discarded
            case nil: break
            }
        } else {
            navigator.handle(key)
        }
        return nil
    }

    /// The key that repaints the whole screen, everywhere.
    static let repaintKey = Key.control("l")

    /// Saves what is unsaved; returns why that failed, if it did.
    private func saveBeforeQuitting() -> DataFileError? {
        guard model.hasUnsavedChanges else { return nil }
        do {
            try model.save()
            return nil
        } catch {
            return error
        }
    }

    private func autosave() {
        let start = FrameTiming.now()
        let wasSaving = model.isSaving
        defer { if model.isSaving != wasSaving { timing?.saved(since: start) } }
        do {
            let outcome = try model.autosave()
            if case .merged(let conflicts) = outcome {
                navigator.show(StatusMessage.merged(conflicts: conflicts, path: model.store.path))
            }
        } catch {
            navigator.show(.error(error.description))
        }
    }
}
