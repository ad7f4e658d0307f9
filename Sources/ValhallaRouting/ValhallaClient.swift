import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request to Valhalla brought no answer roadtrip can use.
package enum ValhallaFailure: Error, Equatable, Sendable {
    /// No connection, or one closed or reset before an HTTP answer.
    case unreachable
    /// No answer within the time allowed.
    case timedOut
    /// An HTTP status other than 2xx, with Valhalla's error code and sentence when it gave them.
    case http(status: Int, code: Int?, message: String?)
    /// An answer that is not what was asked for (not JSON, other fields, figures no leg has).
    case garbled
}

/// Requests to one Valhalla service over HTTP (URLSession; FoundationNetworking on Linux), each
/// waited for at most `timeout`: a request never blocks its caller longer than that (and a second
/// more, should the session not keep its own time-out).
final class ValhallaClient: @unchecked Sendable {
    let url: URL
    let timeout: TimeInterval
    private let session: URLSession

    init(url: URL, timeout: TimeInterval) {
        self.url = url
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// POSTs `body` as JSON to `path` (`route`, `sources_to_targets`).
    func post(_ path: String, _ body: some Encodable) -> Result<Data, ValhallaFailure> {
        var request = URLRequest(url: url.appendingPathComponent(path), timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        guard let data = try? JSONEncoder().encode(body) else { return .failure(.garbled) }
        request.httpBody = data
        return send(request)
    }

    /// GETs `path` (`status`).
    func get(_ path: String) -> Result<Data, ValhallaFailure> {
        send(URLRequest(url: url.appendingPathComponent(path), timeoutInterval: timeout))
    }

    /// The answer's body when its status is 2xx.
    private func send(_ request: URLRequest) -> Result<Data, ValhallaFailure> {
        let answer = Answer()
        let task = session.dataTask(with: request) { data, response, error in
            answer.set(Self.result(data: data, response: response, error: error))
        }
        task.resume()
        guard answer.wait(until: .now() + timeout + 1) else {
            task.cancel()
            return .failure(.timedOut)
        }
        return answer.result ?? .failure(.unreachable)
    }

    private static func result(data: Data?, response: URLResponse?, error: Error?) -> Result<Data, ValhallaFailure> {
        if let error = error as? URLError, error.code == .timedOut { return .failure(.timedOut) }
        guard error == nil, let http = response as? HTTPURLResponse else { return .failure(.unreachable) }
        let body = data ?? Data()
        guard (200..<300).contains(http.statusCode) else {
            let valhalla = try? JSONDecoder().decode(ValhallaJSON.ErrorResponse.self, from: body)
            return .failure(.http(status: http.statusCode, code: valhalla?.error_code, message: valhalla?.error))
        }
        return .success(body)
    }

    /// The one result of a task, handed from URLSession's queue to the waiting caller.
    private final class Answer: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stored: Result<Data, ValhallaFailure>?

        var result: Result<Data, ValhallaFailure>? { lock.withLock { stored } }

        func set(_ result: Result<Data, ValhallaFailure>) {
            lock.withLock { stored = result }
            done.signal()
        }

        func wait(until deadline: DispatchTime) -> Bool {
            done.wait(timeout: deadline) == .success
        }
    }
}
