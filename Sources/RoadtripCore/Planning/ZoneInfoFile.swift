import Foundation

/// The names a zoneinfo (TZif, RFC 8536) file gives its local times: each transition, the local
/// time type it starts, and for the times past the last transition the footer's POSIX TZ string
/// ("GMT0BST,M3.5.0/1,M10.5.0"). Only what naming a zone needs is kept: abbreviations and DST flags.
struct ZoneInfoFile: Equatable, Sendable {
    struct LocalTimeType: Equatable, Sendable {
        let isDaylight: Bool
        let abbreviation: String
    }

    /// The footer's names: standard time's, and daylight time's when the zone has one.
    struct RuleNames: Equatable, Sendable {
        let standard: String
        let daylight: String?
    }

    /// Seconds since 1970 of each transition, ascending.
    let transitions: [Int64]
    /// The type each transition starts (an index into `types`).
    let typeIndices: [Int]
    let types: [LocalTimeType]
    let footer: RuleNames?

    /// The abbreviation in use `seconds` after 1970; `isDaylight` says whether daylight time is in
    /// force then, for the times the footer's rule covers. Nil when the file names nothing.
    func abbreviation(at seconds: Int64, isDaylight: () -> Bool) -> String? {
        guard let last = transitions.last, seconds < last else {
            // Past the last transition the footer's rule holds (RFC 8536 §3.3); with no footer
            // the last type goes on.
            if let footer { return isDaylight() ? footer.daylight ?? footer.standard : footer.standard }
            return typeIndices.last.map { types[$0].abbreviation } ?? types.first?.abbreviation
        }
        guard let first = transitions.first, seconds >= first else {
            // Before the first transition: the first type (RFC 8536 §3.2).
            return types.first?.abbreviation
        }
        // The last transition at or before `seconds`.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return types[typeIndices[low]].abbreviation
    }

    // MARK: Reading

    /// The file's contents read; nil when they are not a TZif file this reader understands (a
    /// short or damaged file is not trusted for any name).
    init?(data: Data) {
        var reader = ByteReader(bytes: [UInt8](data))
        guard let header = reader.header() else { return nil }
        var block = header
        var timeSize = 4
        if header.version >= 2 {
            // Version 2 and later repeat the data with 64-bit times after the version 1 block:
            // skip that block and read the second.
            guard reader.skip(header.blockSize(timeSize: 4)), let second = reader.header() else { return nil }
            block = second
            timeSize = 8
        }
        guard let data = reader.block(block, timeSize: timeSize) else { return nil }
        transitions = data.transitions
        typeIndices = data.typeIndices
        types = data.types
        footer = header.version >= 2 ? reader.footer().flatMap(Self.ruleNames) : nil
    }

    /// The names of a POSIX TZ string: "GMT0BST,M3.5.0/1,M10.5.0" → GMT and BST, "<-03>3" → -03.
    static func ruleNames(_ rule: String) -> RuleNames? {
        var rest = Substring(rule)
        guard let standard = name(&rest) else { return nil }
        guard skipOffset(&rest) else { return RuleNames(standard: standard, daylight: nil) }
        return RuleNames(standard: standard, daylight: name(&rest))
    }

    /// A zone name at the start of `text`: three or more letters, or anything in `<…>`.
    private static func name(_ text: inout Substring) -> String? {
        if text.first == "<" {
            guard let close = text.firstIndex(of: ">") else { return nil }
            let name = text[text.index(after: text.startIndex)..<close]
            text = text[text.index(after: close)...]
            return name.isEmpty ? nil : String(name)
        }
        let letters = text.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return nil }
        text = text.dropFirst(letters.count)
        return String(letters)
    }

    /// Skips "[+-]hh[:mm[:ss]]"; false when there is none.
    private static func skipOffset(_ text: inout Substring) -> Bool {
        if text.first == "+" || text.first == "-" { text = text.dropFirst() }
        let offset = text.prefix { $0.isASCII && ($0.isNumber || $0 == ":") }
        text = text.dropFirst(offset.count)
        return !offset.isEmpty
    }
}

/// A cursor over a TZif file's bytes; every read checks that the bytes are there.
private struct ByteReader {
    struct Header {
        let version: Int
        let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

        /// The length of the data block after this header.
        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    struct Block {
        let transitions: [Int64]
        let typeIndices: [Int]
        let types: [ZoneInfoFile.LocalTimeType]
    }

    let bytes: [UInt8]
    var position = 0

    /// "TZif", a version, 15 reserved bytes and six counts.
    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else { return nil }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        guard (1...9).contains(version) else { return nil }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = integer(size: 4), count >= 0 else { return nil }
            counts.append(Int(count))
        }
        let header = Header(
            version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
            timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        // RFC 8536 §3.1: at least one type, and the flags' counts zero or the types' count.
        guard header.typeCount > 0, header.characterCount > 0,
            [0, header.typeCount].contains(header.isUTCCount), [0, header.typeCount].contains(header.isStandardCount)
        else { return nil }
        return header
    }

    mutating func block(_ header: Header, timeSize: Int) -> Block? {
        guard bytes.count - position >= header.blockSize(timeSize: timeSize) else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let time = integer(size: timeSize), time >= (transitions.last ?? .min) else { return nil }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            let index = Int(bytes[position])
            guard index < header.typeCount else { return nil }
            typeIndices.append(index)
            position += 1
        }
        var raw: [(isDaylight: Bool, nameIndex: Int)] = []
        for _ in 0..<header.typeCount {
            // The offset (4 bytes) is Foundation's to give: only the flag and the name are kept.
            position += 4
            raw.append((bytes[position] != 0, Int(bytes[position + 1])))
            position += 2
        }
        let characters = bytes[position..<position + header.characterCount]
        position += header.characterCount
        var types: [ZoneInfoFile.LocalTimeType] = []
        for (isDaylight, nameIndex) in raw {
            guard nameIndex < characters.count else { return nil }
            let start = characters.startIndex + nameIndex
            let end = characters[start...].firstIndex(of: 0) ?? characters.endIndex
            types.append(.init(isDaylight: isDaylight, abbreviation: String(decoding: characters[start..<end], as: UTF8.self)))
        }
        position += header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount
        return Block(transitions: transitions, typeIndices: typeIndices, types: types)
    }

    /// The footer: a TZ string between two newlines (empty when the file has none).
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else { return nil }
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")), end > start else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    mutating func skip(_ count: Int) -> Bool {
        guard bytes.count - position >= count else { return false }
        position += count
        return true
    }

    /// A big-endian two's-complement integer of 4 or 8 bytes.
    mutating func integer(size: Int) -> Int64? {
        guard bytes.count - position >= size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        position += size
        if size == 4 { return Int64(Int32(truncatingIfNeeded: value)) }
        return Int64(bitPattern: value)
    }
}
