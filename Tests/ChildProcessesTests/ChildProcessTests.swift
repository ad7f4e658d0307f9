import ChildProcesses
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The one runner of child programs: what it hands the child, what it leaves out, how it waits.
struct ChildProcessTests {
    /// A new, empty folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// Runs `script` with `sh -c` to its end; its standard output, and how it ended.
    static func shell(
        _ script: String, environment: [String: String]? = nil, newSession: Bool = false
    ) throws -> (output: String, ended: ChildProcess.Termination) {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out").path
        let child = try ChildProcess("/bin/sh", ["-c", script], environment: environment, output: .file(output), newSession: newSession)
        let ended = child.wait()
        return (try String(contentsOfFile: output, encoding: .utf8), ended)
    }

    @Test func theOutputAndErrorGoToTheirFilesAndTheExitStatusIsKept() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, error) = (folder.appendingPathComponent("out").path, folder.appendingPathComponent("err").path)
        try Data("left over from before\n".utf8).write(to: URL(fileURLWithPath: error))
        let child = try ChildProcess("/bin/sh", ["-c", "echo said; echo complained >&2; exit 3"], output: .file(output), error: .file(error))
        #expect(child.wait() == .exited(3))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "said\n")
        #expect(try String(contentsOfFile: error, encoding: .utf8) == "complained\n")
    }

    @Test func aProgramThatIsNotThereIsAFailureToStartWithTheSystemsSentence() {
        #expect(throws: ChildProcess.Failure(reason: "No such file or directory")) {
            _ = try ChildProcess("/nonexistent/roadtrip-no-such-tool", [])
        }
    }

    /// The wait is on the child itself: a child that ends is seen ending however long the
    /// interval between looks (an hour here, so a wait that only looked would hang the test).
    @Test func theEndOfAChildIsSeenWithoutWaitingForTheNextLook() throws {
        let child = try ChildProcess("/bin/true", [])
        var looks = 0
        let (ended, stopped) = child.wait(checkingEvery: .seconds(3_600)) {
            looks += 1
            return true
        }
        #expect(ended == .exited(0))
        #expect(!stopped)
        #expect(looks == 1)
    }

    /// A child that would run for ever (it reads a pipe no one writes to) is killed when the
    /// caller stops waiting, and then reaped: SIGKILL, which nothing can block.
    @Test func aChildIsKilledWhenTheWaitIsStopped() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let child = try ChildProcess("/bin/cat", [], input: .descriptor(ends[0]))
        let (ended, stopped) = child.wait(checkingEvery: .seconds(3_600)) { false }
        #expect(ended == .killed(signal: SIGKILL))
        #expect(stopped)
        #expect(child.termination == .killed(signal: SIGKILL))
        child.signal(SIGTERM)
        #expect(kill(child.pid, 0) == -1 && errno == ESRCH)
    }

    /// A wait with a deadline (a harness's guard against a hang) gives up when it passes, and
    /// leaves the child running for the caller to deal with.
    @Test func aWaitUntilADeadlineThatPassesLeavesTheChildRunning() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let child = try ChildProcess("/bin/cat", [], input: .descriptor(ends[0]))
        #expect(child.wait(until: .now()) == nil)
        #expect(child.termination == nil)
        child.signal(SIGKILL)
        #expect(child.wait() == .killed(signal: SIGKILL))
        #expect(child.wait(until: .now()) == .killed(signal: SIGKILL))
    }

    @Test func aClosedStreamIsNotOpenInTheChild() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "[ ! -e /proc/self/fd/1 ] && [ -e /proc/self/fd/2 ]"], output: .closed)
        #expect(child.wait() == .exited(0))
    }

    @Test func theOutputIsReadThroughAPipe() throws {
        let (ended, output) = try ChildProcess.output(of: "/bin/sh", ["-c", "printf 'a line\\n'; exit 2"])
        #expect(ended == .exited(2))
        #expect(String(decoding: output, as: UTF8.self) == "a line\n")
    }

    @Test func theChildGetsTheEnvironmentItIsGivenAndNoOther() throws {
        let (output, ended) = try Self.shell("echo \"$ROADTRIP_CHILD_TEST|$HOME\"", environment: ["ROADTRIP_CHILD_TEST": "given", "PATH": "/usr/bin:/bin"])
        #expect(ended.succeeded)
        #expect(output == "given|\n")
    }

    /// The spawning thread's blocked signals are not the child's: a thread of the planner blocks
    /// SIGTERM, and a tool started from it must still die of it.
    @Test func theChildStartsWithNoBlockedSignals() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let (output, _) = try Self.shell("exec grep SigBlk /proc/self/status")
        #expect(output.split(separator: "\t").last == "0000000000000000\n")
    }

    /// No descriptor of ours but the three streams reaches the child, close-on-exec or not (a
    /// pipe another child should see closed, a lock).
    @Test func theChildInheritsNoOtherDescriptor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let (output, _) = try Self.shell("exec ls /proc/self/fd")
        let descriptors = Set(output.split(separator: "\n").compactMap { Int32($0) })
        // 3 is ls's own look at the folder; the pipe's ends are above it.
        #expect(ends.allSatisfy { $0 > 3 })
        #expect(descriptors == [0, 1, 2, 3])
    }

    /// In a session of its own the child leads it (its session id is its pid): it has no
    /// terminal, and lives on after the planner.
    @Test func aChildInANewSessionLeadsIt() throws {
        let (output, _) = try Self.shell("exec cat /proc/self/stat", newSession: true)
        let afterName = output[output.range(of: ") ")!.upperBound...].split(separator: " ")
        // state, ppid, pgrp, session: the session id is the fourth field after the name; the pid is the first before it.
        let pid = output.split(separator: " ").first.map(String.init)
        #expect(String(afterName[3]) == pid)
        let (inherited, _) = try Self.shell("exec cat /proc/self/stat")
        #expect(String(inherited[inherited.range(of: ") ")!.upperBound...].split(separator: " ")[3]) == String(getsid(0)))
    }

    /// A child that writes without end (`yes`) is killed once the reader takes no more, and
    /// nothing past the reader's limit is kept: a hostile server cannot fill the memory or a disk.
    @Test func aChildThatWritesWithoutEndIsStoppedAtTheReadersLimit() throws {
        var kept = 0
        let reading = try ChildProcess.read("/usr/bin/yes", []) { bytes in
            guard kept + bytes.count <= 100_000 else { return false }
            kept += bytes.count
            return true
        }
        #expect(reading.stopped == .refused)
        #expect(reading.termination == .killed(signal: SIGKILL))
        #expect(kept <= 100_000)
        #expect(try ChildProcess.output(of: "/usr/bin/yes", [], limit: 4_096).output == nil)
        #expect(try ChildProcess.output(of: "/bin/echo", ["short"], limit: 4_096).output == Data("short\n".utf8))
    }

    /// The error output comes back as text, its last bytes only, and a cancel stops the child.
    @Test func theErrorOutputsEndIsKeptAndACancelStopsTheChild() throws {
        let said = try ChildProcess.read("/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' x >&2; echo why >&2; exit 3"]) { _ in true }
        #expect(said.termination == .exited(3))
        #expect(said.stopped == nil)
        #expect(said.errorOutput.utf8.count == ChildProcess.errorBytesKept)
        #expect(said.errorOutput.hasSuffix("xxwhy\n"))
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        var asked = 0
        let cancelled = try ChildProcess.read(
            "/bin/cat", [], input: .descriptor(ends[0]), checkingEvery: .milliseconds(10),
            keepGoing: {
                asked += 1
                return asked < 2
            }, receive: { _ in true })
        #expect(cancelled.stopped == .cancelled)
        #expect(cancelled.termination == .killed(signal: SIGKILL))
    }

    /// Issue 57, item 4: what a child is fed goes in through a pipe written by the loop that reads
    /// its output, with no thread of its own: a feed far longer than a pipe holds, from a child
    /// that writes it all back, comes back whole; one the child stops reading (it ends first) is
    /// given up without a SIGPIPE; an empty one is an input at its end at once.
    @Test func whatAChildIsFedGoesInThroughTheReadingLoop() throws {
        let feed = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let echoed = try ChildProcess.output(of: "/bin/cat", [], feeding: feed, limit: 4_000_000)
        #expect(echoed.termination == .exited(0))
        #expect(echoed.output == feed)
        let early = try ChildProcess.output(of: "/usr/bin/head", ["-c", "10"], feeding: feed, limit: 100)
        #expect(early.termination == .exited(0))
        #expect(early.output == feed.prefix(10))
        #expect(try ChildProcess.output(of: "/usr/bin/wc", ["-c"], feeding: Data(), limit: 100).output == Data("0\n".utf8))
    }

    /// curl, as every request runs it: `-q` first (no `.curlrc` of the user's is read), its
    /// answer read through the pipe, a configuration fed on its standard input.
    @Test func curlIsRunWithTheSameFlagsFirstAndItsConfigurationFed() throws {
        #expect(CurlProgram.commonArguments.first == "-q")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("answer.txt")
        try Data("an answer\n".utf8).write(to: file)
        let read = try CurlProgram.output([file.absoluteString], limit: 1_000)
        #expect(read.termination == .exited(0) && read.output == Data("an answer\n".utf8))
        // The address itself in the configuration curl reads from its standard input.
        let configured = try CurlProgram.output([], configuration: Data("url = \"\(file.absoluteString)\"\n".utf8), limit: 1_000)
        #expect(configured.output == Data("an answer\n".utf8))
        #expect(try CurlProgram.output([file.absoluteString], limit: 3).output == nil, "past the limit")
    }

    /// A child started to die with its parent is killed when the thread that started it ends, as
    /// it is when roadtrip itself is killed with `kill -9`: a download never goes on alone.
    @Test func aChildThatDiesWithItsParentEndsWithTheThreadThatStartedIt() throws {
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var child: ChildProcess?
        let thread = Thread {
            child = try? ChildProcess("/bin/sleep", ["3600"], diesWithParent: true)
            // The thread ends once the child runs sleep itself, so after setpriv set its signal.
            if let pid = child?.pid {
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline, (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))?.hasSuffix("/sleep") != true {
                    usleep(1_000)
                }
            }
            started.signal()
        }
        thread.start()
        started.wait()
        let sleeper = try #require(child)
        defer { sleeper.signal(SIGKILL) }
        // The deadline only guards against a hang: the kernel kills the child as the thread ends.
        #expect(sleeper.wait(until: .now() + 60) == .killed(signal: SIGKILL))
    }
}
