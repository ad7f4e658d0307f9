import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child's output read as it comes, through pipes of the caller's: no file stands between the
/// child and roadtrip (a folder in /tmp would outlive a killed roadtrip), and the caller counts
/// every byte, so that a child that writes without end (a server streaming for ever to curl) is
/// stopped at the caller's limit, not when a disk or the memory is full.
extension ChildProcess {
    /// How a child whose output was read as it came ended.
    package struct Reading: Sendable {
        package let termination: Termination
        /// The end of what the child wrote on its error output (its last `errorBytesKept` bytes).
        package let errorOutput: String
        /// Why the child was killed before it ended on its own, if it was.
        package let stopped: Stop?
    }

    /// Why a child was killed while its output was read.
    package enum Stop: Equatable, Sendable {
        /// The caller stopped waiting (`keepGoing` answered false: a cancel).
        case cancelled
        /// The caller took no more of its output (`receive` answered false: past a limit).
        case refused
    }

    /// The most of a child's error output kept: its last lines say why it failed.
    package static let errorBytesKept = 64 * 1_024

    /// Runs `executable` and hands `receive` its standard output in pieces as they come, until it
    /// ends; its error output is kept (the last `errorBytesKept` bytes). `keepGoing` is asked at
    /// least every `interval`; when it or `receive` answers false the child is killed (SIGKILL)
    /// and waited for, and `stopped` says which. `diesWithParent`: see `init`.
    package static func read(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null,
                             diesWithParent: Bool = false, checkingEvery interval: DispatchTimeInterval = .milliseconds(100),
                             keepGoing: () -> Bool = { true }, receive: (UnsafeRawBufferPointer) -> Bool) throws(Failure) -> Reading {
        let (outputEnd, outputWriter) = try pipe()
        let errorEnds: (reading: Int32, writing: Int32)
        do { errorEnds = try pipe() } catch {
            close(outputEnd)
            close(outputWriter)
            throw error
        }
        defer {
            close(outputEnd)
            close(errorEnds.reading)
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(executable, arguments, environment: environment, input: input, output: .descriptor(outputWriter),
                                     error: .descriptor(errorEnds.writing), diesWithParent: diesWithParent)
        } catch {
            close(outputWriter)
            close(errorEnds.writing)
            throw error
        }
        close(outputWriter)
        close(errorEnds.writing)
        var errorOutput = ErrorTail()
        var stop: Stop?
        var open: [Int32] = [outputEnd, errorEnds.reading]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let milliseconds = Int32(clamping: interval.milliseconds)
        reading: while !open.isEmpty {
            guard keepGoing() else {
                stop = .cancelled
                break
            }
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            for entry in watched where entry.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == errorEnds.reading {
                    errorOutput.append(chunk[..<count])
                } else if !chunk.withUnsafeBytes({ receive(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) {
                    stop = .refused
                    break reading
                }
            }
        }
        if stop != nil { child.signal(SIGKILL) }
        return Reading(termination: child.wait(), errorOutput: errorOutput.text, stopped: stop)
    }

    /// Runs `executable` to its end and keeps what it writes on its standard output, at most
    /// `limit` bytes: one that writes more is killed, and `output` is nil.
    package static func output(of executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null,
                               limit: Int) throws(Failure) -> (termination: Termination, output: Data?) {
        var output = Data()
        let reading = try read(executable, arguments, environment: environment, input: input) { bytes in
            guard output.count + bytes.count <= limit else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        return (reading.termination, reading.stopped == nil ? output : nil)
    }

    /// The last bytes of an error output.
    private struct ErrorTail {
        private var bytes: [UInt8] = []

        mutating func append(_ more: ArraySlice<UInt8>) {
            bytes.append(contentsOf: more)
            if bytes.count > ChildProcess.errorBytesKept { bytes.removeFirst(bytes.count - ChildProcess.errorBytesKept) }
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }
}

private extension DispatchTimeInterval {
    var milliseconds: Int {
        switch self {
        case .seconds(let value): return value * 1_000
        case .milliseconds(let value): return value
        case .microseconds(let value): return max(1, value / 1_000)
        case .nanoseconds(let value): return max(1, value / 1_000_000)
        case .never: return -1
        @unknown default: return 100
        }
    }
}
