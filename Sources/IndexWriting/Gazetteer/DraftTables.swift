import Foundation
import RoadtripCore

/// The tables of a new index made from a source, in the file's order, ready to be laid out
/// (`GazetteerWriter`). Countries by code, regions by country and code, places by 1° cell then
/// population, entries by the text from their word on.
struct DraftTables {
    typealias Format = GazetteerFormat

    private(set) var entryCount = 0
    private var strings = StringTable()
    private var countries = LittleEndianBytes()
    private var regions = LittleEndianBytes()
    private var places = LittleEndianBytes()
    private var cells = LittleEndianBytes()
    private var keys: [UInt8] = []
    private var entries = LittleEndianBytes()
    private var zones = LittleEndianBytes()
    private var placeZones = LittleEndianBytes()
    private var details = LittleEndianBytes()
    private var notes = LittleEndianBytes()

    /// A place where the index will have it.
    private struct Located {
        let source: Int
        let latitude: Int32
        let longitude: Int32
        let cell: Int
        let region: Int
    }

    init(source: GazetteerSource) throws(GazetteerWriter.TooLarge) {
        let countryIndex = makeCountries(source)
        let regionIndex = makeRegions(source, countryIndex: countryIndex)
        // Entries and places store region indexes in 16 bits, place indexes in 28.
        guard regionIndex.count <= Int(UInt16.max), source.places.count <= Int(Format.Entry.placeMask) else {
            throw GazetteerWriter.TooLarge(description: "\(regionIndex.count) regions and \(source.places.count) places are more than the index format holds")
        }
        let located = Self.spatialOrder(source, regionIndex: regionIndex)
        makePlaces(source, located)
        try makeZones(source, located)
        makeCells(located)
        makeEntries(source, located)
    }

    // MARK: Countries and regions

    private mutating func makeCountries(_ source: GazetteerSource) -> [String: Int] {
        var names: [String: String] = [:]
        for country in source.countries { names[country.code] = country.name }
        let codes = Set(names.keys).union(source.regions.map(\.countryCode)).union(source.places.map(\.countryCode)).sorted()
        for code in codes {
            let ascii = Array(code.utf8.prefix(2))
            ascii.forEach { countries.uint8($0) }
            (ascii.count..<4).forEach { _ in countries.uint8(0) }
            let name = names[code] ?? code
            strings.reference(name, into: &countries)
            strings.reference(SearchText.key(of: name), into: &countries)
        }
        return Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
    }

    private struct RegionID: Hashable, Comparable {
        let country: String
        let code: String
        static func < (a: RegionID, b: RegionID) -> Bool { (a.country, a.code) < (b.country, b.code) }
    }

    private mutating func makeRegions(_ source: GazetteerSource, countryIndex: [String: Int]) -> [RegionID: Int] {
        var known: [RegionID: GazetteerSource.Region] = [:]
        for region in source.regions { known[RegionID(country: region.countryCode, code: region.code)] = region }
        let ids = Set(known.keys).union(source.places.map { RegionID(country: $0.countryCode, code: $0.admin1Code) }).sorted()
        for id in ids {
            let region = known[id]
            regions.uint32(UInt32(countryIndex[id.country] ?? 0))
            strings.reference(region?.name ?? "", into: &regions)
            strings.reference(region?.shortCode ?? id.code, into: &regions)
            strings.reference(SearchText.key(of: region?.name ?? ""), into: &regions)
        }
        return Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
    }

    // MARK: Places and cells

    private static func spatialOrder(_ source: GazetteerSource, regionIndex: [RegionID: Int]) -> [Located] {
        let located = source.places.enumerated().map { index, place in
            let latitude = scaled(place.latitude, limit: 90), longitude = scaled(place.longitude, limit: 180)
            let row = min(Format.cellRows - 1, Int(latitude + 9_000_000) / 100_000)
            let column = min(Format.cellColumns - 1, Int(longitude + 18_000_000) / 100_000)
            let region = regionIndex[RegionID(country: place.countryCode, code: place.admin1Code)] ?? 0
            return Located(source: index, latitude: latitude, longitude: longitude, cell: row * Format.cellColumns + column, region: region)
        }
        return located.sorted { a, b in
            let (p, q) = (source.places[a.source], source.places[b.source])
            return (a.cell, -p.weight, p.geonameID) < (b.cell, -q.weight, q.geonameID)
        }
    }

