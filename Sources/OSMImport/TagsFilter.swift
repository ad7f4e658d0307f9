import Foundation
import RoadtripRegions

/// What `osmium tags-filter` writes without `-R`: the objects of an extract that match its
/// expressions and every object they refer to (a way's nodes, a relation's members, and theirs,
/// to any depth), in about the memory of what is kept.
///
/// `tags-filter` marks the ids it has to add in a dense set of bits, 4 MB for every span of 32
/// million ids that holds one; the ids of a small extract spread over the 12 billion node ids
/// of today's OpenStreetMap, so the Helsinki test extract cost 780 MB and Andorra's 250 MB
/// (issue 41). Here osmium only matches (`-R`, which keeps no set) and then reads the relations,
/// the ways and the nodes back as OPL text, one kind a pass and each in id order (the import
/// sorts an extract that is not); the ids to keep are sorted arrays walked beside each pass,
/// 8 bytes an id. The objects kept go to OPL files of the work folder, which osmium then writes
/// as one file (without the objects' versions, times and authors, which nothing reads).
struct TagsFilter {
    let source: String
    /// osmium's name for the source's format (`-F`).
    let format: String
    let expressions: [String]

    /// Writes the objects to `output` (its format by its name), using `work` for the OPL files.
    func write(to output: String, work: URL, tools: ChildTools) throws {
        var nodes: [Int64] = [], ways: [Int64] = [], relations = Set<Int64>()
        try tools.eachLine(of: "osmium", ["tags-filter", "-R", "-F", format, source, "-f", "opl,add_metadata=false", "-o", "-"] + expressions,
                           input: source) { line in
            guard let object = OPLObject(line) else { return }
            switch object.kind {
            case UInt8(ascii: "n"): nodes.append(object.id)
            case UInt8(ascii: "w"): ways.append(object.id)
            default: relations.insert(object.id)
            }
        }
        let files = ["nodes", "ways", "relations"].map { work.appendingPathComponent("kept-\($0).opl") }
        defer { files.forEach { try? FileManager.default.removeItem(at: $0) } }

        // Relations first: their members are more relations, ways and nodes to keep. A member
        // relation of a lower id than the one that names it takes one more pass; one that is not
        // in the extract, a pass that finds nothing new.
        var kept: [Int64: [UInt8]] = [:]
        var foundMore = true
        while kept.count < relations.count && foundMore {
            foundMore = false
            try pass(over: "relation", tools: tools) { object, line in
                guard relations.contains(object.id), kept[object.id] == nil else { return }
                kept[object.id] = Array(line)
                foundMore = true
                for (kind, id) in object.members(in: line) {
                    switch kind {
                    case UInt8(ascii: "n"): nodes.append(id)
                    case UInt8(ascii: "w"): ways.append(id)
                    default: relations.insert(id)
                    }
                }
            }
        }
        var relationText = OPLWriter(files[2].path)
        for id in kept.keys.sorted() { try relationText.append(kept[id]![...]) }
        try relationText.close()

        var wayText = OPLWriter(files[1].path)
        try keep(ways, of: "way", into: &wayText, tools: tools) { object, line in nodes.append(contentsOf: object.nodes(in: line)) }
        try wayText.close()
        var nodeText = OPLWriter(files[0].path)
        try keep(nodes, of: "node", into: &nodeText, tools: tools) { _, _ in }
        try nodeText.close()

        try tools.run("osmium", ["cat", "-F", "opl"] + files.map(\.path) + ["-o", output, "--overwrite"])
    }

    /// Objects of `kind` whose ids are in `wanted` (in any order, repeated or not), written to
    /// `text`; `found` is told each.
    private func keep(_ wanted: [Int64], of kind: String, into text: inout OPLWriter, tools: ChildTools,
                      found: (OPLObject, ArraySlice<UInt8>) -> Void) throws {
        guard !wanted.isEmpty else { return }
        let wanted = Array(Set(wanted)).sorted()
        var next = wanted.startIndex
        try pass(over: kind, tools: tools) { object, line in
            while next < wanted.endIndex && wanted[next] < object.id { next += 1 }
            guard next < wanted.endIndex, wanted[next] == object.id else { return }
            try text.append(line)
            found(object, line)
        }
    }

    /// Every object of `kind` in the source, in id order.
    private func pass(over kind: String, tools: ChildTools, _ each: (OPLObject, ArraySlice<UInt8>) throws -> Void) throws {
        try tools.eachLine(of: "osmium", ["cat", "-t", kind, "-F", format, source, "-f", "opl,add_metadata=false", "-o", "-"], input: source) { line in
            if let object = OPLObject(line) { try each(object, line) }
        }
    }
}

/// The start of one line of OPL text (`w45 Thighway=primary Nn1,n2`): its kind and id, and its
/// references read from the rest on demand. OPL escapes spaces, commas and `@` in tags and
/// roles, so fields split on spaces and lists on commas.
struct OPLObject {
    /// `n`, `w` or `r`.
    let kind: UInt8
    let id: Int64

    init?(_ line: ArraySlice<UInt8>) {
        guard let first = line.first, [UInt8(ascii: "n"), UInt8(ascii: "w"), UInt8(ascii: "r")].contains(first),
              let id = Self.number(line.dropFirst().prefix { $0 != UInt8(ascii: " ") }) else { return nil }
        (kind, self.id) = (first, id)
    }

    /// A way's nodes (its `N` field: `Nn1,n2`).
    func nodes(in line: ArraySlice<UInt8>) -> [Int64] {
        Self.list(UInt8(ascii: "N"), in: line).compactMap { Self.number($0.dropFirst()) }
    }

    /// A relation's members (its `M` field: `Mn1@stop,w2@,r3@outer`), by kind and id.
    func members(in line: ArraySlice<UInt8>) -> [(kind: UInt8, id: Int64)] {
        Self.list(UInt8(ascii: "M"), in: line).compactMap { member in
            guard let kind = member.first, let id = Self.number(member.dropFirst().prefix { $0 != UInt8(ascii: "@") }) else { return nil }
            return (kind, id)
        }
    }

    private static func list(_ field: UInt8, in line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        guard let text = line.split(separator: UInt8(ascii: " ")).first(where: { $0.first == field }) else { return [] }
        return text.dropFirst().split(separator: UInt8(ascii: ","))
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        var negative = false
        for (offset, digit) in zip(digits.indices, digits) {
            if offset == digits.startIndex && digit == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value &* 10 &+ Int64(digit - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}

/// OPL lines written to a file through a buffer.
struct OPLWriter {
    private let path: String
    private var buffer: [UInt8] = []
    private var handle: FileHandle?

    init(_ path: String) {
        self.path = path
    }

    mutating func append(_ line: ArraySlice<UInt8>) throws {
        buffer.append(contentsOf: line)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func close() throws {
        try flush()
        try handle?.close()
        handle = nil
    }

    private mutating func flush() throws {
        if handle == nil {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw RegionError.cannotWrite(path: path, reason: "it could not be created")
            }
            handle = FileHandle(forWritingAtPath: path)
        }
        try handle?.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
