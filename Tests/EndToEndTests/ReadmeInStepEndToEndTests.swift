import Foundation
import Testing
import RoadtripTestSupport

/// What the README and the user guide quote of the program is what the program says (issue 25:
/// the README said "⚠ longer than the daily limit" where the program printed "⚠ over the daily
/// limit"), the packages the README lists are the ones the Makefile installs, and every link
/// between the documents leads to a file and a heading that are there.
@Suite("the README and docs/ in step with the program")
struct ReadmeInStepEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// The package's folder: this file is Tests/EndToEndTests/ in it.
    static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var readme: String { document("README.md") }
    /// The user guide, where the README's "Planning the days" went (issue 40).
    static var userGuide: String { document("docs/user-guide.md") }

    /// The text of the document at `path` in the package's folder; empty when it is not there.
    static func document(_ path: String) -> String {
        (try? String(contentsOf: packageDirectory.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// A document's section under `heading`, up to the next `## `.
    static func section(_ heading: String, of text: String) -> String {
        guard let start = text.range(of: "\n\(heading)\n") else { return "" }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The sample trips with Route 66 set as the README's example sets it, starting `start`.
    static func writeSamples(in directory: TemporaryDirectory, start: String) throws {
        let samples = packageDirectory.appendingPathComponent("Resources/sample-trips.json")
        var file = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: samples)) as? [String: Any])
        var trips = try #require(file["trips"] as? [[String: Any]])
        let index = try #require(trips.firstIndex { $0["name"] as? String == "Route 66" })
        var settings = trips[index]["settings"] as? [String: Any] ?? [:]
        settings.merge(["startDate": start, "fuelLitresPer100Km": 8, "fuelPricePerLitre": 1.8, "currency": "€", "nightlyBudget": 95]) { _, new in new }
        trips[index]["settings"] = settings
        file["trips"] = trips
        try JSONSerialization.data(withJSONObject: file).write(to: directory.dataFile)
    }

    static func plan(start: String) throws -> String {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeSamples(in: directory, start: start)
        let result = try CLI.roadtrip(["plan", "Route 66"], in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        return result.standardOutput
    }

    @Test("the plan the user guide shows is the program's, line for line (… skips lines)")
    func thePlanShown() throws {
        let lines = Self.userGuide.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("Route 66 — ") }, "the user guide shows a plan of Route 66")
        let shown = lines[first...].prefix { $0 != "```" }
        let output = try Self.plan(start: "2026-07-01").components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var next = 0
        for line in shown where line != "…" {
            let wanted = line.trimmingCharacters(in: .whitespaces)
            guard let found = output[next...].firstIndex(of: wanted) else {
                Issue.record(
                    "user guide line not in `roadtrip plan \"Route 66\"` (in order):\n\(line)\n--- the program printed:\n\(output.joined(separator: "\n"))")
                return
            }
            next = found + 1
        }
    }

    @Test("every mark the user guide quotes from the itinerary (⚠ …, ☾ …, night here …) is one the program prints")
    func theQuotedMarks() throws {
        let text = Self.section("## Planning the days", of: Self.userGuide).replacingOccurrences(of: "\n  ", with: " ")
        let quotes = try Regex(#""([^"]+)""#)
        let marks = text.matches(of: quotes).map { String($0.output[1].substring ?? "") }
            .filter { ["⚠", "☾", "night here", "from near", "near", "or on to", "fuel ", "lodging "].contains(where: $0.hasPrefix) }
        #expect(marks.count >= 5, "\(marks)")
        // July for the long legs and the costs, November for driving after dark.
        let printed = try Self.plan(start: "2026-07-01") + Self.plan(start: "2026-11-25")
        for mark in marks {
            #expect(printed.contains(mark), "the user guide quotes “\(mark)”, which `roadtrip plan` never prints")
        }
    }

    @Test("the README names every Debian package the Makefile installs")
    func thePackages() throws {
        let makefile = try String(contentsOf: Self.packageDirectory.appendingPathComponent("Makefile"), encoding: .utf8)
        let packages = makefile.matches(of: try Regex(#"([a-z0-9][a-z0-9.+-]+):""#)).map { String($0.output[1].substring ?? "") }
        #expect(packages.count >= 8, "\(packages)")
        let opening = Self.readme.components(separatedBy: "\n## ").first ?? ""
        for package in packages {
            #expect(opening.contains("`\(package)`"), "the Makefile installs \(package); the README's opening does not name it")
        }
    }

    /// The anchor GitHub gives a heading: lower case, spaces as hyphens, other punctuation
    /// dropped ("How a leg's time is made" → how-a-legs-time-is-made).
    static func anchor(of heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
    }

    /// The anchors of a Markdown document's headings, code blocks skipped.
    static func anchors(in text: String) -> Set<String> {
        var inBlock = false, found: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inBlock.toggle() }
            guard !inBlock, line.hasPrefix("#") else { continue }
            found.insert(anchor(of: line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
        return found
    }

    @Test("every link between the README and docs/ leads to a file, and to a heading there")
    func theLinksLead() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var checked = 0
        for document in try ExamplesEndToEndTests.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                guard !target.contains("://") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? document : document.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                let name = document.lastPathComponent
                guard let linked = try? String(contentsOf: file, encoding: .utf8) else {
                    Issue.record("\(name) links to \(target): no such file")
                    continue
                }
                if parts.count == 2 {
                    #expect(Self.anchors(in: linked).contains(parts[1]), "\(name) links to \(target): \(file.lastPathComponent) has no such heading")
                }
                checked += 1
            }
        }
        #expect(checked >= 10, "the README links to the docs")
    }
}
