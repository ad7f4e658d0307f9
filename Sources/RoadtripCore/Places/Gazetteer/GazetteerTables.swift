/// The sections of a place index, found through its header and checked against the file's length.
/// This is all the work a load does: apart from the small cell table, no record is read until a
/// search needs it.
struct GazetteerTables {
    typealias Format = GazetteerFormat

    let strings: ByteSlice
    let countries: ByteSlice
    let regions: ByteSlice
    let places: ByteSlice
    let cells: ByteSlice
    let keys: ByteSlice
    let entries: ByteSlice
    let prefixes: ByteSlice
    let ranked: ByteSlice
    let zones: ByteSlice
    let placeZones: ByteSlice
    let details: ByteSlice
    /// Empty in a file of version 4, which has none.
    let notes: ByteSlice

    var countryCount: Int { countries.count / Format.Country.size }
    var regionCount: Int { regions.count / Format.Region.size }
    var placeCount: Int { places.count / Format.Place.size }
    var entryCount: Int { entries.count / Format.Entry.size }
    var prefixCount: Int { prefixes.count / Format.Prefix.size }
    var zoneCount: Int { zones.count / Format.Zone.size }

    init(_ file: ByteSlice, path: String) throws(GazetteerError) {
        let sectionCount = try Self.checkHeader(file, path: path)
        var sections: [ByteSlice] = []
        for section in Format.Section.allCases.prefix(sectionCount) {
            sections.append(try Self.section(section, of: file, headerSize: Format.headerSize(sections: sectionCount), path: path))
        }
        (strings, countries, regions, places, cells) = (sections[0], sections[1], sections[2], sections[3], sections[4])
        (keys, entries, prefixes, ranked) = (sections[5], sections[6], sections[7], sections[8])
        (zones, placeZones, details) = (sections[9], sections[10], sections[11])
        notes = sections.count > Format.Section.notes.rawValue ? sections[Format.Section.notes.rawValue] : ByteSlice(base: file.base, count: 0)
        guard cellsAreInOrder else { throw .damaged(path: path, detail: "its cell table is out of order") }
        // Lengths only, from the header: the zone of a place is read when the place is.
        guard placeZones.count == placeCount * Format.PlaceZone.size else {
            throw .damaged(path: path, detail: "its time zone table does not match its places")
        }
        guard details.count == placeCount * Format.Detail.size else {
            throw .damaged(path: path, detail: "its table of kinds does not match its places")
        }
    }

    /// The one table read at load (260 KB): a nearest-place search trusts each cell's range of
    /// places, and garbage there could make it scan all places for every cell.
    private var cellsAreInOrder: Bool {
        var previous: UInt32 = 0
        for cell in 0...Format.cellCount {
            let start = cells.uint32(cell * 4)
            guard start >= previous else { return false }
            previous = start
        }
        return Int(previous) == placeCount
    }

    /// Checks the header; returns how many sections the file's version has.
    private static func checkHeader(_ file: ByteSlice, path: String) throws(GazetteerError) -> Int {
        guard file.count >= Format.headerSize(sections: Format.sectionCount(ofVersion: Format.oldestReadableVersion)),
            Array(file.bytes(0, Format.magic.count)) == Format.magic
        else { throw .notThisKind(path: path) }
        let version = file.uint32(8)
        guard (Format.oldestReadableVersion...Format.version).contains(version) else {
            throw .wrongVersion(path: path, found: version, expected: Format.version)
        }
        let sectionCount = Format.sectionCount(ofVersion: version), headerSize = Format.headerSize(sections: sectionCount)
        guard Int(file.uint32(12)) == sectionCount, file.count >= headerSize,
            file.uint32(Format.checksumOffset) == Format.checksum(of: file.bytes(0, headerSize))
        else { throw .damaged(path: path, detail: "its header does not add up") }
        let length = file.uint64(16)
        guard length == UInt64(file.count) else {
            throw .truncated(path: path, expectedBytes: Int(clamping: length), actualBytes: file.count)
        }
        return sectionCount
    }

    private static func section(_ section: Format.Section, of file: ByteSlice, headerSize: Int, path: String) throws(GazetteerError) -> ByteSlice {
        let entry = Format.sectionTableOffset + 8 * section.rawValue
        let offset = Int(file.uint32(entry)), length = Int(file.uint32(entry + 4))
        guard offset >= headerSize, offset % 8 == 0,
            let slice = file.slice(offset: offset, length: length),
            length % recordSize(of: section) == 0
        else { throw .damaged(path: path, detail: "its \(section) section lies outside the file") }
        if section == .cells, length != (Format.cellCount + 1) * 4 {
            throw .damaged(path: path, detail: "its cell table has the wrong size")
        }
        return slice
    }

    private static func recordSize(of section: Format.Section) -> Int {
        switch section {
        case .strings, .keys: return 1
        case .countries: return Format.Country.size
        case .regions: return Format.Region.size
        case .places: return Format.Place.size
        case .cells: return 4
        case .entries: return Format.Entry.size
        case .prefixes: return Format.Prefix.size
        case .ranked: return Format.Ranked.size
        case .zones: return Format.Zone.size
        case .placeZones: return Format.PlaceZone.size
        case .details: return Format.Detail.size
        case .notes: return Format.Note.size
        }
    }
}

extension GazetteerTables {
    /// Where place `index` is, read from its record.
    func coordinate(ofPlace index: Int) -> Coordinate {
        let record = index * Format.Place.size
        return Coordinate(
            latitude: Double(places.int32(record + Format.Place.latitude)) / Format.coordinateScale,
            longitude: Double(places.int32(record + Format.Place.longitude)) / Format.coordinateScale)
    }

    /// What place `index` is; a kind this program does not know (a newer file) reads as a feature.
    func kind(ofPlace index: Int) -> PlaceKind {
        PlaceKind(rawValue: details.uint8(index * Format.Detail.size + Format.Detail.kind)) ?? .physicalFeature
    }

    /// The elevation of place `index` in meters, when known.
    func elevation(ofPlace index: Int) -> Int? {
        let raw = Int16(bitPattern: details.uint16(index * Format.Detail.size + Format.Detail.elevation))
        return raw == Format.Detail.unknownElevation ? nil : Int(raw)
    }

    /// The details of place `index`, when it has any: a binary search of the notes, whose place
    /// indexes rise (in a damaged file, the search finds a wrong note or none, and stays in them).
    func details(ofPlace index: Int) -> PlaceDetails? {
        var (low, high) = (0, notes.count / Format.Note.size)
        while low < high {
            let middle = (low + high) / 2
            let place = Int(notes.uint32(middle * Format.Note.size + Format.Note.place))
            if place == index { return PlaceDetails(storedText: notes.string(at: middle * Format.Note.size + Format.Note.text, in: strings)) }
            if place < index { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The IANA time zone of place `index`; empty when unknown, and when the stored zone index lies
    /// beyond the zones (a damaged file), so that no read strays outside the zones section.
    func timeZone(ofPlace index: Int) -> String {
        let zone = Int(placeZones.uint16(index * Format.PlaceZone.size))
        guard zone < zoneCount else { return "" }
        return zones.string(at: zone * Format.Zone.size + Format.Zone.name, in: strings)
    }
}
