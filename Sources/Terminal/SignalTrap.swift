import CNCurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// State touched from signal handlers: plain C-sized values, set up before any handler is
// installed so that the handlers themselves never allocate or initialise anything.
nonisolated(unsafe) private var pendingQuitSignal: sig_atomic_t = 0
nonisolated(unsafe) private var pendingSuspend: sig_atomic_t = 0
nonisolated(unsafe) private var pendingContinue: sig_atomic_t = 0
nonisolated(unsafe) private var savedTerminalModes = termios()
nonisolated(unsafe) private var hasSavedTerminalModes: sig_atomic_t = 0
nonisolated(unsafe) private var restoreSequence: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 0)

/// Signals that must not kill the program before it saves and restores the terminal.
///
/// ncurses' own SIGINT/SIGTERM handler calls `endwin()` and `_exit()`, so the program would never
/// save; and it ignores SIGHUP. These handlers only record the signal; the main loop, which wakes
/// at least every input timeout, sees it, saves, and stops curses.
package enum SignalTrap {
    package static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Records SIGINT, SIGTERM and SIGHUP instead of dying of them, for a command-line task that
    /// stops cleanly when asked (`hasPendingQuitSignal`), with no curses and no Ctrl-Z handling.
    package static func recordQuitSignals() {
        pendingQuitSignal = 0
        for signal in quitSignals {
            install(signal, flags: 0) { number in pendingQuitSignal = number }
        }
    }

    /// The quit signal received, if any, without taking it.
    package static var pendingQuit: Int32? { pendingQuitSignal != 0 ? pendingQuitSignal : nil }

    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP (call after curses has started, so
    /// that ours replace the ones it installs).
    package static func installQuitHandlers() {
        pendingQuitSignal = 0
        pendingSuspend = 0
        pendingContinue = 0
        for signal in quitSignals {
            install(signal, flags: 0) { number in pendingQuitSignal = number }
        }
        installSuspendHandler()
    }

    /// Ctrl-Z (SIGTSTP) is noted too: the main loop leaves curses, stops, and redraws everything
    /// when continued (`Terminal.suspend()`), instead of stopping with the screen in curses mode.
    static func installSuspendHandler() {
        install(SIGTSTP, flags: 0) { _ in pendingSuspend = 1 }
        // SIGSTOP cannot be caught; SIGCONT after it can. SA_RESTART: a read interrupted by it
        // goes on, and the loop sees the flag at its next wake (at most one input timeout).
        install(SIGCONT, flags: Int32(SA_RESTART)) { _ in pendingContinue = 1 }
    }

    /// Whether the process was continued (SIGCONT) since the last call: after a `kill -STOP`, or
    /// after the stop `suspend` asked for (which has taken the terminal back already).
    package static func takePendingContinue() -> Bool {
        guard pendingContinue != 0 else { return false }
        pendingContinue = 0
        return true
    }

    /// Whether Ctrl-Z (SIGTSTP) came since the last call.
    package static func takePendingSuspend() -> Bool {
        guard pendingSuspend != 0 else { return false }
        pendingSuspend = 0
        return true
    }

    /// Whether Ctrl-Z can stop this process: its process group answers to a parent in another
    /// group of the same session (the shell with job control that started it, which `fg` brings
    /// it back from). A group with none (a tmux pane's or a service's own command, `setsid`) is
    /// orphaned: the kernel drops the stop there (Linux ignores SIGTSTP in an orphaned group), and
    /// nothing could bring the program back.
    package static var canSuspend: Bool {
        let (group, session) = (getpgrp(), getsid(0))
        var parent = getppid()
        // Up through the ancestors in the program's own group (a shell without job control that
        // ran it keeps it in its group) to the first outside it.
        while parent > 1, getpgid(parent) == group { parent = parentOf(parent) ?? 0 }
        return parent > 1 && getpgid(parent) != group && getsid(parent) == session
    }

    /// The parent of process `pid`, from /proc (`getppid` is only for the calling process).
    private static func parentOf(_ pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // After the name: state, parent.
        let fields = stat[close.upperBound...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Stops the process as the default SIGTSTP would; returns when it is continued.
    static func stopProcess() {
        install(SIGTSTP, flags: 0, handler: nil)
        raise(SIGTSTP)
        installSuspendHandler()
    }

    /// Whether a quit signal or Ctrl-Z is waiting for the main loop (without taking it).
    package static var hasPendingSignal: Bool { pendingQuitSignal != 0 || pendingSuspend != 0 || pendingContinue != 0 }

    /// The quit signal received since the last call, if any.
    package static func takePendingQuitSignal() -> Int32? {
        let signal = pendingQuitSignal
        guard signal != 0 else { return nil }
        pendingQuitSignal = 0
        return signal
    }

    /// Remembers the terminal's modes as they are now, and installs crash handlers that put them
    /// back (and leave the alternate screen, show the cursor) before the program dies. A crash in
    /// the middle of a curses session would otherwise leave a shell with no echo.
    package static func installCrashHandlers() {
        guard tcgetattr(STDIN_FILENO, &savedTerminalModes) == 0 else { return }
        hasSavedTerminalModes = 1
        // Mouse reports off too (harmless when they were not on): a shell would get them as text.
        let sequence = Array("\u{1B}[0m\u{1B}[?1002l\u{1B}[?1006;1000l\u{1B}[?1049l\u{1B}[?25h\r\n".utf8)
        restoreSequence = .allocate(capacity: sequence.count)
        _ = restoreSequence.initialize(from: sequence)
        for signal in crashSignals {
            install(signal, flags: Int32(bitPattern: UInt32(SA_RESETHAND))) { number in
                if hasSavedTerminalModes != 0 {
                    tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminalModes)
                    _ = write(STDOUT_FILENO, restoreSequence.baseAddress, restoreSequence.count)
                }
                // SA_RESETHAND has put the default action back: die of the same signal.
                raise(number)
            }
        }
    }

    /// Installs `handler`, or the default action when it is nil.
    private static func install(_ signal: Int32, flags: Int32, handler: (@convention(c) (Int32) -> Void)?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, nil)
    }
}
