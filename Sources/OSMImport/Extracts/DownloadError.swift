import Foundation
import RoadtripRegions

/// Why a download failed, in a sentence a user can act on.
package enum DownloadError: Error, Equatable, CustomStringConvertible {
    case noNetwork(host: String)
    case unknownHost(host: String)
    case http(status: Int, url: String)
    /// A `file://` address whose file is not there (curl's "couldn't read file"): no HTTP in it.
    case noFile(path: String)
    case tls(host: String, message: String)
    case timedOut(url: String)
    case interrupted(url: String)
    case diskFull(path: String)
    case checksum(file: String, expected: String, found: String)
    case catalogue(url: String, reason: String)
    /// The server sent (or announced) more than the transfer's `limit` bytes: stopped there.
    case tooLarge(url: String, limit: Int64)
    /// The server answered a range request with the whole file, which curl refuses (asked again whole).
    case cannotResume(url: String)
    /// A file of the download cannot be written (`reason`: the system's, or what is in the way).
    case cannotWrite(path: String, reason: String)
    /// The extracts folder is a link to a folder holding what roadtrip did not put there.
    case sharedFolder(path: String, target: String, holding: [String])
    /// The name of a download's part is taken by something roadtrip did not make (`what`: a link…).
    case notOwnPart(path: String, what: String)
    /// Another roadtrip is downloading the same extract into its part.
    case busy(path: String)
    case tool(String)
    case other(url: String, message: String)
    case cancelled

    package var description: String {
        switch self {
        case .noNetwork(let host): return "\(host) cannot be reached: no network connection (or it refused the connection). Nothing was changed."
        case .unknownHost(let host): return "\(host) is not a name the DNS knows (no network, or a typo in the address). Nothing was changed."
        case .http(let status, let url):
            return status == 404
                ? "\(url) is not there (HTTP 404): the catalogue may be out of date (roadtrip region catalogue --refresh)."
                : "\(url) answered HTTP \(status). Nothing was changed."
        case .noFile(let path): return "\(path) is not there (no such file). Nothing was changed."
        case .tls(let host, let message): return "The secure connection to \(host) failed: \(message). Nothing was changed."
        case .timedOut(let url): return "\(url) stopped answering (nothing came for a minute); run the same command again to continue."
        case .interrupted(let url):
            return "The connection to \(url) dropped before the file was whole; run the same command again to continue where it stopped."
        case .diskFull(let path): return "\(path): No space left on device. Free some room and run the same command again to continue."
        case .checksum(let file, let expected, let found):
            return
                "\(file) does not match its published checksum (MD5 \(expected), the file's \(found)): it was deleted, and nothing was added. Run the command again to download it anew."
        case .catalogue(let url, let reason): return "The extract catalogue at \(url) cannot be read: \(reason)."
        case .tooLarge(let url, let limit):
            return "\(url) sent more than the \(RegionText.bytes(limit)) it may be (the size its server announced, or roadtrip's limit for such a file): "
                + "the transfer was stopped there. Nothing was changed."
        case .cannotResume(let url): return "\(url) cannot continue a download where it stopped."
        case .cannotWrite(let path, let reason): return "\(path) cannot be written: \(reason). Nothing was changed."
        case .sharedFolder(let path, let target, let holding):
            return "The extracts folder \(path) is a link to \(target), which holds \(RegionText.names(holding)) that roadtrip did not put there: "
                + "downloads need a folder of their own (make \(path) a folder, or a link to an empty one). Nothing was changed."
        case .busy(let path):
            return "Another roadtrip is downloading this extract (into \(path)); wait for it to finish. Nothing was changed."
        case .notOwnPart(let path, let what):
            return "\(path) is \(what), not a download roadtrip started: it was left as it is, and nothing was downloaded. "
                + "Move it away and run the command again."
        case .tool(let sentence): return sentence
        case .other(let url, let message): return "\(url) could not be fetched: \(message)."
        case .cancelled: return "The download was cancelled; what was downloaded is kept, and the same command continues it."
        }
    }

    /// The sentence for curl's exit `status` (its manual's EXIT CODES) and its last line `message`;
    /// `limit` is the transfer's, for a file larger than it may be.
    init(curlStatus status: Int32, message: String, url: URL, limit: Int64) {
        let host = url.host ?? url.absoluteString
        let said = message.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "curl: ", with: "") } ?? ""
        switch status {
        case 6: self = .unknownHost(host: host)
        case 7: self = .noNetwork(host: host)
        case 22:
            let code = said.split(separator: " ").compactMap { Int($0) }.first { (400...599).contains($0) }
            self = .http(status: code ?? 400, url: url.absoluteString)
        case 28: self = .timedOut(url: url.absoluteString)
        case 18, 56, 92: self = .interrupted(url: url.absoluteString)
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: self = .tls(host: host, message: said)
        // "Couldn't read a file://": not an answer of a server (issue 56: it was told as HTTP 404).
        case 37: self = url.isFileURL ? .noFile(path: url.path) : .http(status: 404, url: url.absoluteString)
        // "Maximum file size exceeded": the size the server announced is more than the limit.
        case 63: self = .tooLarge(url: url.absoluteString, limit: limit)
        // 23, a write error, is never a full disk here: curl writes only into roadtrip's pipe,
        // and roadtrip's own writes say their cause (`PartFile`).
        default: self = .other(url: url.absoluteString, message: said.isEmpty ? "curl failed with status \(status)" : said)
        }
    }
}
