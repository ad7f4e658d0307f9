import Foundation

/// The sorted entries of a place index, read in place. An entry indexes one word of one key of one
/// place: its "suffix" is the key from that word on ("salt lake city", "lake city", "city"), and
/// entries are sorted by suffix, so every entry whose suffix starts with some text lies in one
/// contiguous range, found by two binary searches.
struct EntryIndex {
    typealias Field = GazetteerFormat.Entry
    let tables: GazetteerTables

    var count: Int { tables.entryCount }

    /// Entries whose suffix starts with `prefix`.
    func range(prefixedBy prefix: [UInt8]) -> Range<Int> {
        let lower = partition(0..<count) { compare(suffix($0), prefix, prefixOnly: true) < 0 }
        let upper = partition(lower..<count) { compare(suffix($0), prefix, prefixOnly: true) <= 0 }
        return lower..<upper
    }

    /// Entries whose suffix is `key` exactly.
    func range(equalTo key: [UInt8]) -> Range<Int> {
        let lower = partition(0..<count) { compare(suffix($0), key, prefixOnly: false) < 0 }
        let upper = partition(lower..<count) { compare(suffix($0), key, prefixOnly: false) <= 0 }
        return lower..<upper
    }

    @inline(__always) func place(_ entry: Int) -> UInt32 { tables.entries.uint32(entry * Field.size + Field.place) & Field.placeMask }
    @inline(__always) func isAlternate(_ entry: Int) -> Bool { tables.entries.uint32(entry * Field.size + Field.place) & Field.alternateFlag != 0 }
    /// Whether the entry's name is an alternate name that is a trusted common name of the place: one
    /// GeoNames gives it in some language (an exonym: "Cologne", "Munich"). False for the place's own name.
    @inline(__always) func isTrustedAlternate(_ entry: Int) -> Bool { tables.entries.uint32(entry * Field.size + Field.place) & Field.trustedFlag != 0 }
    @inline(__always) func population(_ entry: Int) -> UInt32 { tables.entries.uint32(entry * Field.size + Field.population) }
    @inline(__always) func region(_ entry: Int) -> Int { Int(tables.entries.uint16(entry * Field.size + Field.region)) }
    @inline(__always) func wordStart(_ entry: Int) -> Int { Int(tables.entries.uint8(entry * Field.size + Field.wordStart)) }
    @inline(__always) func keyLength(_ entry: Int) -> Int { Int(tables.entries.uint8(entry * Field.size + Field.keyLength)) }

    /// The whole key the entry belongs to.
    @inline(__always) func key(_ entry: Int) -> UnsafeRawBufferPointer {
        tables.keys.bytes(Int(tables.entries.uint32(entry * Field.size + Field.keyOffset)), keyLength(entry))
    }

    /// The key from the entry's word on.
    @inline(__always) func suffix(_ entry: Int) -> UnsafeRawBufferPointer {
        let whole = key(entry)
        let start = min(wordStart(entry), whole.count)
        return UnsafeRawBufferPointer(rebasing: whole[start...])
    }

    /// Byte order; with `prefixOnly`, a suffix that starts with `text` counts as equal to it.
    @inline(__always) func compare(_ suffix: UnsafeRawBufferPointer, _ text: [UInt8], prefixOnly: Bool) -> Int {
        let common = min(suffix.count, text.count)
        let order = common == 0 ? 0 : text.withUnsafeBytes { memcmp(suffix.baseAddress!, $0.baseAddress!, common) }
        if order != 0 { return Int(order) }
        if suffix.count < text.count { return -1 }
        return prefixOnly || suffix.count == text.count ? 0 : 1
    }

    /// The first index in `range` for which `isBefore` is false (it must be true, then false).
    private func partition(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
