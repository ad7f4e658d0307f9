import ChildProcesses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens a link in the desktop's browser with `xdg-open`, detached from the planner: in a session
/// of its own, with no terminal, its output thrown away, so that nothing it prints lands on the
/// screen and it lives on after the planner quits.
struct BrowserOpener {
    enum Failure: Error, Equatable {
        /// Neither $DISPLAY nor $WAYLAND_DISPLAY: a browser would have nowhere to show (ssh, a console).
        case noDisplay
        /// xdg-open is not on the PATH.
        case notInstalled
        /// The shell that starts it could not be started (the reason).
        case cannotStart(String)
    }

    let environment: [String: String]

    /// Whether there is a display to open a browser on.
    var hasDisplay: Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    func open(_ url: String) -> Result<Void, Failure> {
        guard hasDisplay else { return .failure(.noDisplay) }
        // sh looks xdg-open up, starts it in the background and exits at once; xdg-open, left
        // to init, needs no waiting for. 127: not found.
        let script = "command -v xdg-open >/dev/null 2>&1 || exit 127; xdg-open \"$1\" </dev/null >/dev/null 2>&1 &"
        // In a session of its own, with /dev/null for input and output (`ChildProcess`).
        do {
            switch try ChildProcess("/bin/sh", ["-c", script, "sh", url], environment: environment, newSession: true).wait() {
            case .exited(127): return .failure(.notInstalled)
            default: return .success(())
            }
        } catch {
            return .failure(.cannotStart(error.reason))
        }
    }
}
