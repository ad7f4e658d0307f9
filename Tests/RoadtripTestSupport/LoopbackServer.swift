import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 (a port the system picks), started by a test and stopped by
/// it, that answers every connection the same way: the misbehaving services the Valhalla
/// engine must survive, and canned answers (the Valhalla tests', the leg cache's, and a service
/// the end-to-end tests point the binary at). It serves one connection at a time on a thread.
package final class LoopbackServer: @unchecked Sendable {
    /// What a client asked: the request line's method and path, the header lines, the body.
    package struct Request: Sendable {
        package let method: String
        package let path: String
        package let headers: [String]
        package let body: Data
    }

    package enum Behaviour: Sendable {
        /// An HTTP answer of `status` with `body`.
        case answer(status: Int, body: String)
        /// An HTTP answer made from the request's body.
        case respond(@Sendable (Data) -> (status: Int, body: String))
        /// These bytes, whatever was asked, then the connection closed.
        case raw(String)
        /// The request read, then nothing until the server stops.
        case silent
        /// The connection closed at once, nothing read.
        case close
        /// An HTTP answer made from the whole request (its path, its headers, its body).
        case serve(@Sendable (Request) -> (status: Int, body: String))
        /// A 200 answer whose body never ends (`[` after `[`), announcing `length` bytes or no
        /// length at all: sent until the client goes, however long that takes.
        case endless(announcing: Int?)
    }

    /// How long a test's router waits for a server that answers: a hang guard only, never hit on a
    /// working machine however loaded (the answer comes when the serving thread gets the CPU).
    package static let patience: TimeInterval = 300

    package let port: UInt16
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let listener: Int32
    private let behaviour: Behaviour
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Behind `lock`.
    private var held: [Int32] = []
    private var accepted = 0
    private var asked: [Request] = []

    /// The connections accepted so far.
    package var connections: Int { lock.withLock { accepted } }

    /// The requests read so far, in order (not those of `close`, which reads none).
    package var requests: [Request] { lock.withLock { asked } }

    package init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try LoopbackListener.open()
        Thread.detachNewThread { [self] in
            serve()
            finished.signal()
        }
    }

    /// Stops accepting, closes every connection held and waits for the serving thread to end.
    package func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        lock.withLock { held.forEach { close($0) } }
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { accepted += 1 }
            handle(connection)
        }
    }

    private func handle(_ connection: Int32) {
        switch behaviour {
        case .close: close(connection)
        case .silent:
            _ = readRequest(connection)
            lock.withLock { held.append(connection) }
        case .raw(let bytes):
            _ = readRequest(connection)
            send(bytes, on: connection)
        case .answer(let status, let body):
            _ = readRequest(connection)
            send(Self.http(status, body), on: connection)
        case .respond(let answer):
            let (status, body) = answer(readRequest(connection).body)
            send(Self.http(status, body), on: connection)
        case .serve(let answer):
            let (status, body) = answer(readRequest(connection))
            send(Self.http(status, body), on: connection)
        case .endless(let length):
            _ = readRequest(connection)
            stream(announcing: length, on: connection)
        }
    }

    /// The headers, then `[` until a write fails: the client went (killed, or closed its end).
    /// `MSG_NOSIGNAL`: a client that went is an error here, not a SIGPIPE that ends the tests.
    private func stream(announcing length: Int?, on connection: Int32) {
        let headers = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + (length.map { "Content-Length: \($0)\r\n" } ?? "") + "\r\n"
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 65_536)
        var next = Array(headers.utf8)[...]
        while true {
            if next.isEmpty { next = brackets[...] }
            let written = next.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            next = next.dropFirst(written)
        }
        close(connection)
    }

    private static func http(_ status: Int, _ body: String) -> String {
        "HTTP/1.1 \(status) Whatever\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    /// `text`, then the connection closed; a client that went before the end is an error here
    /// (`MSG_NOSIGNAL`), not a SIGPIPE that ends the tests.
    private func send(_ text: String, on connection: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            sent += written
        }
        close(connection)
    }

    /// The request (its body as long as its Content-Length), read once and logged in `requests`.
    private func readRequest(_ connection: Int32) -> Request {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = received.range(of: Data("\r\n\r\n".utf8)) {
                let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let length =
                    lines.first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end.upperBound >= length {
                    let words = lines[0].split(separator: " ").map(String.init)
                    let request = Request(
                        method: words.first ?? "", path: words.count > 1 ? words[1] : "", headers: Array(lines.dropFirst()),
                        body: received[end.upperBound..<(end.upperBound + length)])
                    lock.withLock { asked.append(request) }
                    return request
                }
            }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return Request(method: "", path: "", headers: [], body: Data()) }
            received.append(contentsOf: buffer[..<count])
        }
    }
}
