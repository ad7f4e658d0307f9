/// The layout of `gazetteer.bin`, shared by the writer (`GazetteerWriter`) and the reader
/// (`Gazetteer`). Little-endian throughout; every section starts on an 8-byte boundary.
///
/// The file is used in place, memory-mapped: loading reads the header and the cell table only, so
/// it costs about the same for any number of places. Nothing else in a section is trusted: every
/// read is checked against its section, so a damaged file gives wrong answers at worst, never a
/// read out of bounds.
///
///     header   magic "RTGAZIDX", version, file length, header checksum, section table
///     strings  UTF-8 text the records point into (names, regions, countries, their keys)
///     countries, regions, places      fixed-size records (below)
///     cells    first place of each 1° cell (places are ordered by cell), plus the end
///     keys     the folded names (`SearchText.key`), each distinct key once, sorted
///     entries  one per indexed (name, word of it), sorted by the key from that word on
///     prefixes, ranked   best places for each prefix with very many entries (`TopLists`)
///     zones    the IANA time zones of the places ("America/Boise"), each distinct one once, sorted
///     placeZones   one UInt16 per place, in place order: its index in zones (`PlaceZone.unknown`: none)
///     details  one `Detail` per place, in place order: what it is (`PlaceKind`) and its elevation
///     notes    one `Note` per place that has `PlaceDetails` (opening hours, brand…), by place index
///
/// Version 3 added the two zone sections. The zone index has a section of its own rather than a
/// wider place record: the 24-byte record has no spare bytes, and growing it to the next aligned
/// size (28) would add 4 bytes a place, where this array adds 2, and would thin out the records a
/// nearest-place search reads for every place of each cell it visits. The array is read only when
/// a result becomes a `Place`; loading checks only its length against the places. Version 4 added
/// `details` the same way, for the kinds of place that regions and natural features brought.
/// Version 5 added `notes` (issue 37), and the kinds of place from `.fuel` on, which a reader of
/// version 4 would show as features: it refuses the file instead. Notes are few (a region's fuel
/// stations, restaurants, hotels; no town of the built-in index has any), so they are a sorted
/// list of the places that have them, found by a binary search when a result becomes a `Place`,
/// rather than a field of every place. A file of version 4 (the built-in index until it is made
/// again) reads as one without notes: its kinds mean what they meant.
package enum GazetteerFormat {
    package static let magic: [UInt8] = Array("RTGAZIDX".utf8)
    package static let version: UInt32 = 5
    /// The oldest version read, and the sections it has (the first ones of `Section`).
    package static let oldestReadableVersion: UInt32 = 4
    package static func sectionCount(ofVersion version: UInt32) -> Int {
        version == 4 ? Section.notes.rawValue : Section.allCases.count
    }

    package enum Section: Int, CaseIterable {
        case strings, countries, regions, places, cells, keys, entries, prefixes, ranked, zones, placeZones, details, notes
    }

    /// magic (8), version (4), section count (4), file length (8), header checksum (4), padding (4),
    /// then (offset, length) as two UInt32 per section.
    package static let sectionTableOffset = 32
    package static var headerSize: Int { headerSize(sections: Section.allCases.count) }
    package static func headerSize(sections: Int) -> Int { sectionTableOffset + 8 * sections }
    package static let checksumOffset = 24

    /// Latitude rows × longitude columns of the spatial index.
    package static let cellRows = 180
    package static let cellColumns = 360
    package static var cellCount: Int { cellRows * cellColumns }

    /// Coordinates are stored as integers of 10⁻⁵ degree (about a meter), as GeoNames gives them.
    package static let coordinateScale = 100_000.0

    /// Record sizes and field offsets. A string reference is (offset into strings, length), UInt32 each.
    package enum Country {
        package static let size = 20
        package static let code = 0 // 2 ASCII bytes
        package static let name = 4 // string reference
        package static let key = 12 // string reference: SearchText.key of the name
    }

    package enum Region {
        package static let size = 28
        package static let country = 0 // UInt32 country index
        package static let name = 4 // string reference ("California"), may be empty
        package static let code = 12 // string reference ("CA", "ON", "NSW", else the GeoNames code)
        package static let key = 20 // string reference: SearchText.key of the name
    }

    package enum Place {
        package static let size = 24
        package static let nameOffset = 0 // UInt32 into strings
        package static let latitude = 4 // Int32, 10⁻⁵ degree
        package static let longitude = 8 // Int32
        package static let population = 12 // UInt32
        package static let region = 16 // UInt16 region index
        package static let nameLength = 18 // UInt16
        package static let geonameID = 20 // UInt32
    }

    package enum Entry {
        package static let size = 16
        package static let keyOffset = 0 // UInt32 into keys: the whole key
        package static let place = 4 // UInt32 place index, `alternateFlag` for an alternate name,
        // and `trustedFlag` for one that is a trusted common name
        package static let population = 8 // UInt32, the place's, so ranking reads no place record
        package static let region = 12 // UInt16, the place's, so a qualifier reads no place record
        package static let keyLength = 14 // UInt8
        package static let wordStart = 15 // UInt8: where in the key the indexed word begins
        package static let alternateFlag: UInt32 = 1 << 31
        /// An alternate name that GeoNames gives the place in some language ("Cologne" for Köln),
        /// as opposed to a historic, misspelt or merely borrowed one ("Monterey" for Monterrey).
        package static let trustedFlag: UInt32 = 1 << 30
        package static let placeMask: UInt32 = (1 << 28) - 1
    }

    /// A time zone: its IANA identifier, a string reference.
    package enum Zone {
        package static let size = 8
        package static let name = 0
    }

    /// A place's time zone: a UInt16 index into zones, at `2 × place index` in placeZones.
    package enum PlaceZone {
        package static let size = 2
        /// The place has no known zone (GeoNames left it empty).
        package static let unknown = UInt16.max
    }

    /// What a place is, at `4 × place index` in details.
    package enum Detail {
        package static let size = 4
        package static let kind = 0 // UInt8 `PlaceKind` raw value
        package static let elevation = 2 // Int16 meters, `unknownElevation` when not known
        package static let unknownElevation = Int16.min
    }

    /// The details of a place (`PlaceDetails.storedText`), in notes sorted by place index.
    package enum Note {
        package static let size = 12
        package static let place = 0 // UInt32 place index
        package static let text = 4 // string reference
    }

    /// A prefix with a ranked list: its bytes (in keys), and its slice of `ranked`.
    package enum Prefix {
        package static let size = 12
        package static let keyOffset = 0 // UInt32 into keys
        package static let rankedStart = 4 // UInt32 index into ranked
        package static let length = 8 // UInt16
        package static let rankedCount = 10 // UInt16
    }

    /// A ranked place: place index in the low 27 bits, whether the name matched is a trusted
    /// alternate in the next, match quality in the three after, and whether the name matched
    /// was an alternate one in the top bit.
    package enum Ranked {
        package static let size = 4
        package static let trustedFlag: UInt32 = 1 << 27
        package static let qualityShift: UInt32 = 28
        package static let qualityMask: UInt32 = 0b111
        package static let alternateFlag: UInt32 = 1 << 31
        package static let placeMask: UInt32 = (1 << 27) - 1
    }

    /// Longest key indexed, in UTF-8 bytes (entries store lengths in a byte).
    package static let maximumKeyLength = 120

    /// FNV-1a over the header with its checksum field zeroed: garbage with the right magic and
    /// plausible numbers is still refused.
    package static func checksum(of header: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for (index, byte) in header.enumerated() {
            let value = (checksumOffset..<checksumOffset + 4).contains(index) ? 0 : byte
            hash = (hash ^ UInt32(value)) &* 16_777_619
        }
        return hash
    }
}
