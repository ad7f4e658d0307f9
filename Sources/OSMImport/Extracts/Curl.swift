import ChildProcesses
import Foundation
import RoadtripRegions

/// HTTP (and HTTPS, FTP, `file://`) through `curl` as a child process, as osmium is run: it follows
/// redirects, speaks TLS with the system's certificates, reads the proxy variables (`https_proxy`,
/// `no_proxy`…), resumes a file with a range request, and says why it failed in an exit status
/// that becomes a sentence here (`DownloadError`). Debian's `curl` package.
package struct Curl: Sendable {
    /// Asked while a transfer runs; true stops it (Ctrl-C, Esc in the planner).
    package var isCancelled: @Sendable () -> Bool = { false }
    /// Told the bytes of the file so far while a transfer runs (the part already there included).
    package var progress: (@Sendable (Int64) -> Void)?
    /// No connection within this many seconds fails the transfer.
    package var connectTimeout = 30
    /// Slower than a byte a second for this many seconds fails it: a server that stopped, not a slow one.
    package var stallSeconds = 60

    package init() {}

    /// What a HEAD request says of a file: its size and when it last changed, where the server says.
    package struct Head: Equatable, Sendable {
        package var bytes: Int64?
        package var lastModified: String?
    }

    /// The headers of `url` (`file://` too: curl gives a file's size so).
    package func head(_ url: URL) throws(DownloadError) -> Head {
        let output = try run(["--head", url.absoluteString], url: url, output: nil)
        var head = Head()
        // The last answer's headers, after any redirects.
        // Lines end in CR LF, one Character in Swift: split on either.
        for line in output.split(whereSeparator: \.isNewline).map(String.init) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard parts.count == 2 else {
                if line.hasPrefix("HTTP/") { head = Head() }
                continue
            }
            switch parts[0].lowercased() {
            case "content-length": head.bytes = Int64(parts[1])
            case "last-modified": head.lastModified = parts[1]
            default: break
            }
        }
        return head
    }

    /// The body of `url` as text (a catalogue, a checksum).
    package func text(_ url: URL) throws(DownloadError) -> String {
        try run([url.absoluteString], url: url, output: nil)
    }

    /// Writes `url` to `file`, continuing the bytes already there with a range request; a server
    /// that cannot resume sends the whole file again, written over the part.
    package func download(_ url: URL, to file: URL) throws(DownloadError) {
        try run(["--continue-at", "-", "--no-buffer", "--output", file.path, url.absoluteString], url: url, output: file)
    }

    /// Runs curl with `arguments` after the common ones; its standard output, unless `output` (a
    /// file it writes, watched for `progress`).
    @discardableResult
    private func run(_ arguments: [String], url: URL, output: URL?) throws(DownloadError) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-curl-\(UUID().uuidString)")
        let (stdout, stderr) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
        let child: ChildProcess
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let common = ["--silent", "--show-error", "--fail", "--location", "--max-redirs", "10",
                          "--connect-timeout", "\(connectTimeout)", "--speed-limit", "1", "--speed-time", "\(stallSeconds)"]
            child = try ChildProcess(try ChildTools.locate("curl"), common + arguments, output: .file(stdout.path), error: .file(stderr.path))
        } catch let error as RegionError {
            try? FileManager.default.removeItem(at: folder)
            throw .tool(error.description)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .tool("curl could not be started: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        // Progress is the file's size, looked at ten times a second; the wait itself ends at curl's exit.
        // A cancel kills it with SIGKILL (`ChildProcess`).
        let (ended, stopped) = child.wait(checkingEvery: .milliseconds(100)) {
            if isCancelled() { return false }
            if let output, let progress, let size = Self.size(of: output) { progress(size) }
            return true
        }
        if stopped || isCancelled() { throw .cancelled }
        let said = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        switch ended {
        case .exited(0): return (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
        case .exited(let status), .killed(signal: let status): throw DownloadError(curlStatus: status, message: said, url: url)
        }
    }

    static func size(of file: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
    }
}

/// Why a download failed, in a sentence a user can act on.
package enum DownloadError: Error, Equatable, CustomStringConvertible {
    case noNetwork(host: String)
    case unknownHost(host: String)
    case http(status: Int, url: String)
    case tls(host: String, message: String)
    case timedOut(url: String)
    case interrupted(url: String)
    case diskFull(path: String)
    case checksum(file: String, expected: String, found: String)
    case catalogue(url: String, reason: String)
    case tool(String)
    case other(url: String, message: String)
    case cancelled

    package var description: String {
        switch self {
        case .noNetwork(let host): return "\(host) cannot be reached: no network connection (or it refused the connection). Nothing was changed."
        case .unknownHost(let host): return "\(host) is not a name the DNS knows (no network, or a typo in the address). Nothing was changed."
        case .http(let status, let url):
            return status == 404 ? "\(url) is not there (HTTP 404): the catalogue may be out of date (roadtrip region catalogue --refresh)."
                : "\(url) answered HTTP \(status). Nothing was changed."
        case .tls(let host, let message): return "The secure connection to \(host) failed: \(message). Nothing was changed."
        case .timedOut(let url): return "\(url) stopped answering (nothing came for a minute); run the same command again to continue."
        case .interrupted(let url): return "The connection to \(url) dropped before the file was whole; run the same command again to continue where it stopped."
        case .diskFull(let path): return "\(path): No space left on device. Free some room and run the same command again to continue."
        case .checksum(let file, let expected, let found):
            return "\(file) does not match its published checksum (MD5 \(expected), the file's \(found)): it was deleted, and nothing was added. Run the command again to download it anew."
        case .catalogue(let url, let reason): return "The extract catalogue at \(url) cannot be read: \(reason)."
        case .tool(let sentence): return sentence
        case .other(let url, let message): return "\(url) could not be fetched: \(message)."
        case .cancelled: return "The download was cancelled; what was downloaded is kept, and the same command continues it."
        }
    }

    /// The sentence for curl's exit `status` (its manual's EXIT CODES) and its last line `message`.
    init(curlStatus status: Int32, message: String, url: URL) {
        let host = url.host ?? url.absoluteString
        let said = message.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "curl: ", with: "") } ?? ""
        switch status {
        case 6: self = .unknownHost(host: host)
        case 7: self = .noNetwork(host: host)
        case 22:
            let code = said.split(separator: " ").compactMap { Int($0) }.first { (400...599).contains($0) }
            self = .http(status: code ?? 400, url: url.absoluteString)
        case 23: self = .diskFull(path: url.lastPathComponent)
        case 28: self = .timedOut(url: url.absoluteString)
        case 18, 56, 92: self = .interrupted(url: url.absoluteString)
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: self = .tls(host: host, message: said)
        case 37: self = .http(status: 404, url: url.absoluteString)
        default: self = .other(url: url.absoluteString, message: said.isEmpty ? "curl failed with status \(status)" : said)
        }
    }
}
