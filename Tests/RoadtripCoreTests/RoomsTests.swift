import Foundation
import RoadtripTestSupport
import Testing

/// RoadtripCore's rooms, the folders directly under Sources/RoadtripCore, and which rooms each may
/// use: the architecture of the core, one room a line, each naming the rooms just beneath it (it
/// may use those and whatever they may use). One module, so the compiler does not hold these lines;
/// this test does: a file that names a type or function declared in a room its own may not use fails.
@Suite("RoadtripCore's rooms")
struct RoomsTests {
    static let beneath: KeyValuePairs<String, [String]> = [
        // What the front ends print: stop counts, routes, the summary line, settings as typed.
        "Text": ["Planning", "Links"],
        // The itinerary, sunrise and sunset, the optimized order, what lies along the road.
        "Planning": ["Places"],
        // Directions links for Google Maps, OpenStreetMap and Apple Maps.
        "Links": ["Places"],
        // The gazetteer and its search, the place library, what the user typed (coordinates, a place).
        "Places": ["Map"],
        // The basemap (its borders tell a point's country), the viewport, the renderer.
        "Map": ["Routing", "Resources"],
        // A trip's legs: what an engine gives, the estimate, the road graph and its matrix.
        "Routing": ["Driving", "Resources"],
        // How a leg on roads is driven: profiles, curve speeds, a leg timed point by point.
        "Driving": ["Geodesy"],
        // The Earth: the ellipsoid's geodesics, the one spherical distance, the great circle.
        "Geodesy": ["Entities"],
        // Trips, stops, coordinates, settings and their days and times, the distance unit.
        "Entities": ["Support"],
        // The resource files found, memory-mapped bytes, a resource loaded on first use.
        "Resources": ["Support"],
        // Helpers that know nothing of trips: fixed decimals, deterministic JSON, a seeded random.
        "Support": [],
    ]

    /// The rooms `room` may use: those beneath it, and theirs, down to the floor.
    static func mayUse(_ room: String) -> Set<String> {
        var found: Set<String> = [], queue = beneathOf(room)
        while let next = queue.popLast() {
            if found.insert(next).inserted { queue += beneathOf(next) }
        }
        return found
    }

    static func beneathOf(_ room: String) -> [String] {
        beneath.first { $0.key == room }?.value ?? []
    }

    static let core = TestsFolder.url.deletingLastPathComponent().appendingPathComponent("Sources/RoadtripCore")

