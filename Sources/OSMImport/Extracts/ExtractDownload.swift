import ChildProcesses
import DurableWrites
import Foundation
import RoadtripCore
import RoadtripRegions

/// Where extracts come from and where their downloads wait: the catalogue's address
/// (`ROADTRIP_EXTRACTS_URL`, Geofabrik's index by default; `file://` for a folder), the cached
/// catalogue with its date, and the resumable parts, in `$XDG_CACHE_HOME/roadtrip/extracts`.
package struct ExtractSource: Sendable {
    package static let defaultCatalogue = URL(string: "https://download.geofabrik.de/index-v1.json")!
    /// A cached catalogue older than this is fetched again.
    static let catalogueLifetime: TimeInterval = 24 * 3_600

    package let catalogueURL: URL
    package let folder: URL

    package init(environment: [String: String]) {
        catalogueURL = environment["ROADTRIP_EXTRACTS_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) } ?? Self.defaultCatalogue
        folder = RoadtripFolders(environment: environment).cache.appendingPathComponent("extracts")
    }

    var cachedCatalogue: URL { folder.appendingPathComponent("catalogue.json") }
    var cachedAddress: URL { folder.appendingPathComponent("catalogue.address") }

    /// The catalogue and when it was fetched: the cached one while it is fresh and from the same
    /// address, else fetched again (`refresh` always), and the cached one said stale when the
    /// network fails.
    package func catalogue(refresh: Bool = false, curl: Curl = Curl(), now: Date = Date()) throws(DownloadError) -> (catalogue: ExtractCatalogue, fetched: Date, stale: DownloadError?) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: cachedCatalogue.path)
        let cachedAt = attributes?[.modificationDate] as? Date
        let sameAddress = (try? String(contentsOf: cachedAddress, encoding: .utf8)) == catalogueURL.absoluteString
        if !refresh, sameAddress, let cachedAt, now.timeIntervalSince(cachedAt) < Self.catalogueLifetime,
           let data = try? Data(contentsOf: cachedCatalogue), let catalogue = try? ExtractCatalogue(json: data, from: catalogueURL) {
            return (catalogue, cachedAt, nil)
        }
        let text: String
        do { text = try curl.text(catalogueURL) } catch {
            if error != .cancelled, sameAddress, let cachedAt, let data = try? Data(contentsOf: cachedCatalogue),
               let catalogue = try? ExtractCatalogue(json: data, from: catalogueURL) {
                return (catalogue, cachedAt, error)
            }
            throw error
        }
        let catalogue = try ExtractCatalogue(json: Data(text.utf8), from: catalogueURL)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? AtomicWriter.replace(Data(text.utf8), at: cachedCatalogue.path, links: .refuse)
        try? AtomicWriter.replace(Data(catalogueURL.absoluteString.utf8), at: cachedAddress.path, links: .refuse)
        return (catalogue, now, nil)
    }

    /// The resumable part of `extract`'s download.
    func part(of extract: ExtractCatalogue.Extract) -> URL {
        folder.appendingPathComponent(extract.path.replacingOccurrences(of: "/", with: "_") + ".osm.pbf.part")
    }
}

