import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A delegate that follows one kind of XML document (GPX, KML): the first problem it met (which
/// stopped the parse), whether it saw a root element at all, and the text of the element being
/// read, which the two readers collect alike.
///
/// The element callbacks are declared here for the readers to override: XMLParser on Linux calls
/// its delegate through this class's conformance, which would otherwise be the empty defaults.
class XMLDocumentReader: NSObject, XMLParserDelegate {
    private(set) var problem: ImportProblem?
    var sawRoot = false
    /// The text of the element being read, when the reader wants it (set to "" at its start).
    var text: String?

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {}

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {}

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text?.append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text?.append(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        _ = keepFirst(parser, XMLSyntaxError.reason(code: (parseError as NSError).code))
    }

    /// Stops the parse at a problem of the document's content; only the first is kept.
    func fail(_ parser: XMLParser, _ reason: String) {
        if keepFirst(parser, reason) { parser.abortParsing() }
    }

    /// Keeps `reason` at the parser's position unless a problem was kept before (later ones
    /// follow from it); whether it was kept.
    private func keepFirst(_ parser: XMLParser, _ reason: String) -> Bool {
        guard problem == nil else { return false }
        problem = ImportProblem(line: parser.lineNumber, column: parser.columnNumber, reason)
        return true
    }
}

/// An XML file to import: GPX or KML, told apart by its root element once the prolog has been
/// checked (`XMLPrologGuard`: no entity declarations reach a parser).
enum XMLImport {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        let head = try file.read(upTo: XMLPrologGuard.maximumPrologBytes)
        let root = rootName(in: head)
        try XMLPrologGuard.check(head, format: format(root: root, url: file.url))
        return root == "kml" ? try KMLReader.read(file) : try GPXReader.read(file)
    }

    /// The format a file is read as, for what is said of it before it is read: its root
    /// element's, else its name's (a refused file's root may be neither); nil when neither tells.
    static func format(root: String?, url: URL) -> String? {
        switch root ?? "" {
        case "kml": return "KML"
        case "gpx": return "GPX"
        default:
            switch url.pathExtension.lowercased() {
            case "kml": return "KML"
            case "gpx": return "GPX"
            default: return nil
            }
        }
    }

    /// Streams `file` through `reader`, never resolving external entities. libxml2 runs in
    /// recovery mode under XMLParser: a cut-short file can "succeed" with an error set, so the
    /// error is what counts, not the result. `kind` names the format in the error ("KML").
    static func parse(_ file: ImportFile, with reader: XMLDocumentReader, kind: String) throws(ImportProblem) {
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
