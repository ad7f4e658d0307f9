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
        switch Self.run("/bin/sh", ["sh", "-c", script, "sh", url], environment: environment) {
        case .success(127): return .failure(.notInstalled)
        case .success: return .success(())
        case .failure(let error): return .failure(.cannotStart(error.reason))
        }
    }

    private struct SpawnError: Error {
        let reason: String
    }

    /// glibc's POSIX_SPAWN_SETSID, which its header shows only to _GNU_SOURCE.
    private static let spawnSetSID: Int32 = 0x80

    /// Runs `argv` in a new session with /dev/null for input and output; returns its exit status.
    private static func run(_ path: String, _ argv: [String], environment: [String: String]) -> Result<Int32, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | Int32(POSIX_SPAWN_SETSIGMASK)))
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, arguments, variables)
        guard status == 0 else { return .failure(SpawnError(reason: String(cString: strerror(status)))) }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) == -1 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        return .success((exit & 0x7F) == 0 ? (exit >> 8) & 0xFF : -1)
    }
}