    @Test("the rooms are the core's folders, with no loose file beside them, and none is beneath itself")
    func theTableIsTheTree() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.core.path).filter { !$0.hasPrefix(".") }
        #expect(names.filter { $0.hasSuffix(".swift") }.isEmpty, "loose files in RoadtripCore: put each in a room")
        #expect(Set(names.filter { !$0.hasSuffix(".swift") }) == Set(Self.beneath.map(\.key)))
        for (room, under) in Self.beneath {
            #expect(!Self.mayUse(room).contains(room), "\(room) is beneath itself: the table has a cycle")
            #expect(under.allSatisfy { Self.beneath.map(\.key).contains($0) }, "\(room) names a room that is not in the table")
        }
    }

    @Test("no room uses a room it may not")
    func noRoomUsesOneItMayNot() throws {
        let rooms = try Dictionary(uniqueKeysWithValues: Self.beneath.map { room, _ in (room, try Self.sources(in: room)) })
        let uses = RoomUses(rooms: rooms)
        #expect(uses.declaredCount > 150, "the scan found too few declarations to mean anything: \(uses.declaredCount)")
        for (room, _) in Self.beneath {
            let allowed = Self.mayUse(room)
            for use in uses.uses(from: room) where !allowed.contains(use.room) {
                Issue.record("\(use.file) uses \(use.name), declared in \(use.room), which \(room) may not use")
            }
        }
    }

    @Test("the scan sees names in code, not in comments or strings, and extension members by their call")
    func theScanReadsCodeOnly() {
        let uses = RoomUses(rooms: [
            "Low": [
                (
                    "Low/Lamp.swift",
                    "package struct Lamp {}\nextension String {\n    package func lit(by lamp: Lamp) -> String { self }\n    private var dim: Int { 0 }\n}\n"
                )
            ],
            "Plain": [("Plain/Words.swift", "/* Lamp */ // Lamp\nlet a = \"Lamp \\(count)\"\nlet b = \"\"\"\n Lamp\n\"\"\"\nlet c = name.lit(0).dim\n")],
            "Lit": [("Lit/Room.swift", "let a = \"on: \\(Lamp.self)\"\n")],
            "Call": [("Call/Room.swift", "let b = \"x\".lit(by: nil)\n")],
        ])
        #expect(uses.uses(from: "Plain").isEmpty)
        #expect(uses.uses(from: "Lit").map(\.name) == ["Lamp"])
        #expect(uses.uses(from: "Call").map(\.name) == [".lit(by:"])
    }

    /// The Swift files of `room`, as (path inside RoadtripCore, text).
    static func sources(in room: String) throws -> [(String, String)] {
        let folder = core.appendingPathComponent(room)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.sorted().map { ("\(room)/\($0)", try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }
}

/// Which rooms each room's files use. A room declares the types and functions written at the start
/// of a line of its files (`struct`, `class`, `enum`, `protocol`, `typealias`, `actor`, `func`; not
/// private ones), and the members of its extensions of types it does not declare (a member
/// `fixed(_:)` of Double is found as `.fixed(`, `init(place:)` of Stop as `Stop(place:`). A file uses
/// such a name when it writes it as a whole word (a member: as a call) outside comments and
/// strings; a member declared in two rooms is left out, as its call does not tell them apart.
struct RoomUses {
    struct Use: Equatable {
        let file: String
        let name: String
        let room: String
    }

    private var types: [String: String] = [:]
    private var members: [String: Set<String>] = [:]
    private var code: [String: [(file: String, text: String)]] = [:]

    var declaredCount: Int { types.count + members.count }

    init(rooms: [String: [(String, String)]]) {
        for (room, files) in rooms {
            code[room] = files.map { (file: $0.0, text: Self.codeOnly($0.1)) }
        }
        var declaredBy: [String: String] = [:]
        for (room, files) in code {
            for file in files {
                for line in file.text.split(separator: "\n") {
                    if let name = Self.declaredName(line) { declaredBy[name] = room }
                }
            }
        }
        types = declaredBy
        for (room, files) in code {
            for file in files {
                for call in Self.extensionCalls(in: file.text, skipping: { declaredBy[$0] == room }) {
                    members[call, default: []].insert(room)
                }
            }
        }
    }

    /// The uses `room`'s files make of names declared in other rooms, once each per file and name.
    func uses(from room: String) -> [Use] {
        var result: [Use] = []
        for file in code[room] ?? [] {
            var words = Set<Substring>()
            var word = file.text.startIndex
            var index = word
            while index < file.text.endIndex {
                let character = file.text[index]
                if !Self.isNamePart(character) {
                    if word < index { words.insert(file.text[word..<index]) }
                    word = file.text.index(after: index)
                }
                index = file.text.index(after: index)
            }
            if word < index { words.insert(file.text[word..<index]) }
            for name in words.map(String.init).sorted() {
                if let owner = types[name], owner != room { result.append(Use(file: file.file, name: name, room: owner)) }
            }
            for (call, owners) in members.sorted(by: { $0.key < $1.key }) where owners.count == 1 {
                guard let owner = owners.first, owner != room, Self.calls(file.text, call) else { continue }
                result.append(Use(file: file.file, name: call, room: owner))
            }
        }
        return result
    }

    /// Whether `text` has `call`: a member call (`.fixed(`, `.label(by:`) as written, or a property
    /// (`.formatted`) not followed by more of a name.
    private static func calls(_ text: String, _ call: String) -> Bool {
        var rest = text[...]
        while let found = rest.range(of: call) {
            rest = text[found.upperBound...]
            if call.first != ".", let before = text[..<found.lowerBound].last, isNamePart(before) { continue }
            if call.hasSuffix("(") || call.hasSuffix(":") { return true }
            guard let next = rest.first else { return true }
            if !isNamePart(next), next != "(" { return true }
        }
        return false
    }

    private static func isNamePart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static let introducers: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "actor", "func"]
    private static let modifiers: Set<Substring> = ["package", "public", "internal", "final", "indirect", "static", "mutating", "nonisolated"]

    /// The name a line at the top level declares, if it declares one others can see.
    static func declaredName(_ line: Substring) -> String? {
        guard let first = line.first, first.isLetter else { return nil }
        let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        guard let at = words.firstIndex(where: { !modifiers.contains($0) }), introducers.contains(words[at]),
            words[..<at].allSatisfy({ $0 != "private" && $0 != "fileprivate" }), at + 1 < words.count
        else { return nil }
        return String(words[at + 1])
    }

    /// The calls of the members of `text`'s extensions of types `skipping` does not skip (types
    /// declared in the file's own room): `.name(label:` for a function, `.name` for a property,
    /// `Type(label:` for an initializer with a labelled first parameter.
    static func extensionCalls(in text: String, skipping: (String) -> Bool) -> [String] {
        var result: [String] = []
        var extended: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("extension ") {
                let name = line.dropFirst("extension ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                extended = skipping(String(name)) ? nil : String(name)
                continue
            }
            if line.hasPrefix("}") { extended = nil }
            guard let type = extended, line.hasPrefix("    "), !line.hasPrefix("     ") else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" })
            guard let at = words.firstIndex(where: { !modifiers.contains($0) && !$0.hasPrefix("@") }),
                words[..<at].allSatisfy({ $0 != "private" && $0 != "fileprivate" })
            else { continue }
            let opening = line.firstIndex(of: "(").map { line.index(after: $0) }
            let label = opening.map { String(line[$0...].prefix(while: isNamePart)) } ?? ""
            let name = at + 1 < words.count ? String(words[at + 1]) : ""
            switch words[at] {
            case "func":
                result.append("." + name + "(" + (label == "_" || label.isEmpty ? "" : label + ":"))
            case "var", "let":
                result.append("." + name)
            case "init" where label != "_" && !label.isEmpty:
                result.append(type + "(" + label + ":")
            default:
                continue
            }
        }
        return result
    }

    /// `source` with its comments and the text of its string literals blanked out (interpolations
    /// kept: they are code), line breaks kept, so that only code is scanned.
    static func codeOnly(_ source: String) -> String {
        enum Mode { case code(depth: Int), string(multiline: Bool) }
        var modes: [Mode] = [.code(depth: 0)]
        var result = "", comment = 0, lineComment = false
        let characters = Array(source)
        var index = 0
        func starts(_ text: String) -> Bool {
            text.enumerated().allSatisfy { index + $0.offset < characters.count && characters[index + $0.offset] == $0.element }
        }
        while index < characters.count {
            let character = characters[index]
            if lineComment {
                if character == "\n" { lineComment = false; result.append("\n") }
                index += 1
                continue
            }
            if comment > 0 {
                if starts("*/") {
                    comment -= 1; index += 2
                } else if starts("/*") {
                    comment += 1; index += 2
                } else {
                    if character == "\n" { result.append("\n") }
                    index += 1
                }
                continue
            }
            switch modes[modes.count - 1] {
            case .code(let depth):
                if starts("//") { lineComment = true; index += 2; continue }
                if starts("/*") { comment = 1; index += 2; continue }
                if starts("\"\"\"") { modes.append(.string(multiline: true)); result += "\"\""; index += 3; continue }
                if character == "\"" { modes.append(.string(multiline: false)); result += "\"\""; index += 1; continue }
                if character == "(" { modes[modes.count - 1] = .code(depth: depth + 1) }
                if character == ")" {
                    if depth == 0, modes.count > 1 { modes.removeLast(); index += 1; continue }
                    modes[modes.count - 1] = .code(depth: depth - 1)
                }
                result.append(character)
                index += 1
            case .string(let multiline):
                if starts("\\(") { modes.append(.code(depth: 0)); result.append(" "); index += 2; continue }
                if character == "\\" { index += 2; continue }
                if multiline ? starts("\"\"\"") : character == "\"" { modes.removeLast(); index += multiline ? 3 : 1; continue }
                if character == "\n" { result.append("\n") }
                index += 1
            }
        }
        return result
    }
}
