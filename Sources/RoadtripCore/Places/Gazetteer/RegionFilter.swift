import Foundation

/// Which regions the qualifiers after a comma allow, and how well: "OR" and "Oregon" match Oregon
/// exactly, "Ore" by a prefix; "US", "USA" and "United States" match every US region; "NSW" and
/// "ON" are the postal codes the index stores for Australian and Canadian regions.
///
/// Decided once per query for each of the few thousand regions, so that a scan over entries
/// (which carry their region) asks only an array.
struct RegionFilter {
    static let noMatch = UInt8.max

    /// Per region: 0 exact, 1 prefix, `noMatch`.
    private let qualities: [UInt8]

    init(qualifiers: [[UInt8]], tables: GazetteerTables) {
        let countryQualities = qualifiers.map { q in (0..<tables.countryCount).map { Self.country($0, matches: q, tables) } }
        qualities = (0..<tables.regionCount).map { region in
            let country = Int(tables.regions.uint32(region * GazetteerFormat.Region.size + GazetteerFormat.Region.country))
            var worst: UInt8 = 0
            for (index, qualifier) in qualifiers.enumerated() {
                let byCountry = country < countryQualities[index].count ? countryQualities[index][country] : Self.noMatch
                worst = max(worst, min(byCountry, Self.region(region, matches: qualifier, tables)))
            }
            return worst
        }
    }

    var allowsNothing: Bool { !qualities.contains { $0 != Self.noMatch } }

    /// Whether some region or country is named by the qualifiers exactly, not only by a prefix.
    var matchesExactly: Bool { qualities.contains(0) }

    @inline(__always) func quality(ofRegion region: Int) -> UInt8 {
        region < qualities.count ? qualities[region] : Self.noMatch
    }

    private static func region(_ region: Int, matches qualifier: [UInt8], _ tables: GazetteerTables) -> UInt8 {
        let record = region * GazetteerFormat.Region.size
        let code = string(tables.regions, record + GazetteerFormat.Region.code, tables)
        if code.contains(where: isLetter), code.lazy.map(lowercased).elementsEqual(qualifier.lazy.filter { $0 != 0x20 }) { return 0 }
        return name(string(tables.regions, record + GazetteerFormat.Region.key, tables), matches: qualifier)
    }

    private static func country(_ country: Int, matches qualifier: [UInt8], _ tables: GazetteerTables) -> UInt8 {
        let record = country * GazetteerFormat.Country.size
        let code = tables.countries.bytes(record + GazetteerFormat.Country.code, 2).map(lowercased)
        if code == qualifier || aliases[qualifier] == code { return 0 }
        return name(string(tables.countries, record + GazetteerFormat.Country.key, tables), matches: qualifier)
    }

    private static func name(_ key: UnsafeRawBufferPointer, matches qualifier: [UInt8]) -> UInt8 {
        if key.elementsEqual(qualifier) { return 0 }
        return !key.isEmpty && key.starts(with: qualifier) ? 1 : noMatch
    }

    /// Every name that matches some region or country exactly: region codes with a letter,
    /// region and country names (folded), country codes and the aliases below. A query's last
    /// words are tried as a qualifier only when they are one of these, which is told without
    /// deciding a filter for each of the few thousand regions.
    static func exactNames(in tables: GazetteerTables) -> Set<[UInt8]> {
        var names = Set(aliases.keys)
        for region in 0..<tables.regionCount {
            let record = region * GazetteerFormat.Region.size
            let code = string(tables.regions, record + GazetteerFormat.Region.code, tables)
            if code.contains(where: isLetter) { names.insert(code.map(lowercased)) }
            names.insert(Array(string(tables.regions, record + GazetteerFormat.Region.key, tables)))
        }
        for country in 0..<tables.countryCount {
            let record = country * GazetteerFormat.Country.size
            names.insert(tables.countries.bytes(record + GazetteerFormat.Country.code, 2).map(lowercased))
            names.insert(Array(string(tables.countries, record + GazetteerFormat.Country.key, tables)))
        }
        names.remove([])
        return names
    }

    /// A string reference stored at `offset` in `table`, read in place.
    private static func string(_ table: ByteSlice, _ offset: Int, _ tables: GazetteerTables) -> UnsafeRawBufferPointer {
        tables.strings.bytes(Int(table.uint32(offset)), Int(table.uint32(offset + 4)))
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// Names people write for a country other than its GeoNames name (folded), by ISO code.
    private static let aliases: [[UInt8]: [UInt8]] = Dictionary(
        uniqueKeysWithValues: [
            ("usa", "us"), ("america", "us"), ("united states of america", "us"),
            ("uk", "gb"), ("britain", "gb"), ("great britain", "gb"),
            ("netherlands", "nl"), ("holland", "nl"), ("czech republic", "cz"),
            ("deutschland", "de"), ("espana", "es"), ("italia", "it"), ("schweiz", "ch"), ("suisse", "ch"),
            ("osterreich", "at"), ("korea", "kr"), ("russian federation", "ru"), ("uae", "ae"),
        ].map { (Array($0.0.utf8), Array($0.1.utf8)) })
}

/// `RegionFilter.exactNames` of one index, made the first time a query could use them.
final class QualifierNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<[UInt8]>?

    func contains(_ qualifier: [UInt8], in tables: GazetteerTables) -> Bool {
        lock.withLock {
            if names == nil { names = RegionFilter.exactNames(in: tables) }
            return names?.contains(qualifier) ?? false
        }
    }
}
