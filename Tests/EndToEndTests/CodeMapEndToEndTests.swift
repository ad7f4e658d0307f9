import Foundation
import Testing

/// The code map (docs/architecture.md, "The code map") tells the truth: every folder and
/// file it names is there, every target and tool of the package is on it, and a count of files
/// it gives is the count in the folder (issue 26).
@Suite("the code map")
struct CodeMapEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One line of the map that names a path, with what it says of it (continuation lines joined).
    struct Entry {
        let path: String
        var text: String
    }

    /// The entries of the map: a path at an indentation of at most 20 columns, then its
    /// description; lines indented further continue the description above.
    static func entries() throws -> [Entry] {
        let architecture = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(architecture.range(of: "\n## The code map\n"))
        let rest = architecture[section.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        var entries: [Entry] = []
        var parents: [(indent: Int, path: String)] = []
        for line in rest[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let words = line.dropFirst(indent).split(separator: " ", maxSplits: 1)
            guard let token = words.first.map(String.init) else { continue }
            if indent > 20 {
                if !entries.isEmpty { entries[entries.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces) }
                continue
            }
            while let last = parents.last, last.indent >= indent { parents.removeLast() }
            let path = (parents.last?.path ?? "") + token
            entries.append(Entry(path: path, text: words.count > 1 ? String(words[1]).trimmingCharacters(in: .whitespaces) : ""))
            if token.hasSuffix("/") { parents.append((indent, path)) }
        }
        return entries
    }

    /// The names in `folder` (files and folders), none hidden.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    @Test("every folder and file the map names exists")
    func everyPathExists() throws {
        let entries = try Self.entries()
        #expect(entries.count > 30, "the map was not found: \(entries.map(\.path))")
        for entry in entries {
            if entry.path.contains("*") {
                let folder = (entry.path as NSString).deletingLastPathComponent, pattern = (entry.path as NSString).lastPathComponent
                let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
                #expect(Self.names(in: folder).contains { $0.hasPrefix(parts[0]) && $0.hasSuffix(parts[parts.count - 1]) }, "the map names \(entry.path); nothing matches")
            } else {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(entry.path).path), "the map names \(entry.path), which is not there")
            }
        }
    }

    @Test("every target and tool in Sources/, every test target in Tests/ and every script is on the map")
    func everyTargetIsOnTheMap() throws {
        let entries = try Self.entries()
        let paths = Set(entries.map(\.path))
        for name in Self.names(in: "Sources") {
            #expect(paths.contains("Sources/\(name)/") || paths.contains { $0.hasPrefix("Sources/\(name)/") }, "Sources/\(name) is not on the map")
        }
        // Folders the map gives no line of their own are named in their parent's description.
        for folder in ["Tests", "Scripts"] {
            let text = entries.first { $0.path == "\(folder)/" }?.text ?? ""
            for name in Self.names(in: folder) {
                #expect(paths.contains { $0.hasPrefix("\(folder)/\(name)") } || text.contains(name), "\(folder)/\(name) is not on the map")
            }
        }
    }

    @Test("a count of files the map gives is the count in the folder")
    func countsAreTrue() throws {
        let words = ["two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                     "eleven": 11, "twelve": 12]
        let counted = try Regex(#"(?:the same )?(\w+) (?:source )?files"#)
        for entry in try Self.entries() where entry.path.hasSuffix("/") {
            guard let match = entry.text.firstMatch(of: counted), let word = match.output[1].substring,
                  let count = words[String(word)] ?? Int(word) else { continue }
            let swift = Self.names(in: entry.path).filter { $0.hasSuffix(".swift") }.count
            #expect(swift == count, "the map says \(entry.path) holds \(word) files; it holds \(swift)")
        }
    }
}
