import Foundation
import RoadtripRegions

/// The first look at a file given to `region add`: that it is a regular file, readable, and begins
/// like an OpenStreetMap extract. The format comes from its first bytes, not its name, and is
/// passed to osmium (`-F`), so a misnamed file is read as what it is.
enum ExtractFile {
    /// The osmium input format ("pbf", "osm", "osm.gz", "osm.bz2") and the file's size.
    static func check(_ path: String) throws(RegionError) -> (format: String, size: Int64) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: RegionShelf.errorText())
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile(path: path, what: "a folder")
        case S_IFIFO: throw .notAFile(path: path, what: "a FIFO (named pipe)")
        case S_IFSOCK: throw .notAFile(path: path, what: "a socket")
        default: throw .notAFile(path: path, what: "a device")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: RegionShelf.errorText()) }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &head, head.count)
        guard count >= 0 else { throw .unreadable(path: path, reason: RegionShelf.errorText()) }
        guard count > 0 else { throw .notAnExtract(path: path, reason: "it is empty") }
        guard let format = format(of: Array(head.prefix(count))) else {
            throw .notAnExtract(path: path, reason: "it begins like neither OSM PBF nor OSM XML")
        }
        return (format, Int64(status.st_size))
    }

    static func format(of head: [UInt8]) -> String? {
        if head.starts(with: [0x1F, 0x8B]) { return "osm.gz" }
        if head.starts(with: Array("BZh".utf8)) { return "osm.bz2" }
        // PBF: a 4-byte big-endian length, then a BlobHeader whose first field is the type "OSMHeader".
        if head.count >= 15, head[0...1] == [0, 0], head[4] == 0x0A, head[5] == 9, Array(head[6..<15]) == Array("OSMHeader".utf8) {
            return "pbf"
        }
        let text = String(decoding: head, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if text.hasPrefix("<?xml") || text.hasPrefix("<osm") { return "osm" }
        return nil
    }
}
