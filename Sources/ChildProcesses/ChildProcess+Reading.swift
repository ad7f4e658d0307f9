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
    ///
    /// `feeding`: bytes for the child's standard input (in place of `input`), written into a pipe
    /// by the same loop that reads its output, as fast as the child takes them, and the pipe then
    /// closed: no thread of its own, and a feed longer than the pipe holds cannot stop both sides.
    /// A child that closes its input early takes no more (no SIGPIPE).
    package static func read(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null,
        feeding: Data? = nil, diesWithParent: Bool = false,
        checkingEvery interval: DispatchTimeInterval = .milliseconds(100),
        keepGoing: () -> Bool = { true }, receive: (UnsafeRawBufferPointer) -> Bool
    ) throws(Failure) -> Reading {
        var ends: [Int32] = []
        defer { ends.forEach { close($0) } }
        let (outputEnd, outputWriter) = try pipe()
        ends += [outputEnd, outputWriter]
        let errorEnds = try pipe()
        ends += [errorEnds.reading, errorEnds.writing]
        var feed = try feeding.map { bytes throws(Failure) in try Feed(bytes) }
        if let feed { ends.append(feed.childEnd) }
        defer { feed?.close() }
        let child = try ChildProcess(
            executable, arguments, environment: environment, input: feed.map { .descriptor($0.childEnd) } ?? input,
            output: .descriptor(outputWriter), error: .descriptor(errorEnds.writing), diesWithParent: diesWithParent)
        // The child's ends are the child's now: closed here, so that its end closes the pipes.
        for end in [outputWriter, errorEnds.writing] + (feed.map { [$0.childEnd] } ?? []) { close(end) }
        ends = [outputEnd, errorEnds.reading]
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
            if let writer = feed?.ourEnd { watched.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&watched, nfds_t(watched.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            for entry in watched where entry.revents != 0 {
                if entry.fd == feed?.ourEnd {
                    if !feed!.write() { feed!.close() }
                    continue
                }
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
    package static func output(
        of executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Stream = .null,
        feeding: Data? = nil, limit: Int
    ) throws(Failure) -> (termination: Termination, output: Data?) {
        var output = Data()
        let reading = try read(executable, arguments, environment: environment, input: input, feeding: feeding) { bytes in
            guard output.count + bytes.count <= limit else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        return (reading.termination, reading.stopped == nil ? output : nil)
    }

    /// Bytes for a child's standard input, and the pipe they go through: the child's end, and
    /// ours, written without blocking.
    private struct Feed {
        let childEnd: Int32
        /// Ours, while bytes are left to write; -1 once closed.
        private(set) var ourEnd: Int32?
        private let bytes: Data
        private var offset = 0

        init(_ bytes: Data) throws(Failure) {
            let (reading, writing) = try ChildProcess.pipe()
            _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK)
            (childEnd, ourEnd, self.bytes) = (reading, writing, bytes)
            if bytes.isEmpty { close() }
        }

        /// Writes what the pipe takes now; false when all is written or the child took no more.
        /// The pipe is a socket pair: `MSG_NOSIGNAL` makes a reader that went an error, not a
        /// SIGPIPE, in any process.
        mutating func write() -> Bool {
            guard let ourEnd else { return false }
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { all in
                    Glibc.send(ourEnd, all.baseAddress! + offset, all.count - offset, Int32(MSG_NOSIGNAL))
                }
                if written < 0 && errno == EINTR { continue }
                if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
                guard written > 0 else { return false }
                offset += written
            }
            return false
        }

        /// Closes our end: the child reads the end of its input.
        mutating func close() {
            if let ourEnd { Glibc.close(ourEnd) }
            ourEnd = nil
        }
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
