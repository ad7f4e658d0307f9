/// The best places for each prefix that has very many entries ("s", "sa", "san", "saint "), stored
/// in the index, so that the first letters typed never scan a large part of it.
///
/// The writer makes the lists with the search's own scan (`GazetteerSearch.scan`), so a list holds
/// exactly what a scan of its range would rank first.
package struct TopLists {
    /// A prefix with more entries than this has a list; a scan of fewer takes a few microseconds.
    static let threshold = 1_024
    /// Places per list: enough for any result list a screen shows. A longer `limit` scans.
    static let length = 64

    let tables: GazetteerTables

    /// The stored list for `prefix`, best first, if it has one.
    func list(for prefix: [UInt8]) -> [Candidate]? {
        typealias Field = GazetteerFormat.Prefix
        var low = 0, high = tables.prefixCount
        while low < high {
            let middle = low + (high - low) / 2
            let order = compare(storedPrefix(middle), prefix)
            if order == 0 {
                let record = middle * Field.size
                let start = Int(tables.prefixes.uint32(record + Field.rankedStart))
                let count = Int(tables.prefixes.uint16(record + Field.rankedCount))
                return (start..<start + count).map(candidate)
            }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private func storedPrefix(_ index: Int) -> UnsafeRawBufferPointer {
        let record = index * GazetteerFormat.Prefix.size
        return tables.keys.bytes(
            Int(tables.prefixes.uint32(record + GazetteerFormat.Prefix.keyOffset)),
            Int(tables.prefixes.uint16(record + GazetteerFormat.Prefix.length)))
    }

    private func candidate(_ index: Int) -> Candidate {
        typealias Field = GazetteerFormat.Ranked
        let value = tables.ranked.uint32(index * Field.size)
        let place = value & Field.placeMask
        let population = tables.places.uint32(Int(place) * GazetteerFormat.Place.size + GazetteerFormat.Place.population)
        let quality = MatchQuality(rawValue: UInt8(value >> Field.qualityShift & Field.qualityMask)) ?? .laterWordPrefixes
        // The stored quality is the one the scan gave, trust and the length of the match applied.
        return Candidate(
            place: place, quality: quality, regionQuality: 0, alternate: value & Field.alternateFlag != 0,
            trusted: value & Field.trustedFlag != 0, population: population)
    }

    private func compare(_ stored: UnsafeRawBufferPointer, _ prefix: [UInt8]) -> Int {
        for (a, b) in zip(stored, prefix) where a != b { return a < b ? -1 : 1 }
        return stored.count == prefix.count ? 0 : stored.count < prefix.count ? -1 : 1
    }
}

extension TopLists {
    /// A prefix that needs a list, with where its bytes are in the keys section.
    struct Heavy {
        let prefix: [UInt8]
        let keyOffset: Int
    }

    /// Every prefix with more than `threshold` entries, in byte order. Walks down from the empty
    /// prefix one character at a time, only below prefixes that are themselves heavy.
    static func heavyPrefixes(in tables: GazetteerTables) -> [Heavy] {
        let index = EntryIndex(tables: tables)
        var heavy: [Heavy] = []
        var pending: [([UInt8], Range<Int>)] = [([], 0..<index.count)]
        while let (prefix, range) = pending.popLast() {
            guard range.count > threshold else { continue }
            if !prefix.isEmpty {
                let first = Int(tables.entries.uint32(range.lowerBound * GazetteerFormat.Entry.size + GazetteerFormat.Entry.keyOffset))
                heavy.append(Heavy(prefix: prefix, keyOffset: first + index.wordStart(range.lowerBound)))
            }
            var entry = range.lowerBound
            while entry < range.upperBound {
                let suffix = index.suffix(entry)
                guard suffix.count > prefix.count else { entry += 1; continue }
                let end = min(suffix.count, prefix.count + utf8Length(lead: suffix[prefix.count]))
                let child = Array(suffix[..<end])
                let childRange = index.range(prefixedBy: child)
                pending.append((child, childRange))
                entry = max(childRange.upperBound, entry + 1)
            }
        }
        return heavy.sorted { $0.prefix.lexicographicallyPrecedes($1.prefix) }
    }

    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case ..<0xC0: return 1
        case ..<0xE0: return 2
        case ..<0xF0: return 3
        default: return 4
        }
    }
}

extension TopLists {
    /// The prefixes and ranked sections of the index `draft` (written without them): a list for
    /// every prefix with too many entries to scan, made by the search's own scan of the draft.
    package static func sections(forDraft draft: [UInt8]) throws -> (prefixes: [UInt8], ranked: [UInt8], count: Int) {
        let memory = GazetteerBytes(copying: draft)
        defer { withExtendedLifetime(memory) {} }
        let tables = try GazetteerTables(memory.all, path: "the new index")
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
