import ChildProcesses
import Foundation
@testable import OSMImport
import RoadtripCore
import RoadtripRegions
import RoadtripTestSupport
import Testing

/// Issue 41, item 4: `TagsFilter` keeps what `osmium tags-filter` without `-R` keeps, object for
/// object, on the committed extracts and on a small file of nested relations; osmium itself is
/// the reference.
@Suite struct TagsFilterTests {
    /// The objects of an OSM file, one OPL line each without versions, times and authors, sorted.
    static func objects(_ file: String, format: String? = nil) throws -> [String] {
        try opl(["cat"] + (format.map { ["-F", $0] } ?? []) + [file])
    }

    /// What `osmium tags-filter` keeps of `file`, referred objects included.
    static func osmiumKeeps(_ file: String, format: String, _ expressions: [String]) throws -> [String] {
        try opl(["tags-filter", "-F", format, file] + expressions)
    }

    static func opl(_ arguments: [String]) throws -> [String] {
        let osmium = try ChildTools.locate("osmium")
        let (ended, output) = try ChildProcess.output(of: osmium, arguments + ["-f", "opl,add_metadata=false", "-o", "-"])
        #expect(ended.succeeded, "osmium \(arguments)")
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    static func filtered(_ file: String, format: String, _ expressions: [String], in directory: TemporaryDirectory) throws -> [String] {
        let work = directory.file("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let tools = ChildTools(logFile: work.appendingPathComponent("tool.log"), isCancelled: { false })
        let output = directory.file("kept.osm.pbf").path
        try TagsFilter(source: file, format: format, expressions: expressions).write(to: output, work: work, tools: tools)
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasSuffix(".opl") }
        #expect(left.isEmpty, "the OPL files are removed: \(left)")
        return try objects(output)
    }

    @Test(arguments: [("andorra.osm.pbf", "pbf"), ("krems.osm.gz", "osm.gz"), ("beatty.osm", "osm")])
    func keepsWhatOsmiumKeepsOfAnExtract(file: String, format: String) throws {
        let path = RegionImportTests.fixture(file)
        for expressions in [OSMFeatures.filterExpressions, OSMFeatures.roadExpressions] {
            let directory = try TemporaryDirectory()
            let kept = try Self.filtered(path, format: format, expressions, in: directory)
            #expect(kept.count > 1_000, "\(file): \(kept.count) objects")
            #expect(kept == (try Self.osmiumKeeps(path, format: format, expressions)), "\(file), \(expressions.first!)")
        }
    }

    /// The places and the roads written from one matching pass (as the import writes them): each
    /// what osmium keeps of its own expressions, and each object the pass matched told to the
    /// selections it belongs to.
    @Test(arguments: [("andorra.osm.pbf", "pbf"), ("krems.osm.gz", "osm.gz")])
    func keepsWhatOsmiumKeepsOfEachOfTwoSelectionsTogether(file: String, format: String) throws {
        let path = RegionImportTests.fixture(file)
        let directory = try TemporaryDirectory()
        let work = directory.file("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let tools = ChildTools(logFile: work.appendingPathComponent("tool.log"), isCancelled: { false })
        let selections =
            [OSMFeatures.filterExpressions, OSMFeatures.roadExpressions].enumerated().map { index, expressions in
                TagsFilter.Selection(expressions: expressions, output: directory.file("kept-\(index).osm.pbf").path)
            } + [TagsFilter.Selection(expressions: TrafficControl.osmiumExpressions, output: nil)] // matched only: the traffic controls
        var matched: [Set<String>] = [[], [], []]
        try TagsFilter.write(selections, from: path, format: format, work: work, tools: tools) { index, line in
            matched[index].insert(String(decoding: line.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self))
        }
        for (index, selection) in selections.enumerated() {
            if let output = selection.output {
                #expect(try Self.objects(output) == (try Self.osmiumKeeps(path, format: format, selection.expressions)), "\(file) \(index)")
            }
            let osmiumMatches = try Self.opl(["tags-filter", "-R", "-F", format, path] + selection.expressions)
            #expect(matched[index] == Set(osmiumMatches.map { String($0.prefix { $0 != " " }) }), "\(file) \(index)")
            #expect(matched[index].count > (selection.output == nil ? 40 : 100))
        }
    }

    @Test func anExpressionMatchesTheKindsKeyAndValuesItNames() {
        let line = Array("w45 Thighway=primary,name=A%20%road,tourism=viewpoint Nn1".utf8)[...]
        let object = OPLObject(line)!
        let tags = object.tags(in: line)
        #expect(tags.count == 3 && String(decoding: tags[1].value, as: UTF8.self) == "A%20%road")
        #expect(TagExpression("w/highway").matches(object.kind, tags))
        #expect(TagExpression("nwr/tourism=museum,viewpoint").matches(object.kind, tags))
        #expect(!TagExpression("nwr/tourism=museum").matches(object.kind, tags))
        #expect(!TagExpression("n/highway").matches(object.kind, tags))
        #expect(!TagExpression("w/high").matches(object.kind, tags))
        #expect(!TagExpression("w/route=ferry").matches(object.kind, tags))
        #expect(OPLObject(Array("n1 T x1 y1".utf8)[...])!.tags(in: Array("n1 T x1 y1".utf8)[...]).isEmpty)
    }

    /// A museum relation whose members are a way, a node, a relation of a lower id (read on a
    /// second pass, with its way and that way's node) and a relation the file does not have;
    /// what nothing refers to stays out.
    @Test func followsRelationsToAnyDepthAndStopsAtMissingOnes() throws {
        let directory = try TemporaryDirectory()
        let source = directory.file("nested.opl")
        try """
        n1 Tplace=town x1 y1
        n2 T x1.1 y1.1
        n3 T x1.2 y1.2
        n4 T x2 y2
        n7 T x5 y5
        n9 T x3 y3
        w10 T Nn2,n3
        w11 T Nn4
        w12 Thighway=track Nn7
        r5 Ttype=multipolygon Mw11@outer
        r6 Ttourism=museum Mr5@part,w10@,r99@,n9@entrance

        """.write(to: source, atomically: true, encoding: .utf8)
        let expressions = ["nwr/place=town", "nwr/tourism=museum"]
        let kept = try Self.filtered(source.path, format: "opl", expressions, in: directory)
        #expect(kept.map { String($0.prefix { $0 != " " }) } == ["n1", "n2", "n3", "n4", "n9", "r5", "r6", "w10", "w11"])
        #expect(kept == (try Self.osmiumKeeps(source.path, format: "opl", expressions)))
    }

    /// A cancel while osmium's text is read stops osmium (killed and waited for) and the import.
    @Test func aCancelWhileReadingStopsTheTool() throws {
        let directory = try TemporaryDirectory()
        let tools = ChildTools(logFile: directory.file("tool.log"), isCancelled: { true })
        #expect(throws: RegionError.cancelled) {
            try TagsFilter(source: RegionImportTests.fixture("andorra.osm.pbf"), format: "pbf", expressions: ["w/highway"])
                .write(to: directory.file("kept.osm.pbf").path, work: directory.url, tools: tools)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("kept.osm.pbf").path))
    }