/// `region download`: one extract from the catalogue to a region. The file is downloaded into a
/// resumable part (a failed, cut or cancelled download keeps it, and the next attempt continues
/// it with a range request), checked against the MD5 the server publishes beside it (`.md5`),
/// and only then imported as `region add` imports (the region built aside and put in place in
/// one step). A file that does not match its checksum is deleted, and nothing is added.
package struct ExtractDownload {
    package let extract: ExtractCatalogue.Extract
    package let source: ExtractSource
    package let shelf: RegionShelf
    /// The built-in towns, whose countries and regions the new places take.
    package var towns: (any PlaceIndex)?
    package var isCancelled: @Sendable () -> Bool = { false }
    /// What is happening, for a progress line: the bytes downloaded of the size, then the import's.
    package var progress: (@Sendable (Progress) -> Void)?

    package enum Progress: Sendable {
        case downloading(bytes: Int64, of: Int64?, bytesPerSecond: Double)
        case verifying
        case importing(RegionImport.Progress)

        /// "Downloading 12.4 MB of 40.1 MB at 3.1 MB/s, 9 s left".
        package var text: String {
            switch self {
            case .downloading(let bytes, let total, let rate):
                var text = "Downloading \(RegionText.bytes(bytes))" + (total.map { " of \(RegionText.bytes($0))" } ?? "")
                if rate > 0 { text += " at \(RegionText.bytes(Int64(rate)))/s" }
                if let total, rate > 0, total > bytes { text += ", \(Int((Double(total - bytes) / rate).rounded(.up))) s left" }
                return text
            case .verifying: return "Checking the download against its published MD5"
            case .importing(let progress): return progress.text
            }
        }
    }

    package init(extract: ExtractCatalogue.Extract, source: ExtractSource, shelf: RegionShelf, towns: (any PlaceIndex)? = nil) {
        self.extract = extract
        self.source = source
        self.shelf = shelf
        self.towns = towns
    }

    /// The published checksum of `extract`: the first word of the `.md5` file beside it.
    package static func publishedMD5(of extract: ExtractCatalogue.Extract, curl: Curl) throws(DownloadError) -> String {
        let url = URL(string: extract.pbf.absoluteString + ".md5")!
        let text = try curl.text(url)
        guard let word = text.split(whereSeparator: \.isWhitespace).first, word.count == 32, word.allSatisfy(\.isHexDigit) else {
            throw .other(url: url.absoluteString, message: "it holds no MD5 checksum")
        }
        return word.lowercased()
    }

    /// Downloads, checks and imports the extract; the region it made.
    package func run() throws -> RegionInfo {
        var curl = Curl()
        curl.isCancelled = isCancelled
        let head = try curl.head(extract.pbf)
        let md5 = try Self.publishedMD5(of: extract, curl: curl)
        let part = source.part(of: extract)
        do {
            try FileManager.default.createDirectory(at: source.folder, withIntermediateDirectories: true)
        } catch {
            throw RegionError.cannotWrite(path: source.folder.path, reason: error.localizedDescription)
        }
        // A part longer than the file is of another version: started again.
        if let size = Curl.size(of: part), let total = head.bytes, size > total { try? FileManager.default.removeItem(at: part) }
        let started = Date(), startBytes = Curl.size(of: part) ?? 0
        let progress = progress
        curl.progress = { bytes in
            let seconds = Date().timeIntervalSince(started)
            progress?(.downloading(bytes: bytes, of: head.bytes, bytesPerSecond: seconds > 0.5 ? Double(bytes - startBytes) / seconds : 0))
        }
        if head.bytes == nil || Curl.size(of: part) != head.bytes {
            try curl.download(extract.pbf, to: part)
        }
        progress?(.verifying)
        let found = try Self.md5(of: part)
        guard found == md5 else {
            try? FileManager.default.removeItem(at: part)
            throw DownloadError.checksum(file: extract.pbf.lastPathComponent, expected: md5, found: found)
        }
        // The extract under its own name, for the import (which names the region after --name).
        let file = source.folder.appendingPathComponent(extract.pbf.lastPathComponent)
        try? FileManager.default.removeItem(at: file)
        guard rename(part.path, file.path) == 0 else {
            throw RegionError.cannotWrite(path: file.path, reason: String(cString: strerror(errno)))
        }
        defer { try? FileManager.default.removeItem(at: file) }
        var job = try RegionImport(file: file.path, name: extract.regionName, shelf: shelf, towns: towns)
        job.isCancelled = isCancelled
        job.progress = { progress?(.importing($0)) }
        job.origin = RegionOrigin(extract: extract.id, url: extract.pbf.absoluteString, md5: md5, lastModified: head.lastModified)
        return try job.run()
    }

    /// The MD5 of `file`, by `md5sum` (coreutils).
    static func md5(of file: URL) throws -> String {
        let (ended, output) = try ChildProcess.output(of: try ChildTools.locate("md5sum"), ["--", file.path])
        guard ended.succeeded, let word = String(decoding: output, as: UTF8.self).split(separator: " ").first else {
            throw RegionError.unreadable(path: file.path, reason: "md5sum could not read it")
        }
        return String(word)
    }
}
