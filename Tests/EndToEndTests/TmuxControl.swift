import ChildProcesses
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A tmux client in control mode (`tmux -C attach-session`) on one test's server: the harness
/// writes commands to its input and reads their output back, so that looking at the screen,
/// which a test does every few milliseconds while it waits, starts no process. A `tmux` process
/// per look cost about 4 ms of CPU; with a few sessions waiting at once, that was a core.
///
/// The client attaches with `no-output` (tmux does not copy the pane's output to it) and
/// `ignore-size` (the window keeps the size the test gave it). tmux answers each command with a
/// block: `%begin TIME NUMBER FLAGS`, the output lines, then `%end …` or `%error …`; FLAGS is 1
/// for a command this client sent. Lines outside a block are notifications, and are skipped.
final class TmuxControl: @unchecked Sendable {
    private let client: ChildProcess
    private let input: Int32
    private let lock = NSLock()
    /// Requests written and not answered yet, in order; each waits for `blocks` answers.
    private var pending:
        [(blocks: Int, answers: [Result<String, EndToEndFailure>], continuation: CheckedContinuation<[Result<String, EndToEndFailure>], Never>)] = []
    private var ended: String?

    /// Attaches to session 0 of the server on `socket`.
    init(tmux: String, socket: String, environment: [String: String]) throws {
        var toClient: [Int32] = [-1, -1], fromClient: [Int32] = [-1, -1]
        guard Run.makePipe(&toClient) else { throw EndToEndFailure("socketpair: \(String(cString: strerror(errno)))") }
        guard Run.makePipe(&fromClient) else {
            toClient.forEach { Glibc.close($0) }
            throw EndToEndFailure("socketpair: \(String(cString: strerror(errno)))")
        }
        let arguments = ["-f", "/dev/null", "-L", socket, "-C", "attach-session", "-t", "0", "-f", "no-output,ignore-size"]
        do {
            client = try Run.startChild(
                tmux, arguments, environment: environment, input: .descriptor(toClient[0]),
                output: .descriptor(fromClient[1]), error: .null)
        } catch {
            (toClient + fromClient).forEach { Glibc.close($0) }
            throw EndToEndFailure("Cannot start tmux in control mode: \(error)")
        }
        Glibc.close(toClient[0])
        Glibc.close(fromClient[1])
        input = toClient[1]
        let output = fromClient[0]
        Thread.detachNewThread { [self] in readAnswers(from: output) }
    }

    /// Runs `commands` (each a tmux command line, no newline in it) as one line, and returns each
    /// one's output, or why it failed.
    func run(_ commands: [String]) async -> [Result<String, EndToEndFailure>] {
        await withCheckedContinuation { continuation in
            let failure: String? = lock.withLock {
                if let ended { return ended }
                pending.append((commands.count, [], continuation))
                // Written under the lock, so that requests reach tmux in the order they wait.
                let line = Array((commands.joined(separator: " ; ") + "\n").utf8)
                var written = 0
                while written < line.count {
                    let count = line[written...].withUnsafeBufferPointer { Glibc.write(input, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else {
                        pending.removeLast()
                        return "tmux's control client stopped taking commands (\(String(cString: strerror(errno))))"
                    }
                    written += count
                }
                return nil
            }
            if let failure {
                continuation.resume(returning: commands.map { _ in .failure(EndToEndFailure(failure)) })
            }
        }
    }

    /// Detaches: the client ends, and the reader with it.
    func close() {
        lock.withLock { _ = Glibc.close(input) }
    }

    /// The reader's loop: answers to the requests in order, until the client ends.
    private func readAnswers(from output: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var line: [UInt8] = []
        var block: [String]?
        while true {
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                guard byte == UInt8(ascii: "\n") else {
                    line.append(byte)
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                line = []
                if var lines = block {
                    if text.hasPrefix("%end ") || text.hasPrefix("%error ") {
                        if Self.isOurs(text) {
                            answer(
                                text.hasPrefix("%end ") ? .success(lines.map { $0 + "\n" }.joined()) : .failure(EndToEndFailure(lines.joined(separator: "\n"))))
                        }
                        block = nil
                    } else {
                        lines.append(text)
                        block = lines
                    }
                } else if text.hasPrefix("%begin ") {
                    block = []
                }
            }
        }
        Glibc.close(output)
        _ = client.wait()
        let waiting: [CheckedContinuation<[Result<String, EndToEndFailure>], Never>] = lock.withLock {
            ended = "tmux's control client ended (the server is gone)"
            defer { pending = [] }
            return pending.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(returning: [.failure(EndToEndFailure("tmux's control client ended (the server is gone)"))]) }
    }

    /// Whether a `%end` or `%error` line closes a command this client sent (its FLAGS is 1).
    private static func isOurs(_ line: String) -> Bool {
        line.split(separator: " ").last == "1"
    }

    /// One block's result for the oldest request; a failure also stands for the commands after it
    /// in the line, which tmux does not run.
    private func answer(_ result: Result<String, EndToEndFailure>) {
        let done: (CheckedContinuation<[Result<String, EndToEndFailure>], Never>, [Result<String, EndToEndFailure>])? = lock.withLock {
            guard !pending.isEmpty else { return nil }
            pending[0].answers.append(result)
            if case .failure = result {
                while pending[0].answers.count < pending[0].blocks { pending[0].answers.append(result) }
            }
            guard pending[0].answers.count == pending[0].blocks else { return nil }
            let first = pending.removeFirst()
            return (first.continuation, first.answers)
        }
        if let (continuation, answers) = done { continuation.resume(returning: answers) }
    }
}
