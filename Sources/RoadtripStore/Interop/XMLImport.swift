import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A delegate that follows one kind of XML document: the first problem it met (which stopped
/// the parse), and whether it saw a root element at all.
protocol XMLDocumentReading: XMLParserDelegate {
    var problem: ImportProblem? { get }
    var sawRoot: Bool { get }
}

/// An XML file to import: GPX or KML, told apart by its root element once the prolog has been
/// checked (`XMLPrologGuard`: no entity declarations reach a parser).
enum XMLImport {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        let head = try file.read(upTo: XMLPrologGuard.maximumPrologBytes)
        try XMLPrologGuard.check(head)
        return rootName(in: head) == "kml" ? try KMLReader.read(file) : try GPXReader.read(file)
    }

    /// Streams `file` through `reader`, never resolving external entities. libxml2 runs in
    /// recovery mode under XMLParser: a cut-short file can "succeed" with an error set, so the
    /// error is what counts, not the result. `kind` names the format in the error ("KML").
    static func parse(_ file: ImportFile, with reader: some XMLDocumentReading, kind: String) throws(ImportProblem) {
        guard let stream = InputStream(url: file.url) else { throw ImportProblem("the file cannot be read") }
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let finished = parser.parse()
        if let problem = reader.problem { throw problem }
        if let error = parser.parserError {
            throw ImportProblem(line: parser.lineNumber, column: parser.columnNumber, XMLSyntaxError.reason(code: (error as NSError).code))
        }
        guard finished, reader.sawRoot else { throw ImportProblem("the file is not a \(kind) file: it has no root element") }
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
