import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 file server on 127.0.0.1 (a port the system picks), started by a test and stopped
/// by it: GET and HEAD of the files it is given, range requests (`Range: bytes=N-`, answered 206),
/// and the faults a download must survive, one per path: a 404, a connection dropped after some
/// bytes (the first time only), a server that sends slowly. One connection at a time, on a thread.
package final class FileServer: @unchecked Sendable {
    package enum Fault: Sendable, Equatable {
        /// 404 for the path.
        case notFound
        /// The headers of the whole file, then only this many bytes of it and the connection
        /// closed: the first GET only, the next ones are whole.
        case dropAfter(Int)
        /// The body sent `chunk` bytes at a time with a pause of `pause` seconds between.
        case slow(chunk: Int, pause: Double)
        /// This many bytes of the body, then nothing more until `release()` (or `stop()`): a
        /// download held at a known point, for a test to cancel it there.
        case holdAfter(Int)
        /// A GET answered with no length and bytes without end, until the client goes (HEAD
        /// still says the file's size): a hostile mirror.
        case endless
        /// This many bytes of the body, then the rest a byte at a time, a byte every 50 ms, until
        /// the client goes or the server stops: a transfer that goes on as long as its client does.
        case trickleAfter(Int)
    }

    package let port: UInt16
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Behind `lock`.
    private var files: [String: Data]
    private var faults: [String: Fault]
    private var log: [String] = []
    private let held = DispatchSemaphore(value: 0)
    // Behind `lock`: set by `stop()`, for a transfer that would go on for ever.
    private var stopping = false

    /// `files` by path ("/index-v1.json", "/europe/andorra-latest.osm.pbf").
    package init(files: [String: Data], faults: [String: Fault] = [:]) throws {
        self.files = files
        self.faults = faults
        (listener, port) = try LoopbackListener.open()
        Thread.detachNewThread { [self] in
            serve()
            finished.signal()
        }
    }

    /// Replaces (or adds) a file: a new version of an extract.
    package func put(_ path: String, _ data: Data) { lock.withLock { files[path] = data } }

    /// Each request so far: "GET /path", "GET /path bytes=100-", "HEAD /path".
    package var requests: [String] { lock.withLock { log } }

    /// Lets a download held by `holdAfter` go on (it then ends, the rest unsent).
    package func release() { held.signal() }

    /// Stops accepting and waits for the serving thread to end.
    package func stop() {
        lock.withLock { stopping = true }
        held.signal()
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        guard let request = Self.readHeaders(connection) else { return }
        let lines = request.components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ").map(String.init)
        guard words.count >= 2 else { return }
        let (method, path) = (words[0], words[1])
        let range = lines.dropFirst().first { $0.lowercased().hasPrefix("range:") }
            .flatMap { $0.split(separator: "=").last }.flatMap { Int($0.split(separator: "-").first ?? "") }
        let (file, fault) = lock.withLock { () -> (Data?, Fault?) in
            log.append("\(method) \(path)" + (range.map { " bytes=\($0)-" } ?? ""))
            let fault = faults[path]
            switch fault {
            case .dropAfter, .holdAfter, .trickleAfter: if method == "GET" { faults[path] = nil }
            default: break
            }
            return (files[path], fault)
        }
        guard let file, fault != .notFound else {
            send(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found".utf8), on: connection)
            return
        }
        let start = min(range ?? 0, file.count)
        var head =
            range != nil && start > 0
            ? "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes \(start)-\(file.count - 1)/\(file.count)\r\n"
            : "HTTP/1.1 200 OK\r\n"
        let body = file[(range != nil ? start : 0)...]
        if fault == .endless, method == "GET" {
            guard send(Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8), on: connection) else { return }
            let chunk = Data(repeating: UInt8(ascii: "["), count: 1 << 16)
            while send(chunk, on: connection) {}
            return
        }
        head += "Content-Length: \(body.count)\r\nAccept-Ranges: bytes\r\nLast-Modified: Wed, 25 Nov 2026 10:00:00 GMT\r\nConnection: close\r\n\r\n"
        guard send(Data(head.utf8), on: connection), method == "GET" else { return }
        switch fault {
        case .dropAfter(let count): send(Data(body.prefix(count)), on: connection)
        case .holdAfter(let count):
            send(Data(body.prefix(count)), on: connection)
            held.wait()
        case .trickleAfter(let count):
            guard send(Data(body.prefix(count)), on: connection) else { return }
            for byte in body.dropFirst(count) where !lock.withLock({ stopping }) {
                guard send(Data([byte]), on: connection) else { return }
                usleep(50_000)
            }
        case .slow(let chunk, let pause):
            var offset = body.startIndex
            while offset < body.endIndex {
                let end = min(offset + chunk, body.endIndex)
                guard send(Data(body[offset..<end]), on: connection) else { return }
                offset = end
                usleep(useconds_t(pause * 1_000_000))
            }
        default: send(Data(body), on: connection)
        }
    }

    @discardableResult
    private func send(_ data: Data, on connection: Int32) -> Bool {
        var sent = 0
        while sent < data.count {
            let written = data[(data.startIndex + sent)...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// The request's headers, up to the blank line.
    private static func readHeaders(_ connection: Int32) -> String? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while received.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }
}
