import ChildProcesses
import Foundation

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
    /// An answer longer than `limit` bytes, which no answer to the request can be: read no
    /// further (a service that streams without end is stopped there, not at the time-out).
    case tooLarge(limit: Int)
    /// No `curl` to ask with.
    case noCurl
}

/// Requests to one Valhalla service over HTTP, each by `curl` (a child process) and given at
/// most `timeout` (curl's `--max-time`): a request never blocks its caller longer than that.
///
/// Not URLSession: FoundationNetworking brings libcurl and some fifty libraries with it into the
/// start of every roadtrip process, about 10 ms of every command and of the planner's first frame
/// (issue 41), for a service only some trips ask. curl loads them only when a leg is asked.
final class ValhallaClient: Sendable {
    /// The service's address without its user information, on curl's command line.
    let url: URL
    /// "user:password" from the address the user gave, which curl gets on a pipe (`CurlConfiguration`).
    let credentials: String?
    let timeout: TimeInterval

    init(address: ServiceAddress, timeout: TimeInterval) {
        url = address.url
        credentials = address.credentials
        self.timeout = timeout
    }

    /// POSTs `body` as JSON to `path` (`route`, `sources_to_targets`), its answer read up to
    /// `limit` bytes.
    func post(_ path: String, _ body: some Encodable, limit: Int) -> Result<Data, ValhallaFailure> {
        guard let data = try? JSONEncoder().encode(body) else { return .failure(.garbled) }
        return send(path, body: data, limit: limit)
    }

    /// GETs `path` (`status`), its answer read up to `limit` bytes.
    func get(_ path: String, limit: Int) -> Result<Data, ValhallaFailure> {
        send(path, body: nil, limit: limit)
    }

    /// curl's exit status for "Operation timeout".
    private static let curlTimedOut: Int32 = 28
    /// curl's exit status for "Maximum file size exceeded" (`--max-filesize`).
    private static let curlTooLarge: Int32 = 63
    /// What curl writes after the body (`--write-out`): a line break and a three-digit status.
    private static let statusBytes = 4

    /// The answer's body when its status is 2xx. curl (`CurlProgram`: `-q` and the other flags
    /// every request starts with) writes the body, then a line break and the status
    /// (`--write-out`); an empty `Expect:` so that a long body is sent at once rather than after a
    /// second's wait for a "100 Continue" Valhalla never sends. The credentials and the body (sent
    /// as JSON) go in on curl's standard input, never on its command line (`CurlConfiguration`),
    /// fed by the loop that reads the answer. An answer past `limit` bytes is refused by curl when
    /// it announces its length (`--max-filesize`), and cut there when it does not: curl is killed
    /// as soon as it has written more (issue 52: a `/route` streaming `[` took 1.7 GB in 8 s).
    private func send(_ path: String, body: Data?, limit: Int) -> Result<Data, ValhallaFailure> {
        let arguments = [
            "--max-time", String(timeout), "--max-filesize", String(limit),
            "--write-out", "\n%{http_code}", "--header", "Expect:", url.appendingPathComponent(path).absoluteString,
        ]
        let configuration = CurlConfiguration.text(credentials: credentials, body: body)
        let ran: (termination: ChildProcess.Termination, output: Data?)
        do throws(CurlProgram.Failure) {
            ran = try CurlProgram.output(arguments, configuration: configuration, limit: limit + Self.statusBytes)
        } catch .notFound {
            return .failure(.noCurl)
        } catch {
            return .failure(.unreachable)
        }
        guard let output = ran.output, ran.termination != .exited(Self.curlTooLarge) else { return .failure(.tooLarge(limit: limit)) }
        if ran.termination == .exited(Self.curlTimedOut) { return .failure(.timedOut) }
        guard ran.termination.succeeded, let end = output.lastIndex(of: UInt8(ascii: "\n")),
            let status = Int(String(decoding: output[(end + 1)...], as: UTF8.self)), status > 0
        else { return .failure(.unreachable) }
        let answer = Data(output[..<end])
        guard (200..<300).contains(status) else {
            let valhalla = try? JSONDecoder().decode(ValhallaJSON.ErrorResponse.self, from: answer)
            return .failure(.http(status: status, code: valhalla?.error_code, message: valhalla?.error))
        }
        return .success(answer)
    }
}
