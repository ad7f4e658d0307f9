import Foundation
import RoadtripCore
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
        try Self.write([Selection(expressions: expressions, output: output)], from: source, format: format, work: work, tools: tools)
    }

    /// One extract of several written from the same passes: the objects matching `expressions`
    /// and what they refer to, into `output` (PBF, or OPL text when its name ends in `.opl`);
    /// with no output, the objects matched are only told (`matched`), as for nodes whose own
    /// tags and place are all that is read of them.
    struct Selection {
        let expressions: [String]
        let output: String?
    }

    /// What is found for one selection as the passes go.
    private struct Found {
        var nodes: [Int64] = [], ways: [Int64] = [], relations = Set<Int64>()
        var kept: [Int64: [UInt8]] = [:]
    }

    /// Writes each of `selections` out of `source` (osmium's format `format`): one matching pass
    /// of osmium for all of them (`-R`, their expressions together; each object it finds goes to
    /// the selections whose expressions match it, `TagExpression`), then one pass over the
    /// relations, the ways and the nodes for all of them (issue 54: a country's places and roads
    /// each read the whole file, and its nodes, 240 MB of text at Andorra tiled 8 × 8, once each).
    /// `matched` is told each object a selection's expressions match (its index and OPL line), as
    /// the matching pass reads it.
    static func write(
        _ selections: [Selection], from source: String, format: String, work: URL, tools: ChildTools,
        matched: (Int, ArraySlice<UInt8>) -> Void = { _, _ in }
    ) throws {
        let filter = Passes(source: source, format: format, tools: tools)
        var found = [Found](repeating: Found(), count: selections.count)
        let tests = selections.map { $0.expressions.map(TagExpression.init) }
        var expressions: [String] = []
        for expression in selections.flatMap(\.expressions) where !expressions.contains(expression) { expressions.append(expression) }
        try tools.eachLine(
            of: "osmium", ["tags-filter", "-R", "-F", format, source, "-f", "opl,add_metadata=false", "-o", "-"] + expressions,
            input: source
        ) { line in
            guard let object = OPLObject(line) else { return }
            let tags = selections.count > 1 ? object.tags(in: line) : []
            for index in selections.indices where selections.count == 1 || tests[index].contains(where: { $0.matches(object.kind, tags) }) {
                matched(index, line)
                guard selections[index].output != nil else { continue }
                switch object.kind {
                case UInt8(ascii: "n"): found[index].nodes.append(object.id)
                case UInt8(ascii: "w"): found[index].ways.append(object.id)
                default: found[index].relations.insert(object.id)
                }
            }
        }
        let files = selections.indices.map { index in
            ["nodes", "ways", "relations"].map { work.appendingPathComponent("kept-\(index)-\($0).opl") }
        }
        defer { files.joined().forEach { try? FileManager.default.removeItem(at: $0) } }

        // Relations first: their members are more relations, ways and nodes to keep. A member
        // relation of a lower id than the one that names it takes one more pass; one that is not
        // in the extract, a pass that finds nothing new.
        var foundMore = true
        while found.contains(where: { $0.kept.count < $0.relations.count }) && foundMore {
            foundMore = false
            try filter.pass(over: "relation") { object, line in
                for index in found.indices where found[index].relations.contains(object.id) && found[index].kept[object.id] == nil {
                    found[index].kept[object.id] = Array(line)
                    foundMore = true
                    for (kind, id) in object.members(in: line) {
                        switch kind {
                        case UInt8(ascii: "n"): found[index].nodes.append(id)
                        case UInt8(ascii: "w"): found[index].ways.append(id)
                        default: found[index].relations.insert(id)
                        }
                    }
                }
            }
        }
        for index in found.indices {
            var relationText = OPLWriter(files[index][2].path)
            for id in found[index].kept.keys.sorted() { try relationText.append(found[index].kept[id]![...]) }
            try relationText.close()
        }

        var wayTexts = files.map { OPLWriter($0[1].path) }
        try filter.keep(found.map(\.ways), of: "way", into: &wayTexts) { index, object, line in found[index].nodes.append(contentsOf: object.nodes(in: line)) }
        for index in wayTexts.indices { try wayTexts[index].close() }
        var nodeTexts = files.map { OPLWriter($0[0].path) }
        try filter.keep(found.map(\.nodes), of: "node", into: &nodeTexts) { _, _, _ in }
        for index in nodeTexts.indices { try nodeTexts[index].close() }

        for (index, selection) in selections.enumerated() {
            guard let output = selection.output else { continue }
            if output.hasSuffix(".opl") {
                try joinText(files[index], into: output)
            } else {
                try tools.run("osmium", ["cat", "-F", "opl"] + files[index].map(\.path) + ["-o", output, "--overwrite"])
            }
        }
    }

    /// The nodes', ways' and relations' OPL files as one, in that order: a file osmium reads as it
    /// reads one it wrote (issue 54: an extract that osmium reads once more need not be written
    /// as PBF first).
    private static func joinText(_ parts: [URL], into output: String) throws {
        guard FileManager.default.createFile(atPath: output, contents: nil), let joined = FileHandle(forWritingAtPath: output) else {
            throw RegionError.cannotWrite(path: output, reason: "it could not be created")
        }
        defer { try? joined.close() }
        for part in parts where FileManager.default.fileExists(atPath: part.path) {
            try joined.write(contentsOf: try Data(contentsOf: part, options: .alwaysMapped))
        }
    }

    /// The passes of osmium over one kind of object of the source.
    struct Passes {
        let source: String, format: String, tools: ChildTools

        /// Objects of `kind` whose ids are in `wanted[i]` (in any order, repeated or not), written
        /// to `texts[i]`; `found` is told each, with `i`.
        func keep(
            _ wanted: [[Int64]], of kind: String, into texts: inout [OPLWriter],
            found: (Int, OPLObject, ArraySlice<UInt8>) -> Void
        ) throws {
            let wanted = wanted.map(Self.sortedOnce)
            guard wanted.contains(where: { !$0.isEmpty }) else { return }
            var next = wanted.map(\.startIndex)
            try pass(over: kind) { object, line in
                for index in wanted.indices {
                    while next[index] < wanted[index].endIndex && wanted[index][next[index]] < object.id { next[index] += 1 }
                    guard next[index] < wanted[index].endIndex, wanted[index][next[index]] == object.id else { continue }
                    try texts[index].append(line)
                    found(index, object, line)
                }
            }
        }

        /// `ids` sorted, each once: sorted first, then the repeats dropped in place (a set of a
        /// country's millions of node ids took seconds to build; issue 54).
        static func sortedOnce(_ ids: [Int64]) -> [Int64] {
            var ids = ids
            ids.sort()
            var kept = 0
            for index in ids.indices where kept == 0 || ids[index] != ids[kept - 1] {
                ids[kept] = ids[index]
                kept += 1
            }
            ids.removeLast(ids.count - kept)
            return ids
        }

        /// Every object of `kind` in the source, in id order.
        func pass(over kind: String, _ each: (OPLObject, ArraySlice<UInt8>) throws -> Void) throws {
            try tools.eachLine(of: "osmium", ["cat", "-t", kind, "-F", format, source, "-f", "opl,add_metadata=false", "-o", "-"], input: source) { line in
                if let object = OPLObject(line) { try each(object, line) }
            }
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
            let id = Self.number(line.dropFirst().prefix { $0 != UInt8(ascii: " ") })
        else { return nil }
        (kind, self.id) = (first, id)
    }

    /// A way's nodes (its `N` field: `Nn1,n2`).
    func nodes(in line: ArraySlice<UInt8>) -> [Int64] {
        Self.list(UInt8(ascii: "N"), in: line).compactMap { Self.number($0.dropFirst()) }
    }

    /// An object's tags (its `T` field: `Thighway=primary,name=A%20%road`), keys and values as
    /// OPL escapes them.
    func tags(in line: ArraySlice<UInt8>) -> [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] {
        Self.list(UInt8(ascii: "T"), in: line).map { tag in
            let equals = tag.firstIndex(of: UInt8(ascii: "=")) ?? tag.endIndex
            return (tag[..<equals], tag[equals...].dropFirst())
        }
    }

    /// A relation's members (its `M` field: `Mn1@stop,w2@,r3@outer`), by kind and id.
    func members(in line: ArraySlice<UInt8>) -> [(kind: UInt8, id: Int64)] {
        Self.list(UInt8(ascii: "M"), in: line).compactMap { member in
            guard let kind = member.first, let id = Self.number(member.dropFirst().prefix { $0 != UInt8(ascii: "@") }) else { return nil }
            return (kind, id)
        }
    }

    /// A node's place (its `x` and `y` fields: longitude and latitude); nil without them.
    func coordinate(in line: ArraySlice<UInt8>) -> Coordinate? {
        let fields = line.split(separator: UInt8(ascii: " "))
        func field(_ name: UInt8) -> Double? {
            fields.first { $0.first == name }.flatMap { Double(String(decoding: $0.dropFirst(), as: UTF8.self)) }
        }
        guard let longitude = field(UInt8(ascii: "x")), let latitude = field(UInt8(ascii: "y")) else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
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

/// One `osmium tags-filter` expression of the two forms the import writes, `nwr/key` (any value)
/// and `w/key=value,value`: which of several selections an object of their shared matching pass
/// belongs to. osmium has checked the expressions before any object reaches this; one of another
/// form (a wildcard, a negation) matches nothing here.
struct TagExpression {
    /// `n`, `w` and `r`: the kinds of objects the expression is about.
    let kinds: [UInt8]
    let key: [UInt8]
    /// nil: any value.
    let values: Set<[UInt8]>?

    init(_ expression: String) {
        let text = Array(expression.utf8)
        let slash = text.firstIndex(of: UInt8(ascii: "/")) ?? text.startIndex
        kinds = Array(text[..<slash])
        let test = text[slash...].dropFirst()
        let equals = test.firstIndex(of: UInt8(ascii: "=")) ?? test.endIndex
        key = Array(test[..<equals])
        values = equals == test.endIndex ? nil : Set(test[equals...].dropFirst().split(separator: UInt8(ascii: ",")).map(Array.init))
    }

    /// Whether an object of `kind` (`n`, `w` or `r`) with `tags` (as OPL writes them) matches.
    func matches(_ kind: UInt8, _ tags: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]) -> Bool {
        kinds.contains(kind)
            && tags.contains { tag in
                tag.key.elementsEqual(key) && (values.map { $0.contains(Array(tag.value)) } ?? true)
            }
    }
}
