import Foundation

/// An XML file to import: GPX or KML, told apart by its root element once the prolog has been
/// checked (`XMLPrologGuard`: no entity declarations reach a parser).
enum XMLImport {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        let head = try file.read(upTo: XMLPrologGuard.maximumPrologBytes)
        try XMLPrologGuard.check(head)
        return rootName(in: head) == "kml" ? try KMLReader.read(file) : try GPXReader.read(file)
    }

    /// The local name of the first element: after `<`, up to white space, `>` or `/`, without a
    /// namespace prefix; nil when the head has none.
    static func rootName(in head: Data) -> String? {
        let bytes = [UInt8](head)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard index < bytes.count else { return nil }
            if bytes[starts: index, "!--"] {
                // A comment may hold a "<" of its own: go past its end.
                guard let close = (index..<max(index, bytes.count - 2)).first(where: { bytes[starts: $0, "-->"] }) else { return nil }
                index = close + 3
                continue
            }
            if bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "!") { continue }
            let end = bytes[index...].firstIndex { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") || ImportFile.isWhitespace($0) } ?? bytes.count
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }
}

private extension Array where Element == UInt8 {
    /// Whether the bytes at `offset` spell `text`.
    subscript(starts offset: Int, text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= self.count else { return false }
        return (0..<count).allSatisfy { self[offset + $0] == text.utf8Start[$0] }
    }
}
