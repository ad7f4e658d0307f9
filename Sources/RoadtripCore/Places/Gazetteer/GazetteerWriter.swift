import Foundation

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
        let memory = GazetteerBytes(copying: draft)
        let (prefixes, ranked, count) = rankedLists(for: try GazetteerTables(memory.all, path: "the new index"))
        let bytes = tables.assemble(prefixes: prefixes, ranked: ranked)
        return (bytes, Summary(places: source.places.count, entries: tables.entryCount, rankedPrefixes: count, bytes: bytes.count))
    }

    /// The prefixes and ranked sections: a list for every prefix with too many entries to scan.
    private static func rankedLists(for tables: GazetteerTables) -> (prefixes: [UInt8], ranked: [UInt8], count: Int) {
        var prefixes = LittleEndianBytes(), ranked = LittleEndianBytes()
        let heavy = TopLists.heavyPrefixes(in: tables)
        let search = GazetteerSearch(tables: tables, limit: TopLists.length)
        var rankedCount = 0
        for prefix in heavy {
            var best = RankedPlaces(capacity: TopLists.length)
            search.scan(EntryIndex(tables: tables).range(prefixedBy: prefix.prefix), phraseLength: prefix.prefix.count, nil, into: &best)
            prefixes.uint32(UInt32(prefix.keyOffset))
            prefixes.uint32(UInt32(rankedCount))
            prefixes.uint16(UInt16(prefix.prefix.count))
            prefixes.uint16(UInt16(best.items.count))
            for candidate in best.items {
                let alternate = candidate.alternate ? GazetteerFormat.Ranked.alternateFlag : 0
                let trusted = candidate.trusted ? GazetteerFormat.Ranked.trustedFlag : 0
                ranked.uint32(candidate.place | UInt32(candidate.quality.rawValue) << GazetteerFormat.Ranked.qualityShift | alternate | trusted)
            }
            rankedCount += best.items.count
        }
        return (prefixes.bytes, ranked.bytes, heavy.count)
    }
}

/// Little-endian bytes being written.
struct LittleEndianBytes {
    var bytes: [UInt8] = []

    mutating func uint8(_ value: UInt8) { bytes.append(value) }
    mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }

    mutating func align(to boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
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
