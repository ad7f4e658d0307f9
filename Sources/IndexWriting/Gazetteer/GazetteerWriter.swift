import Foundation
import RoadtripCore

/// Turns a `GazetteerSource` into the bytes of `gazetteer.bin` (layout: `GazetteerFormat`).
///
/// The same source always gives the same bytes: every table is ordered by its contents. Names are
/// folded by `SearchText`, the search's own function, and the ranked lists of long prefixes are
/// made by the search's own scan over a first draft of the index, so that the file and the
/// search cannot disagree.
package enum GazetteerWriter {
    /// What went into an index, for the builder to report.
    package struct Summary: Sendable {
        package let places: Int
        package let entries: Int
        package let rankedPrefixes: Int
        package let bytes: Int
    }

    /// A source the file format cannot hold.
    package struct TooLarge: Error, CustomStringConvertible {
        package let description: String
    }

    package static func bytes(for source: GazetteerSource) throws -> (bytes: [UInt8], summary: Summary) {
        let tables = try DraftTables(source: source)
        let draft = tables.assemble(prefixes: [], ranked: [])
        let (prefixes, ranked, count) = try TopLists.sections(forDraft: draft)
        let bytes = tables.assemble(prefixes: prefixes, ranked: ranked)
        return (bytes, Summary(places: source.places.count, entries: tables.entryCount, rankedPrefixes: count, bytes: bytes.count))
    }
}

/// Strings stored once each, in the order first asked for.
struct StringTable {
    private(set) var bytes: [UInt8] = []
    private var offsets: [String: (offset: UInt32, length: UInt32)] = [:]

    /// Writes the reference (offset, length) of `text` into `record`.
    mutating func reference(_ text: String, into record: inout LittleEndianBytes) {
        let (offset, length) = intern(text)
        record.uint32(offset)
        record.uint32(length)
    }

    mutating func intern(_ text: String) -> (offset: UInt32, length: UInt32) {
        if let known = offsets[text] { return known }
        let reference = (UInt32(bytes.count), UInt32(text.utf8.count))
        bytes += text.utf8
        offsets[text] = reference
        return reference
    }
}
