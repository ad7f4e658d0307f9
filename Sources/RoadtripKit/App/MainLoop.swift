import Foundation
import Terminal

/// The one loop of the full-screen program: draw when something changed, wait for a key (at most
/// `tick` ms, so signals and autosave are noticed), hand it to the navigation stack, autosave.
@MainActor
final class MainLoop {
    static let tick: Int32 = 100

    private let terminal: Terminal
    private let navigator: Navigator
    private let model: DataModel

    init(terminal: Terminal, navigator: Navigator, model: DataModel) {
        self.terminal = terminal
        self.navigator = navigator
        self.model = model
    }

    /// Runs until the user quits or a quit signal arrives; returns that signal, if any.
    func run() -> Int32? {
        while !navigator.isFinished {
            if let signal = SignalTrap.takePendingQuitSignal() { return signal }
            if SignalTrap.takePendingSuspend() {
                terminal.suspend()
                navigator.setNeedsDisplay()
            }
            if navigator.needsDisplay {
                navigator.draw(on: terminal.surface)
                terminal.update()
            }
            if let key = terminal.readKey(timeout: Self.tick) {
                if key == .resize {
                    // ncurses has already taken the new size; everything is laid out again.
                    terminal.invalidate()
                    navigator.setNeedsDisplay()
                } else {
                    navigator.handle(key)
                }
            }
            autosave()
        }
        return nil
    }

    private func autosave() {
        do {
            if case .merged(let conflicts) = try model.saveIfDue() {
                navigator.show(StatusMessage.merged(conflicts: conflicts, path: model.store.path))
            }
        } catch {
            navigator.show(.error(error.description))
        }
    }
}
