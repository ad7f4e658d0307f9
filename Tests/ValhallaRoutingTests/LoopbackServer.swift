import Foundation
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 (a port the system picks), started by a test and stopped by
/// it, that answers every connection the same way: the misbehaving services the Valhalla
/// engine must survive, and canned answers. It serves one connection at a time on a thread.
final class LoopbackServer: @unchecked Sendable {
    enum Behaviour: Sendable {
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
    }

    /// How long a test's router waits for a server that answers: a hang guard only, never hit on a
    /// working machine however loaded (the answer comes when the serving thread gets the CPU).
    static let patience: TimeInterval = 300

    let port: UInt16
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let listener: Int32
    private let behaviour: Behaviour
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Behind `lock`.
    private var held: [Int32] = []
    private var accepted = 0

    /// The connections accepted so far.
    var connections: Int { lock.withLock { accepted } }

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try LoopbackListener.open()
        Thread.detachNewThread { [self] in
            serve()
            finished.signal()
        }
    }

    /// Stops accepting, closes every connection held and waits for the serving thread to end.
    func stop() {
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
            let (status, body) = answer(readRequest(connection))
            send(Self.http(status, body), on: connection)
        }
    }

    private static func http(_ status: Int, _ body: String) -> String {
        "HTTP/1.1 \(status) Whatever\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    private func send(_ text: String, on connection: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard written > 0 else { break }
            sent += written
        }
        close(connection)
    }

    /// The request's body (after its headers, as long as its Content-Length), read once.
    private func readRequest(_ connection: Int32) -> Data {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = received.range(of: Data("\r\n\r\n".utf8)) {
                let headers = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end.upperBound >= length { return received[end.upperBound..<(end.upperBound + length)] }
            }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return Data() }
            received.append(contentsOf: buffer[..<count])
        }
    }
}
