import Foundation
import Testing
import RoadtripTestSupport

/// The code map (docs/architecture.md, "The code map") tells the truth: every folder and file it
/// names is there (issue 26), every folder that holds Swift sources has a line of its own saying
/// what it holds (issue 40), every target and tool of the package is on it, and a count of files
/// it gives is the count in the folder.
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

    /// Every folder under `folder` (itself included) that holds a `.swift` file of its own, as
    /// "Sources/RoadtripCore/Entities/", sorted.
    static func foldersWithSwiftSources(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        var folders: Set<String> = []
        for case let file as URL in walk where file.pathExtension == "swift" {
            let relative = file.deletingLastPathComponent().standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)
            folders.insert(relative + "/")
        }
        return folders.sorted()
    }

    /// The folders that must each have a line of their own on the map: every folder of Sources/
    /// that holds Swift sources, at any depth, and every target in Tests/ (a folder there holding
    /// Swift sources at any depth), whose own folders mirror Sources/.
    static func foldersThatHoldCode() -> [String] {
        let sources = foldersWithSwiftSources(under: "Sources")
        let tests = Set(
            foldersWithSwiftSources(under: "Tests").map { path in
                "Tests/" + path.split(separator: "/")[1] + "/"
            })
        return sources + tests.sorted()
    }

    @Test("every folder that holds code has a line of its own on the map, saying what it holds")
    func everyFolderWithCodeIsOnTheMap() throws {
        let entries = try Self.entries()
        let described = Dictionary(entries.map { ($0.path, $0.text) }) { first, _ in first }
        let folders = Self.foldersThatHoldCode()
        #expect(folders.count > 40, "the walk found no sources: \(folders)")
        let missing = folders.filter { described[$0] == nil }
        #expect(
            missing.isEmpty,
            "folders with Swift sources that docs/architecture.md's code map does not name (add a line for each, under its parent):\n\(missing.joined(separator: "\n"))"
        )
        let bare = folders.filter { described[$0]?.isEmpty == true }
        #expect(bare.isEmpty, "folders the code map names without saying what they hold:\n\(bare.joined(separator: "\n"))")
    }

    @Test("every folder and file the map names exists")
    func everyPathExists() throws {
        let entries = try Self.entries()
        #expect(entries.count > 30, "the map was not found: \(entries.map(\.path))")
        for entry in entries {
            if entry.path.contains("*") {
                let folder = (entry.path as NSString).deletingLastPathComponent, pattern = (entry.path as NSString).lastPathComponent
                let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
                #expect(
                    Self.names(in: folder).contains { $0.hasPrefix(parts[0]) && $0.hasSuffix(parts[parts.count - 1]) },
                    "the map names \(entry.path); nothing matches")
            } else {
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(entry.path).path), "the map names \(entry.path), which is not there"
                )
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
        let words = [
            "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
            "eleven": 11, "twelve": 12,
        ]
        let counted = try Regex(#"(?:the same )?(\w+) (?:source )?files"#)
        for entry in try Self.entries() where entry.path.hasSuffix("/") {
            guard let match = entry.text.firstMatch(of: counted), let word = match.output[1].substring,
                let count = words[String(word)] ?? Int(word)
            else { continue }
            let swift = Self.names(in: entry.path).filter { $0.hasSuffix(".swift") }.count
            #expect(swift == count, "the map says \(entry.path) holds \(word) files; it holds \(swift)")
        }
    }

    /// Each library and tool target of the package, by name, with the targets it names
    /// (`swift package dump-package`; products of other packages and the test targets left out).
    static func packageTargets() throws -> [String: Set<String>] {
        // A scratch folder of its own: the one of the running tests is locked by `swift test`.
        let scratch = try TemporaryDirectory()
        let dump = try Run.process(
            "/usr/bin/env", ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.url.path, "dump-package"],
            environment: Run.environment())
        try #require(dump.status == 0, "swift package dump-package: \(dump.standardError)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        var targets: [String: Set<String>] = [:]
        for target in package["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String, ["regular", "executable", "system"].contains(target["type"] as? String),
                !((target["path"] as? String)?.hasPrefix("Tests/") ?? false)
            else { continue }
            let names = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap { $0.values.first?.first as? String }
            targets[name] = Set(names)
        }
        return targets.mapValues { $0.filter { targets[$0] != nil || $0.hasPrefix("C") } }
    }

    /// The rows of the layer table (docs/architecture.md, "The layers"): each a list of groups of
    /// targets between its arrows (an empty group where a row continues the one above).
    static func layerRows() throws -> [[[String]]] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## The layers").dropFirst().first)
        let table = try #require(section.components(separatedBy: "```").dropFirst().first)
        return table.split(separator: "\n").map { row in
            row.components(separatedBy: "←").map { group in
                group.split(separator: ",").map { name -> String in
                    String(name).replacing(/\(.*\)/, with: "").trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
            }
        }
    }

    /// Issue 57, item 8: four rows of the table had drifted from Package.swift.
    @Test("the layer table is the package's: every arrow is a dependency, and a row of who names a layer is whole")
    func theLayerTableIsThePackages() throws {
        let targets = try Self.packageTargets()
        #expect(targets.count > 15, "\(targets.keys.sorted())")
        for row in try Self.layerRows() {
            for (left, right) in zip(row, row.dropFirst()) where !left.isEmpty {
                for user in right {
                    let named = try #require(targets[user], "\(user), in the layer table, is no target of the package")
                    for layer in left {
                        #expect(named.contains(layer), "the layer table says \(user) names \(layer); Package.swift does not")
                    }
                }
            }
            if row.count == 2, row[0].count == 1, row[1].count >= 3 {
                let users = Set(targets.filter { $0.value.contains(row[0][0]) }.keys)
                #expect(Set(row[1]) == users, "the targets that name \(row[0][0]): \(users.sorted()), the table says \(row[1])")
            }
        }
    }
}