    /// osmium's own failure is told as any tool's: its status and last line.
    @Test func aToolThatFailsSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let tools = ChildTools(logFile: directory.file("tool.log"), isCancelled: { false })
        do {
            try TagsFilter(source: RegionImportTests.fixture("andorra.osm.pbf"), format: "pbf", expressions: ["x/not=an-expression"])
                .write(to: directory.file("kept.osm.pbf").path, work: directory.url, tools: tools)
            Issue.record("a bad expression was taken")
        } catch RegionError.toolFailed(let tool, let status, let message) {
            #expect(tool == "osmium" && status != 0 && !message.isEmpty, "\(message)")
        }
    }

    @Test func readsTheLinesOfOPL() throws {
        let way = Array("w45 Thighway=primary,name=A%20%road Nn1,n-2,n300".utf8)[...]
        let object = try #require(OPLObject(way))
        #expect(object.kind == UInt8(ascii: "w") && object.id == 45)
        #expect(object.nodes(in: way) == [1, -2, 300])
        let relation = Array("r7 Ttype=route Mn1@stop,w2@,r3@outer%40%x".utf8)[...]
        let members = try #require(OPLObject(relation)).members(in: relation)
        #expect(members.map { String(UnicodeScalar($0.kind)) + "\($0.id)" } == ["n1", "w2", "r3"])
        #expect(OPLObject(Array("x1 T".utf8)[...]) == nil)
        #expect(OPLObject(Array("n T".utf8)[...]) == nil)
    }

    @Test func theIdsToKeepAreSortedEachOnce() {
        #expect(TagsFilter.Passes.sortedOnce([3, 1, 3, 2, 1, -4]) == [-4, 1, 2, 3])
        #expect(TagsFilter.Passes.sortedOnce([]) == [])
        #expect(TagsFilter.Passes.sortedOnce([7, 7, 7]) == [7])
    }
}
