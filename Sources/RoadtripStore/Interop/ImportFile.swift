import Foundation

/// The file an import reads: checked before any parser sees it (it exists, is a regular file,
/// is not empty and not over the size limit), and its first bytes, which say what it is.
struct ImportFile {
    enum Kind { case xml, json }

    let url: URL
    let size: Int

    init(url: URL, maximumBytes: Int) throws(ImportProblem) {
        self.url = url
        var status = stat()
        // stat, not FileManager, for the system's own words ("No such file or directory").
        guard stat(url.path, &status) == 0 else {
            throw ImportProblem("the file cannot be read: \(systemErrorMessage(errno))")
        }
        // A pipe or a device could block or never end; a folder is not a file at all.
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ImportProblem("it is not a regular file")
        }
        size = Int(status.st_size)
        guard size > 0 else { throw ImportProblem("the file is empty") }
        guard size <= maximumBytes else {
            throw ImportProblem("the file is \(Self.sizeText(size)), over the import limit of \(Self.sizeText(maximumBytes))")
        }
    }

    /// What the content is, from its first bytes: XML (GPX), or JSON (GeoJSON or a trips file).
    func kind() throws(ImportProblem) -> Kind {
        let head = try read(upTo: 4096)
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.prefix(4).contains(0) {
            throw ImportProblem(line: 1, column: 1, "the file is in UTF-16 or UTF-32; roadtrip imports UTF-8 files")
        }
        let bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        guard let first = bytes.first(where: { !Self.isWhitespace($0) }) else {
            throw ImportProblem("the file holds only white space")
        }
        switch first {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        default:
            let (line, column) = Self.position(of: bytes.firstIndex(of: first) ?? 0, in: head)
            throw ImportProblem(line: line, column: column, "the file is neither GPX nor JSON (GeoJSON or a trips file): it starts with neither “<” nor “{”")
        }
    }

    /// The whole file, for the JSON formats (their decoders take it in one piece; the size was
    /// checked first).
    func contents() throws(ImportProblem) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ImportProblem("the file cannot be read: \(TripFileStore.reason(for: error))")
        }
    }

    func read(upTo count: Int) throws(ImportProblem) -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.read(upToCount: count) ?? Data()
        } catch {
            throw ImportProblem("the file cannot be read: \(TripFileStore.reason(for: error))")
        }
    }

    /// The name a trip gets when the file names none: the file's own, without its extension.
    var baseName: String { url.deletingPathExtension().lastPathComponent }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Line and column (from 1, counting bytes) of an offset of `data`.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, lineStart = data.startIndex
        for index in data.startIndex..<min(data.startIndex + offset, data.endIndex) where data[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, data.startIndex + offset - lineStart + 1)
    }

    /// A size as people say it: "900 bytes", "12 KB", "3.5 MB", "300 MB".
    static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return "\(bytes >> 10) KB" }
        let value = Double(bytes) / Double(1 << 20)
        return value >= 10 ? "\(Int(value)) MB" : String(format: "%.1f MB", value)
    }
}
