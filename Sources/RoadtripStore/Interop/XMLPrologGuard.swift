import Foundation

/// Refuses an XML file whose DOCTYPE has an internal subset — where entities are declared —
/// before any parser sees it, in the name of the format the file would be read as.
///
/// Entities are how the "billion laughs" file grows ten bytes of text into gigabytes. libxml2
/// (which Foundation's XMLParser uses on Linux, with entity substitution on) has its own limits,
/// and Foundation on Linux never calls the delegate's entity-declaration methods, so those cannot
/// stop it; GPX needs no DOCTYPE at all. So the bytes before the root element are read first, and
/// a `<!DOCTYPE … [` there ends the import with its position.
enum XMLPrologGuard {
    /// Legitimate prologs (an XML declaration, a comment or two) are a few hundred bytes.
    static let maximumPrologBytes = 1 << 20

    /// `format`: "GPX" or "KML", the format the file would be read as; nil when neither is told.
    static func check(_ head: Data, format: String?) throws(ImportProblem) {
        let bytes = [UInt8](head.prefix(maximumPrologBytes))
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func starts(_ text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            return offset + pattern.count <= bytes.count && Array(bytes[offset..<offset + pattern.count]) == pattern
        }
        func skip(past terminator: String) -> Bool {
            let pattern = Array(terminator.utf8)
            while index + pattern.count <= bytes.count {
                if starts(terminator, at: index) { index += pattern.count; return true }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            if ImportFile.isWhitespace(bytes[index]) {
                index += 1
            } else if starts("<?", at: index) {
                guard skip(past: "?>") else { break }
            } else if starts("<!--", at: index) {
                guard skip(past: "-->") else { break }
            } else if starts("<!DOCTYPE", at: index) {
                let doctype = index
                if declaresInternalSubset(bytes, from: doctype) {
                    let (line, column) = ImportFile.position(of: doctype, in: head)
                    throw ImportProblem(
                        line: line, column: column,
                        "the file declares entities in a DOCTYPE (“<!DOCTYPE … [”), which roadtrip refuses: \(format.map { "\($0) needs" } ?? "GPX and KML need") none, and they can expand to gigabytes"
                    )
                }
                index += 9
            } else {
                return // the root element, or text the parser will name
            }
        }
        guard bytes.count < maximumPrologBytes else {
            throw ImportProblem("the file has over 1 MB before its first element, which no \(format ?? "GPX or KML") file has")
        }
    }

    /// Whether the DOCTYPE starting at `start` opens an internal subset (`[`) before it ends
    /// (`>`), outside quoted literals.
    private static func declaresInternalSubset(_ bytes: [UInt8], from start: Int) -> Bool {
        var quote: UInt8?
        for byte in bytes[start...] {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                return true
            } else if byte == UInt8(ascii: ">") {
                return false
            }
        }
        return true // an unfinished DOCTYPE: refuse rather than guess
    }
}
