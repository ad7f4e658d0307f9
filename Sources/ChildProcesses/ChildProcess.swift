import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way roadtrip starts another program (osmium, planetsplitter, curl, xdg-open's shell,
/// and the programs the tests run) and waits for it.
///
/// `posix_spawn` with the standard streams it is given and every other descriptor closed (no
/// child keeps a pipe or a lock of ours open), no blocked signals and every signal at its default
/// action (a child inherits the spawning thread's mask, and the planner's threads block SIGTERM).
/// A thread of its own blocks in `waitid` on the child, so its end is seen the moment it comes, not
/// at the next look; the child is reaped only after it is marked ended, so a signal sent to it
/// never reaches another process that was given its pid.
///
/// That thread is below the program's runner (BackgroundWork), not a job of it: it does no work
/// and hands nothing to the main loop, it is the child's own lifetime made something to wait on,
/// as a descriptor is for a pipe, ending with the child. A child is started from every thread there
/// is (a job of the runner, the command line's main thread, a test), and a job that waited for a
/// job of the same runner to see its child end would wait on its own lane; this layer names no
/// other, so that every layer above can start programs.
package final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams comes from or goes to.
    package enum Stream: Sendable {
        /// /dev/null.
        case null
        /// The file at the path: read for input; for output created, or emptied when it is there.
        case file(String)
        /// An open descriptor of the caller's (a pipe's end), which the child gets a copy of.
        case descriptor(Int32)
        /// Not open at all: the child's reads and writes fail (EBADF).
        case closed
    }

    /// How the child ended.
    package enum Termination: Equatable, Sendable {
        case exited(Int32)
        case killed(signal: Int32)

        /// `waitpid`'s status word (WIFEXITED and WEXITSTATUS are macros Swift does not import).
        init(status: Int32) {
            self = (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: status & 0x7F)
        }

        package var succeeded: Bool { self == .exited(0) }

        /// The shell's number for it: the exit status, or 128 + the signal.
        package var shellStatus: Int32 {
            switch self {
            case .exited(let status): return status
            case .killed(let signal): return 128 + signal
            }
        }
    }

    /// Why a program could not be started, as the C library says it ("No such file or directory").
    package struct Failure: LocalizedError, Equatable, CustomStringConvertible {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }

        package var description: String { reason }
        package var errorDescription: String? { reason }
    }

    package let pid: pid_t
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Under `lock`: true once the child has ended (it may not be reaped yet), then how.
    private var hasEnded = false
    private var ending: Termination?

    /// Starts `executable` (a path) with `arguments`, `environment` (nil: this process's) and the
    /// streams given; in a session of its own when `newSession` is set (no terminal, and not
    /// stopped with the planner). `diesWithParent`: the child is killed when the thread that
    /// starts it ends, which a `kill -9` of roadtrip does too (a download or an import must not go
    /// on without anyone to read it): through util-linux's `setpriv --pdeathsig`, which sets the
    /// kernel's parent-death signal and then runs the program in its place (same process), since
    /// `posix_spawn` has no way to set it. Such a child must be waited for on the thread that starts it.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: Stream = .null, output: Stream = .null, error: Stream = .null, newSession: Bool = false,
        diesWithParent: Bool = false
    ) throws(Failure) {
        var (program, words) = (executable, arguments)
        if diesWithParent, let setpriv = Self.setpriv {
            (program, words) = (setpriv, ["--pdeathsig", "KILL", "--", executable] + arguments)
        }
        pid = try Self.spawn(program, words, environment: environment, streams: [input, output, error], newSession: newSession)
        Thread.detachNewThread { [self] in awaitEnd() }
    }

    /// util-linux's `setpriv` (Debian's essential `util-linux`), where it is.
    private static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first { (path: String) in access(path, X_OK) == 0 }

    /// How the child ended, when it has; nil while it runs.
    package var termination: Termination? {
        lock.withLock { ending }
    }

    /// Waits for the child to end.
    package func wait() -> Termination {
        ended.wait()
        ended.signal()
        return lock.withLock { ending! }
    }

    /// Waits for the child to end until `deadline`; nil when it still runs then (a harness's guard
    /// against a hang, which then kills it).
    package func wait(until deadline: DispatchTime) -> Termination? {
        guard ended.wait(timeout: deadline) == .success else { return nil }
        ended.signal()
        return lock.withLock { ending }
    }

    /// Waits for the child to end, asking `keepWaiting` at once and then every `interval` while
    /// it runs (to report progress, or to notice a cancel). When it answers false the child is
    /// killed (SIGKILL: it cannot be blocked or ignored) and waited for; `stopped` says so.
    package func wait(checkingEvery interval: DispatchTimeInterval, _ keepWaiting: () -> Bool) -> (termination: Termination, stopped: Bool) {
        repeat {
            guard keepWaiting() else {
                signal(SIGKILL)
                return (wait(), true)
            }
        } while ended.wait(timeout: .now() + interval) == .timedOut
        ended.signal()
        return (lock.withLock { ending! }, false)
    }

    /// Sends `signal` to the child while it runs; nothing once it has ended.
    package func signal(_ signal: Int32) {
        lock.withLock {
            if !hasEnded { _ = kill(pid, signal) }
        }
    }

    /// Runs `executable` to its end with its standard output read through a pipe: how it ended,
    /// and what it wrote. Its error output goes to `error`.
    package static func output(
        of executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: Stream = .null, error: Stream = .null
    ) throws(Failure) -> (termination: Termination, output: Data) {
        let (reading, writing) = try pipe()
        let reader = FileHandle(fileDescriptor: reading, closeOnDealloc: true)
        let child: ChildProcess
        do { child = try ChildProcess(executable, arguments, environment: environment, input: input, output: .descriptor(writing), error: error) } catch {
            close(writing)
            throw error
        }
        close(writing)
        let output = reader.readDataToEndOfFile()
        return (child.wait(), output)
    }

    /// The full path of the program `name` on `$PATH` (of `environment`), or nil.
    package static func locate(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// A pipe, read from the first descriptor and written to the second: a socket pair, which
    /// behaves like a pipe here and, unlike pipe(), is close-on-exec from the start, so that no
    /// child started meanwhile by another thread (through Foundation, say) keeps it open.
    package static func pipe() throws(Failure) -> (reading: Int32, writing: Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw Failure(reason: String(cString: strerror(errno)))
        }
        return (ends[0], ends[1])
    }

    /// On the child's own thread: waits for its end without reaping it, marks it ended, then
    /// reaps it and tells the waiters.
    private func awaitEnd() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        lock.withLock { hasEnded = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        lock.withLock { ending = Termination(status: status) }
        ended.signal()
    }

    /// glibc's POSIX_SPAWN_SETSID, which its header shows only to _GNU_SOURCE.
    private static let spawnSetSID: Int32 = 0x80

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time (its header
    /// shows it only to _GNU_SOURCE); without it only close-on-exec descriptors are closed.
    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]?,
        streams: [Stream], newSession: Bool
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in zip(Int32(0)..., streams) {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let open): posix_spawn_file_actions_adddup2(&actions, open, descriptor)
            case .closed: posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        _ = addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), everySignal = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? spawnSetSID : 0)))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let variables = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            variables?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status =
            variables.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw Failure(reason: String(cString: strerror(status))) }
        return pid
    }
}