    private static func scaled(_ degrees: Double, limit: Double) -> Int32 {
        let clamped = degrees.isFinite ? min(limit, max(-limit, degrees)) : 0
        return Int32((clamped * Format.coordinateScale).rounded())
    }

    private mutating func makePlaces(_ source: GazetteerSource, _ located: [Located]) {
        for (index, place) in located.enumerated() {
            let original = source.places[place.source]
            let name = strings.intern(original.name)
            places.uint32(name.offset)
            places.int32(place.latitude)
            places.int32(place.longitude)
            places.uint32(UInt32(clamping: original.population))
            places.uint16(UInt16(clamping: place.region))
            places.uint16(UInt16(clamping: name.length))
            places.uint32(UInt32(clamping: original.geonameID))
            details.uint8(original.kind.rawValue)
            details.uint8(0)
            details.uint16(UInt16(bitPattern: original.elevation.map { Int16(clamping: $0) } ?? Format.Detail.unknownElevation))
            if let noted = original.details {
                notes.uint32(UInt32(index))
                strings.reference(noted.storedText, into: &notes)
            }
        }
    }

    /// The distinct zone names, sorted, and each place's index among them (in place order), so
    /// a place's zone costs one UInt16 and the zones section stays a few kilobytes.
    private mutating func makeZones(_ source: GazetteerSource, _ located: [Located]) throws(GazetteerWriter.TooLarge) {
        let names = Set(source.places.map(\.timeZone)).subtracting([""]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // Every index must stay below `unknown`, the mark of a place without a zone.
        guard names.count <= Int(Format.PlaceZone.unknown) else {
            throw GazetteerWriter.TooLarge(description: "\(names.count) time zones are more than the index format holds")
        }
        for name in names { strings.reference(name, into: &zones) }
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, UInt16($0)) })
        for place in located {
            placeZones.uint16(index[source.places[place.source].timeZone] ?? Format.PlaceZone.unknown)
        }
    }

    /// Where each cell's places start, and after the last cell the end.
    private mutating func makeCells(_ located: [Located]) {
        var counts = [Int](repeating: 0, count: Format.cellCount)
        for place in located { counts[place.cell] += 1 }
        var start = 0
        for count in counts {
            cells.uint32(UInt32(start))
            start += count
        }
        cells.uint32(UInt32(start))
    }

    // MARK: Keys and entries

    private struct Entry {
        let key: Int
        let wordStart: Int
        /// The place index, with `Format.Entry.alternateFlag` for an alternate name (and
        /// `trustedFlag` for a trusted one).
        let place: UInt32
        let population: UInt32
        let region: UInt16
    }

    private mutating func makeEntries(_ source: GazetteerSource, _ located: [Located]) {
        var keyIDs: [String: Int] = [:]
        var keyTexts: [String] = []
        var drafts: [Entry] = []
        for (placeIndex, place) in located.enumerated() {
            let original = source.places[place.source]
            let (names, ownNameCount) = IndexedNames.keys(name: original.name, alternates: original.alternateNames)
            let ids = names.map { name in
                if let id = keyIDs[name] { return id }
                keyTexts.append(name)
                keyIDs[name] = keyTexts.count - 1
                return keyTexts.count - 1
            }
            let words = ids.indices.map { (name: $0, start: 0) } + IndexedNames.laterWords(of: names).map { (name: $0.key, start: $0.start) }
            let trusted = IndexedNames.trustedKeys(original.trustedNames)
            drafts += words.map { word in
                let flag =
                    word.name < ownNameCount
                    ? 0
                    : Format.Entry.alternateFlag | (trusted.contains(names[word.name]) ? Format.Entry.trustedFlag : 0)
                return Entry(
                    key: ids[word.name], wordStart: word.start, place: UInt32(placeIndex) | flag,
                    population: UInt32(clamping: original.weight), region: UInt16(clamping: place.region))
            }
        }
        let keyOffsets = layOutKeys(keyTexts)
        let keyLengths = keyTexts.map(\.utf8.count)
        keys.withUnsafeBufferPointer { blob in
            drafts.sort { a, b in
                let order = Self.compareSuffixes(
                    blob, keyOffsets[a.key] + a.wordStart, keyLengths[a.key] - a.wordStart,
                    keyOffsets[b.key] + b.wordStart, keyLengths[b.key] - b.wordStart)
                if order != 0 { return order < 0 }
                return (-Int(a.population), a.place & Format.Entry.placeMask, keyOffsets[a.key], a.place)
                    < (-Int(b.population), b.place & Format.Entry.placeMask, keyOffsets[b.key], b.place)
            }
        }
        for draft in drafts {
            entries.uint32(UInt32(keyOffsets[draft.key]))
            entries.uint32(draft.place)
            entries.uint32(draft.population)
            entries.uint16(draft.region)
            entries.uint8(UInt8(keyLengths[draft.key]))
            entries.uint8(UInt8(draft.wordStart))
        }
        entryCount = drafts.count
    }

    /// Writes the distinct keys in byte order; returns each key's offset, by key id.
    private mutating func layOutKeys(_ texts: [String]) -> [Int] {
        var offsets = [Int](repeating: 0, count: texts.count)
        let order = texts.indices.sorted { texts[$0].utf8.lexicographicallyPrecedes(texts[$1].utf8) }
        for id in order {
            offsets[id] = keys.count
            keys += texts[id].utf8
        }
        return offsets
    }

    private static func compareSuffixes(_ blob: UnsafeBufferPointer<UInt8>, _ a: Int, _ aLength: Int, _ b: Int, _ bLength: Int) -> Int {
        let common = min(aLength, bLength)
        if common > 0 {
            let order = memcmp(blob.baseAddress! + a, blob.baseAddress! + b, common)
            if order != 0 { return Int(order) }
        }
        return aLength - bLength
    }

    // MARK: Layout

    /// The whole file: header, then the sections in `Format.Section` order, each 8-byte aligned.
    func assemble(prefixes: [UInt8], ranked: [UInt8]) -> [UInt8] {
        let sections = [
            strings.bytes, countries.bytes, regions.bytes, places.bytes, cells.bytes, keys, entries.bytes, prefixes, ranked,
            zones.bytes, placeZones.bytes, details.bytes, notes.bytes,
        ]
        var offsets: [Int] = []
        var end = Format.headerSize
        for section in sections {
            end = (end + 7) / 8 * 8
            offsets.append(end)
            end += section.count
        }
        end = (end + 7) / 8 * 8
        var file = LittleEndianBytes()
        file.bytes.reserveCapacity(end)
        Format.magic.forEach { file.uint8($0) }
        file.uint32(Format.version)
        file.uint32(UInt32(sections.count))
        file.uint64(UInt64(end))
        file.uint32(0) // checksum, below
        file.uint32(0)
        for (offset, section) in zip(offsets, sections) {
            file.uint32(UInt32(offset))
            file.uint32(UInt32(section.count))
        }
        for (offset, section) in zip(offsets, sections) {
            file.bytes += [UInt8](repeating: 0, count: offset - file.bytes.count)
            file.bytes += section
        }
        file.align(to: 8)
        let checksum = file.bytes.withUnsafeBytes { Format.checksum(of: UnsafeRawBufferPointer(rebasing: $0[..<Format.headerSize])) }
        withUnsafeBytes(of: checksum.littleEndian) { file.bytes.replaceSubrange(Format.checksumOffset..<Format.checksumOffset + 4, with: $0) }
        return file.bytes
    }
}
