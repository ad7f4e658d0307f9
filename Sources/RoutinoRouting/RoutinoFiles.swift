import Foundation
import RoadtripCore
#if canImport(Glibc)
import Glibc
#endif

/// The files of a Routino database, which libroutino maps into memory and reads without a look
/// at their length: a file cut short under the mapping is a SIGBUS at the next read (`truncate
/// -s 4096 nodes.mem` while the planner was open), one cut short before is a read past its end.
/// So a database is loaded only when every file is as long as its header says, and used only
/// while every file keeps the length it had then (kept open, and looked at before every route).
///
/// The layouts are Routino 3.3's (Debian 12), read from files planetsplitter wrote: each file
/// begins with its counts (32-bit little-endian) and then holds fixed-size records; `ways.mem`
/// holds the ways' names after its records, so it is at least as long as they are.
struct RoutinoFiles {
    /// One file: its name, the descriptor kept open, and its length when it was checked.
    private struct File {
        let name: String
        let descriptor: Int32
        let bytes: Int64
    }

    /// The folder as the user knows it (through the region's link), for the phrases.
    private let folder: URL
    private let files: [File]

    /// The files libroutino maps, and the length each must have (or at least have) from its header.
    private static let layouts: [(name: String, exact: Bool, length: @Sendable (Header) -> Int64?)] = [
        // Counts of nodes and super-nodes, the bins' counts and first (16 bits each), then an
        // offset per bin and one more, then the nodes (12 bytes each).
        (
            "nodes.mem", true,
            { header in
                guard let nodes = header.u32(0), let latitudeBins = header.i16(8), let longitudeBins = header.i16(10),
                    latitudeBins > 0, longitudeBins > 0
                else { return nil }
                return 16 + (latitudeBins * longitudeBins + 1) * 4 + nodes * 12
            }
        ),
        // Counts of segments, super-segments and normal segments, then the segments (20 bytes each).
        ("segments.mem", true, { header in header.u32(0).map { 12 + $0 * 20 } }),
        // Count of ways, what they allow (12 bytes of header), the ways (16 bytes each), then their names.
        ("ways.mem", false, { header in header.u32(0).map { 12 + $0 * 16 } }),
        // Count of turn restrictions, then the restrictions (16 bytes each).
        ("relations.mem", true, { header in header.u32(0).map { 4 + $0 * 16 } }),
    ]

    /// Opens and checks the files of the database in `folder`; a phrase naming the file (in
    /// `shown`, the folder as the user knows it) that is missing or not as long as its header
    /// says, otherwise.
    static func open(_ folder: URL, shown: URL) -> Result<RoutinoFiles, RoadRouter.Reason> {
        var files: [File] = []
        for layout in layouts {
            let path = shown.appendingPathComponent(layout.name).path
            let descriptor = Glibc.open(folder.appendingPathComponent(layout.name).path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                files.forEach { Glibc.close($0.descriptor) }
                return .failure(RoadRouter.Reason(phrase: "\(path) cannot be read (\(String(cString: strerror(errno))))"))
            }
            var status = stat()
            var header = Header(bytes: [UInt8](repeating: 0, count: 16))
            let read = header.bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            let bytes = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : -1
            files.append(File(name: layout.name, descriptor: descriptor, bytes: bytes))
            header.bytes = Array(header.bytes.prefix(max(0, read)))
            guard bytes >= 0, let wanted = layout.length(header), layout.exact ? bytes == wanted : bytes >= wanted else {
                files.forEach { Glibc.close($0.descriptor) }
                let size = bytes >= 0 ? "\(DistanceUnit.grouped(Int(bytes))) bytes" : "not a file"
                return .failure(RoadRouter.Reason(phrase: "\(path) is damaged (\(size), not what its header says)"))
            }
        }
        return .success(RoutinoFiles(folder: shown, files: files))
    }

    /// Nil while every file has the length it was checked at; else a phrase naming the one that
    /// changed under the mapping.
    func changed() -> String? {
        for file in files {
            var status = stat()
            let now = fstat(file.descriptor, &status) == 0 ? Int64(status.st_size) : -1
            if now != file.bytes {
                return "\(folder.appendingPathComponent(file.name).path) changed on disk "
                    + "(\(DistanceUnit.grouped(Int(now))) bytes, \(DistanceUnit.grouped(Int(file.bytes))) when it was read)"
            }
        }
        return nil
    }

    func close() {
        files.forEach { Glibc.close($0.descriptor) }
    }

    /// A file's first bytes, read as little-endian counts; nil past what was read.
    private struct Header: Sendable {
        var bytes: [UInt8]

        func u32(_ offset: Int) -> Int64? {
            guard offset + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(Int64(0)) { $0 | Int64(bytes[offset + $1]) << (8 * $1) }
        }

        func i16(_ offset: Int) -> Int64? {
            guard offset + 2 <= bytes.count else { return nil }
            return Int64(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
        }
    }
}
