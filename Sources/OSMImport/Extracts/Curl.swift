import ChildProcesses
import Foundation
import RoadtripRegions

/// HTTP (and HTTPS, FTP, `file://`) through `curl` as a child process (`CurlProgram`, as the
/// Valhalla client runs it too), as osmium is run: it follows
/// redirects, speaks TLS with the system's certificates, reads the proxy variables (`https_proxy`,
/// `no_proxy`…), resumes a file with a range request, and says why it failed in an exit status
/// that becomes a sentence here (`DownloadError`). Debian's `curl` package.
///
/// curl writes every answer on its standard output into a pipe roadtrip reads, never into a file
/// of its own: roadtrip counts each byte against the transfer's limit (a server that streams
/// without end is stopped there, not when the disk or the memory is full) and writes a download
/// only into a part it opened itself (`PartFile`: never through a link). curl dies with roadtrip
/// (`ChildProcess`'s `diesWithParent`), so a `kill -9` of a download leaves no transfer running.
package struct Curl: Sendable {
    /// Asked while a transfer runs; true stops it (Ctrl-C, Esc in the planner).
    package var isCancelled: @Sendable () -> Bool = { false }
    /// Told the bytes of the file so far while a transfer runs (the part already there included).
    package var progress: (@Sendable (Int64) -> Void)?
    /// No connection within this many seconds fails the transfer.
    package var connectTimeout = 30
    /// Slower than a byte a second for this many seconds fails it: a server that stopped, not a slow one.
    package var stallSeconds = 60

    /// The most bytes of a HEAD answer's headers read (a few hundred, redirects included).
    package static let headLimit = 64 * 1_024

    package init() {}

    /// What a HEAD request says of a file: its size and when it last changed, where the server says.
    package struct Head: Equatable, Sendable {
        package var bytes: Int64?
        package var lastModified: String?
    }

    /// The headers of `url` (`file://` too: curl gives a file's size so).
    package func head(_ url: URL) throws(DownloadError) -> Head {
        // No `--max-filesize` here: curl would hold the file's announced size against it.
        var headers = Data()
        try transfer(["--head", url.absoluteString], url: url, limit: Int64(Self.headLimit)) { bytes throws(DownloadError) in
            headers.append(contentsOf: bytes)
        }
        let output = String(decoding: headers, as: UTF8.self)
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
            case "content-length": head.bytes = Int64(parts[1]).flatMap { $0 >= 0 ? $0 : nil }
            case "last-modified": head.lastModified = parts[1]
            default: break
            }
        }
        return head
    }

    /// The body of `url` as text (a catalogue, a checksum), at most `limit` bytes of it: a longer
    /// one is `DownloadError.tooLarge`.
    package func text(_ url: URL, limit: Int) throws(DownloadError) -> String {
        var body = Data()
        try transfer(["--max-filesize", "\(limit)", url.absoluteString], url: url, limit: Int64(limit)) { bytes throws(DownloadError) in
            body.append(contentsOf: bytes)
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Appends `url` to `part`, continuing the bytes already there with a range request; the
    /// whole file is at most `limit` bytes (a server that sends more is stopped there). A server
    /// that cannot resume (it answers the range with the whole file, which curl refuses) gets the
    /// whole file asked again, written over the part.
    package func download(_ url: URL, into part: PartFile, limit: Int64) throws(DownloadError) {
        let start = try part.size()
        do {
            try download(url, into: part, from: start, limit: limit)
        } catch DownloadError.cannotResume where start > 0 {
            try part.empty()
            try download(url, into: part, from: 0, limit: limit)
        }
    }

    private func download(_ url: URL, into part: PartFile, from start: Int64, limit: Int64) throws(DownloadError) {
        let range = start > 0 ? ["--continue-at", "\(start)"] : []
        var written = start
        try transfer(
            range + ["--max-filesize", "\(limit - start)", url.absoluteString], url: url, limit: limit - start,
            done: { written }
        ) { bytes throws(DownloadError) in
            try part.append(bytes)
            written += Int64(bytes.count)
        }
    }

    /// curl's exit status for "the server does not support or accept range requests".
    private static let rangeRefused: Int32 = 33

    /// Runs curl with `arguments` after the common ones, handing `receive` what it writes (at most
    /// `limit` bytes: past it, or when `receive` throws, curl is stopped and the transfer fails);
    /// `done` says the file's bytes so far, for `progress`.
    private func transfer(
        _ arguments: [String], url: URL, limit: Int64, done: (() -> Int64)? = nil,
        receive: (UnsafeRawBufferPointer) throws(DownloadError) -> Void
    ) throws(DownloadError) {
        // After `CurlProgram`'s flags (`-q` first: no `.curlrc` of the user's changes what is asked or
        // where it goes). `--no-buffer`: each piece goes into the pipe as it comes, so the part holds
        // every byte received.
        let common = [
            "--no-buffer", "--fail", "--location", "--max-redirs", "10",
            "--connect-timeout", "\(connectTimeout)", "--speed-limit", "1", "--speed-time", "\(stallSeconds)",
        ]
        var received: Int64 = 0
        var refusal: DownloadError?
        var told = DispatchTime.now()
        let reading: ChildProcess.Reading
        do throws(CurlProgram.Failure) {
            reading = try CurlProgram.run(
                common + arguments, diesWithParent: true,
                keepGoing: {
                    if isCancelled() { return false }
                    if let progress, let done, DispatchTime.now() >= told + .milliseconds(100) {
                        told = .now()
                        progress(done())
                    }
                    return true
                },
                receive: { bytes in
                    received += Int64(bytes.count)
                    guard received <= limit else {
                        refusal = .tooLarge(url: url.absoluteString, limit: limit)
                        return false
                    }
                    do throws(DownloadError) { try receive(bytes) } catch {
                        refusal = error
                        return false
                    }
                    return true
                })
        } catch {
            switch error {
            case .notFound: throw .tool(RegionError.missingTool(tool: "curl", package: ChildTools.packages["curl"] ?? "curl").description)
            case .cannotStart(let reason): throw .tool("curl could not be started: \(reason)")
            }
        }
        if reading.stopped == .cancelled || isCancelled() { throw .cancelled }
        if let refusal { throw refusal }
        switch reading.termination {
        case .exited(0): done.map { progress?($0()) }
        case .exited(Self.rangeRefused): throw .cannotResume(url: url.absoluteString)
        case .exited(let status), .killed(signal: let status):
            throw DownloadError(curlStatus: status, message: reading.errorOutput, url: url, limit: limit)
        }
    }
}
