import Foundation
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport

/// Routed legs on disk: found again by a new router, and dropped when their region's database is
/// gone (the region added again or removed).
@Suite(.serialized) struct RoadLegCacheTests {
    @Test func aSecondRouterFindsTheLegTheFirstRouted() throws {
        let directory = try TemporaryDirectory()
        let cacheFile = directory.file("cache/road-legs.jsonl")
        let shelf = try RoadRouterTests.shelf.get().0
        let first = RoadRouter(shelf: shelf, cacheFile: cacheFile)
        guard case .road(let leg) = first.route(from: RoadRouterTests.andorraLaVella, to: RoadRouterTests.ordino, fromName: "A", toName: "B") else {
            Issue.record("not routed"); return
        }
        let second = RoadRouter(shelf: shelf, cacheFile: cacheFile)
        let cached = try #require(second.cached(from: RoadRouterTests.andorraLaVella, to: RoadRouterTests.ordino))
        #expect(cached.metres == leg.metres && cached.seconds == leg.seconds && cached.line == leg.line)
        #expect(second.cached(from: RoadRouterTests.ordino, to: RoadRouterTests.andorraLaVella) == nil, "the other way is another leg")
    }

    @Test func entriesOfADatabaseNoLongerThereAreDropped() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let leg = RoadRouter.RoadLeg(metres: 1_000, seconds: 60, line: [Coordinate(latitude: 1, longitude: 2)], region: "r")
        let a = Coordinate(latitude: 1, longitude: 2), b = Coordinate(latitude: 3, longitude: 4)
        let writer = RoadLegCache(file: file)
        _ = writer.leg("x", databases: [], region: "r")
        writer.store(leg, key: RoadLegCache.key(database: ".r-old", options: .init(), from: a, to: b))
        writer.store(leg, key: RoadLegCache.key(database: ".r-new", options: .init(), from: a, to: b))
        let reader = RoadLegCache(file: file)
        #expect(reader.leg(RoadLegCache.key(database: ".r-new", options: .init(), from: a, to: b), databases: [".r-new"], region: "r") == leg)
        let left = try String(contentsOf: file, encoding: .utf8)
        #expect(left.split(separator: "\n").count == 1 && !left.contains(".r-old"), "\(left)")
    }

    @Test func aLineOfAnOlderFormatOrTornIsDroppedAndTheRestKept() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let a = Coordinate(latitude: 42.507808658074, longitude: 1.5210983893657664), b = Coordinate(latitude: 3, longitude: 4)
        let leg = RoadRouter.RoadLeg(metres: 1_000, seconds: 60, line: [a, b], region: "r")
        let key = RoadLegCache.key(database: ".r", options: .init(), from: a, to: b)
        let writer = RoadLegCache(file: file)
        _ = writer.leg("x", databases: [], region: "r")
        writer.store(leg, key: key)
        var text = try String(contentsOf: file, encoding: .utf8)
        text += #"{"k":".r|motorcar|quickest|1.0,2.0|3.0,4.0","metres":5,"seconds":6,"line":[[1,2],[3,4]]}"# + "\n" + #"{"k":".r|mot"#
        try text.write(to: file, atomically: true, encoding: .utf8)
        let reader = RoadLegCache(file: file)
        #expect(reader.leg(key, databases: [".r"], region: "r") == leg, "the line reads back to the same numbers")
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 1)
    }
}
