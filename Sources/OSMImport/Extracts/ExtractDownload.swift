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

    /// The folder itself, as roadtrip keeps it.
    package var files: ExtractFolder { ExtractFolder(url: folder) }

    /// The largest catalogue read: Geofabrik's, with every area's outline, is a few megabytes.
    package static let catalogueLimit = 128 * 1_024 * 1_024

    /// The catalogue and when it was fetched: the cached one while it is fresh and from the same
    /// address, else fetched again (`refresh` always), and the cached one said stale when the
    /// network fails. Nothing is read or written in an extracts folder roadtrip cannot call its own.
    package func catalogue(
        refresh: Bool = false, curl: Curl = Curl(), now: Date = Date()
    ) throws(DownloadError) -> (catalogue: ExtractCatalogue, fetched: Date, stale: DownloadError?) {
        try files.prepare()
        let (cachedCatalogue, cachedAddress) = (files.catalogue, files.address)
        let attributes = try? FileManager.default.attributesOfItem(atPath: cachedCatalogue.path)
        let cachedAt = attributes?[.modificationDate] as? Date
        let sameAddress = (try? String(contentsOf: cachedAddress, encoding: .utf8)) == catalogueURL.absoluteString
        let cached = { () -> ExtractCatalogue? in
            guard (attributes?[.size] as? NSNumber).map({ $0.intValue <= Self.catalogueLimit }) == true,
                let data = try? Data(contentsOf: cachedCatalogue)
            else { return nil }
            return try? ExtractCatalogue(json: data, from: catalogueURL)
        }
        if !refresh, sameAddress, let cachedAt, now.timeIntervalSince(cachedAt) < Self.catalogueLifetime, let catalogue = cached() {
            return (catalogue, cachedAt, nil)
        }
        let text: String
        do { text = try curl.text(catalogueURL, limit: Self.catalogueLimit) } catch {
            if error != .cancelled, sameAddress, let cachedAt, let catalogue = cached() {
                return (catalogue, cachedAt, error)
            }
            throw error
        }
        let catalogue = try ExtractCatalogue(json: Data(text.utf8), from: catalogueURL)
        try? AtomicWriter.replace(Data(text.utf8), at: cachedCatalogue.path, links: .refuse)
        try? AtomicWriter.replace(Data(catalogueURL.absoluteString.utf8), at: cachedAddress.path, links: .refuse)
        return (catalogue, now, nil)
    }

    /// The resumable part of `extract`'s download.
    func part(of extract: ExtractCatalogue.Extract) -> URL {
        files.part(of: extract)
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

    /// The most bytes of a `.md5` file read: one checksum and a file name.
    static let checksumLimit = 64 * 1_024
    /// The most bytes of an extract whose server does not say its size: more than the planet's.
    package static let unannouncedLimit: Int64 = 200 * 1_000_000_000

    /// The bytes a download of a file announced as `bytes` may reach: a little over, for a server
    /// that rounds; `unannouncedLimit` when it announced none.
    static func limit(announced bytes: Int64?) -> Int64 {
        bytes.map { $0 + max(1 << 20, $0 / 100) } ?? unannouncedLimit
    }

    /// The published checksum of `extract`: the first word of the `.md5` file beside it.
    package static func publishedMD5(of extract: ExtractCatalogue.Extract, curl: Curl) throws(DownloadError) -> String {
        let url = URL(string: extract.pbf.absoluteString + ".md5")!
        let text = try curl.text(url, limit: checksumLimit)
        guard let word = text.split(whereSeparator: \.isWhitespace).first, word.count == 32, word.allSatisfy(\.isHexDigit) else {
            throw .other(url: url.absoluteString, message: "it holds no MD5 checksum")
        }
        return word.lowercased()
    }

    /// Downloads, checks and imports the extract; the region it made. The files of the download
    /// are the extracts folder's, named from the extract's id (`ExtractFolder`); only the part
    /// roadtrip opened itself, and the finished file it renamed it to, are ever removed.
    package func run() throws -> RegionInfo {
        // The region's name is checked before a byte is fetched: a catalogue id no region can
        // have is said as such, not after a download of gigabytes.
        guard RegionShelf.isValidName(extract.regionName) else { throw RegionError.badName(extract.regionName) }
        var curl = Curl()
        curl.isCancelled = isCancelled
        let head = try curl.head(extract.pbf)
        let md5 = try Self.publishedMD5(of: extract, curl: curl)
        try source.files.prepare()
        let part = try PartFile(source.files.part(of: extract))
        // A part longer than the file is of another version: started again.
        if let total = head.bytes, try part.size() > total { try part.empty() }
        let started = Date(), startBytes = try part.size()
        let progress = progress
        curl.progress = { bytes in
            let seconds = Date().timeIntervalSince(started)
            progress?(.downloading(bytes: bytes, of: head.bytes, bytesPerSecond: seconds > 0.5 ? Double(bytes - startBytes) / seconds : 0))
        }
        if head.bytes == nil || startBytes != head.bytes {
            do {
                try curl.download(extract.pbf, into: part, limit: Self.limit(announced: head.bytes))
            } catch {
                // More than the file can be is no part of it: nothing is kept to continue.
                if case .tooLarge = error { part.remove(at: part.url) }
                throw error
            }
        }
        progress?(.verifying)
        let found = try Self.md5(of: part)
        guard found == md5 else {
            part.remove(at: part.url)
            throw DownloadError.checksum(file: (extract.pbf.absoluteString as NSString).lastPathComponent, expected: md5, found: found)
        }
        // The part itself is imported (the import tells a file's format by its first bytes), and
        // removed after: the only file of the download ever removed is the one roadtrip wrote.
        var job = try RegionImport(file: part.url.path, name: extract.regionName, shelf: shelf, towns: towns)
        job.isCancelled = isCancelled
        job.progress = { progress?(.importing($0)) }
        job.origin = RegionOrigin(extract: extract.id, url: extract.pbf.absoluteString, md5: md5, lastModified: head.lastModified)
        job.sourceName = extract.pbf.absoluteString
        do {
            let info = try job.run()
            part.remove(at: part.url)
            return info
        } catch RegionError.cancelled {
            // Kept whole and checked: the next attempt imports it without downloading it again.
            throw RegionError.cancelled
        } catch {
            part.remove(at: part.url)
            throw error
        }
    }

    /// The MD5 of what `part` holds, by `md5sum` (coreutils) reading the file roadtrip opened.
    static func md5(of part: PartFile) throws -> String {
        try md5(input: .descriptor(try part.asInput()), [], path: part.url.path)
    }

    /// The MD5 of `file`, by `md5sum`.
    static func md5(of file: URL) throws -> String {
        try md5(input: .null, ["--", file.path], path: file.path)
    }

    private static func md5(input: ChildProcess.Stream, _ arguments: [String], path: String) throws -> String {
        let (ended, output) = try ChildProcess.output(of: try ChildTools.locate("md5sum"), arguments, input: input)
        guard ended.succeeded, let word = String(decoding: output, as: UTF8.self).split(separator: " ").first else {
            throw RegionError.unreadable(path: path, reason: "md5sum could not read it")
        }
        return String(word)
    }
}
