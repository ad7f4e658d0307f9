import Foundation

/// Why a region could not be added, listed or removed: one sentence each, naming the file.
package enum RegionError: Error, Equatable, CustomStringConvertible {
    case missingTool(tool: String, package: String)
    case notFound(path: String)
    case notAFile(path: String, what: String)
    case unreadable(path: String, reason: String)
    case notAnExtract(path: String, reason: String)
    case toolFailed(tool: String, status: Int32, message: String)
    case badName(String)
    case noSuchRegion(String, known: [String])
    case cannotWrite(path: String, reason: String)
    /// The disk of the regions folder has `free` bytes, and an import needs about `needed`.
    case noRoom(path: String, needed: Int64, free: Int64)
    /// A region's files are not what roadtrip wrote: `problem` is a clause naming the file.
    case damaged(region: String, problem: String)
    /// The region was added by an older roadtrip (`RegionInfo.currentFormat`): its place index
    /// lacks what this one searches, so its places are left out; its roads are still routed on.
    case outdated(region: String, sourceFile: String, downloadedAs: String? = nil)
    /// The regions folder is a link to a folder that holds what roadtrip did not put there.
    case sharedFolder(path: String, target: String, holding: [String])
    case empty(path: String)
    case cancelled

    package var description: String {
        switch self {
        case .missingTool(let tool, let package):
            return "Adding a region needs \(tool), from the Debian package \(package): install it with `sudo apt-get install \(package)`."
        case .notFound(let path):
            return "\(path) does not exist."
        case .notAFile(let path, let what):
            return "\(path) is \(what), not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2)."
        case .unreadable(let path, let reason):
            return "\(path) cannot be read: \(reason)."
        case .notAnExtract(let path, let reason):
            return "\(path) is not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2): \(reason)."
        case .toolFailed(let tool, let status, let message):
            return "\(tool) failed (status \(status)): \(message)"
        case .badName(let name):
            return "“\(name)” cannot name a region: use letters, digits and hyphens, up to 64."
        case .noSuchRegion(let name, let known):
            return known.isEmpty
                ? "There is no region “\(name)”; no region has been added."
                : "There is no region “\(name)”; the regions are \(known.joined(separator: ", "))."
        case .cannotWrite(let path, let reason):
            return "The region cannot be written to \(path): \(reason). Nothing was changed."
        case .noRoom(let path, let needed, let free):
            return "The region cannot be written to \(path): No space left on device (adding this extract needs about "
                + "\(RegionText.bytes(needed)) there; \(RegionText.bytes(free)) is free). Nothing was changed."
        case .damaged(let region, let problem):
            return "Region \(region) cannot be used: \(problem); add it again, or remove it with `roadtrip region remove \(region)`."
        case .outdated(let region, let sourceFile, let extract):
            let again = extract.map { "roadtrip region download \(Self.shellWord($0))" } ?? "roadtrip region add \(Self.shellWord(sourceFile))"
            return "Region \(region) was added by an older roadtrip, without fuel, food and beds: its places are left out of searches "
                + "until it is added again with `\(again)` (its roads are still routed on)."
        case .sharedFolder(let path, let target, let holding):
            return "The regions folder \(path) is a link to \(target), which holds \(RegionText.names(holding)) that roadtrip did not put there: "
                + "regions need a folder of their own (make \(path) a folder, or a link to an empty one). Nothing was changed."
        case .empty(let path):
            return "\(path) holds no named place, sight or natural feature to add."
        case .cancelled:
            return "The import was cancelled; nothing was changed."
        }
    }

    /// A path as one word of a shell command: as it is when it holds nothing a shell reads
    /// otherwise, else in single quotes.
    static func shellWord(_ path: String) -> String {
        let plain =
            !path.isEmpty
            && path.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._+-,:@".unicodeScalars.contains($0))
            }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
