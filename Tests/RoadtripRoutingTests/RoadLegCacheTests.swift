import Foundation
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripRouting
@testable import RoutinoRouting
import RoadtripTestSupport

/// Routed legs on disk: found again by a new router, and dropped when their region's database is
/// gone (the region added again or removed).
@Suite(.serialized) struct RoadLegCacheTests {
    @Test func aSecondRouterFindsTheLegTheFirstRouted() throws {
        let directory = try TemporaryDirectory()
        let cacheFile = directory.file("cache/road-legs.jsonl")
        let shelf = try RoadRouterTests.shelf.get().0
        let first = CachedRouting(RoadRouter(shelf: shelf), file: cacheFile)
        let car = RouteOptions()
        guard case .road(let leg) = first.route(from: RoadRouterTests.andorraLaVella, to: RoadRouterTests.ordino, fromName: "A", toName: "B", options: car)
        else {
            Issue.record("not routed"); return
        }
        let second = CachedRouting(RoadRouter(shelf: shelf), file: cacheFile)
        let cached = try #require(second.known(from: RoadRouterTests.andorraLaVella, to: RoadRouterTests.ordino, options: car))
        #expect(cached.meters == leg.meters && cached.seconds == leg.seconds && cached.line == leg.line)
        #expect(second.known(from: RoadRouterTests.ordino, to: RoadRouterTests.andorraLaVella, options: car) == nil, "the other way is another leg")
        #expect(
            second.known(from: RoadRouterTests.andorraLaVella, to: RoadRouterTests.ordino, options: RouteOptions(vehicle: .van)) == nil,
            "another vehicle is another leg")
    }

    @Test func entriesOfADatabaseNoLongerThereAreDropped() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let leg = Self.leg
        let a = Self.from, b = Self.to
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
        let a = Coordinate(latitude: 42.507808658074, longitude: 1.5210983893657664), b = Self.to
        let leg = RoutedLeg(meters: 32_820.99914550781, seconds: 1_590.3999710083008, line: [a, b], region: "r")
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

/// What is in the cache's folder is not trusted (issue 34): a link at a name the cache writes is
/// never written through, and a leg is taken only with figures a drive can have.
extension RoadLegCacheTests {
    static let from = Coordinate(latitude: 42.5078, longitude: 1.5211), to = Coordinate(latitude: 42.5428, longitude: 1.7336)
    static let key = RoadLegCache.key(database: ".r", options: .init(), from: from, to: to)
    /// A leg of the shape Routino gives between the two: 32.8 km in 26.5 minutes.
    static let leg = RoutedLeg(meters: 32_821, seconds: 1_590, line: [from, Coordinate(latitude: 42.53, longitude: 1.6), to], region: "r")

    /// A line of the cache file as roadtrip writes it (`line`: its text as is).
    static func line(key: String = key, meters: String, seconds: String, line: String) -> String {
        #"{"k":"\#(key)","metres":\#(meters),"seconds":\#(seconds),"line":"\#(line)"}"#
    }

    static func goodLine() throws -> String {
        String(decoding: try #require(RoadLegCache.Entry(key: key, meters: leg.meters, seconds: leg.seconds, line: leg.line).encoded()), as: UTF8.self)
    }

    @Test func aLinkAtATemporaryNameIsNeverWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(try Self.goodLine() + "\ngarbage\n", to: "road-legs.jsonl")
        let victim = try directory.write("victim", to: "victim.txt")
        // The names the rewrite used (`.road-legs-<pid>.tmp`), and the writer's own pattern with guessable endings.
        let planted = [".road-legs-\(getpid()).tmp"] + (0..<16).map { ".roadtrip-save-road-legs.jsonl.\(getpid()).\($0)" }
        for name in planted { #expect(symlink(victim.path, directory.file(name).path) == 0) }
        let cache = RoadLegCache(file: file)
        #expect(cache.leg(Self.key, databases: [".r"], region: "r") == Self.leg)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
        var status = stat()
        #expect(lstat(file.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "the cache file is still a file of its own")
        #expect(try String(contentsOf: file, encoding: .utf8) == (try Self.goodLine()) + "\n", "rewritten without the garbage")
    }

    @Test func aLinkOrAHardLinkInTheCachesPlaceIsNeverWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let makers: [(String, String) -> Int32] = [{ symlink($0, $1) }, { link($0, $1) }]
        for (index, makeLink) in makers.enumerated() {
            let victim = try directory.write("victim\n", to: "victim-\(index).txt")
            let file = directory.file("road-legs-\(index).jsonl")
            #expect(makeLink(victim.path, file.path) == 0)
            let cache = RoadLegCache(file: file)
            #expect(cache.leg(Self.key, databases: [".r"], region: "r") == nil)
            cache.store(Self.leg, key: Self.key)
            #expect(try String(contentsOf: victim, encoding: .utf8) == "victim\n", "link \(index)")
        }
        var status = stat()
        #expect(lstat(directory.file("road-legs-0.jsonl").path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, "the link left as it was")
    }

    @Test func legsNoDriveCanHaveAreDroppedOnRead() throws {
        let directory = try TemporaryDirectory()
        let a = "\(Self.from.latitude),\(Self.from.longitude)", b = "\(Self.to.latitude),\(Self.to.longitude)"
        // The way back, kept: the bad lines around it go, it stays.
        let back = RoadLegCache.key(database: ".r", options: .init(), from: Self.to, to: Self.from)
        let backLeg = RoutedLeg(meters: 32_900, seconds: 1_600, line: Self.leg.line.reversed(), region: "r")
        let good = String(
            decoding: try #require(RoadLegCache.Entry(key: back, meters: backLeg.meters, seconds: backLeg.seconds, line: backLeg.line).encoded()), as: UTF8.self
        )
        let bad = [
            Self.line(meters: "-6572", seconds: "-1e300", line: "\(a) \(b)"),
            Self.line(meters: "1e308", seconds: "1000", line: "95,400 nan,nan -91,-181 inf,inf"),
            Self.line(meters: "32821", seconds: "1e308", line: "\(a) \(b)"),
            Self.line(meters: "32821", seconds: "10", line: "\(a) \(b)"), // 11,800 km/h
            Self.line(meters: "32821", seconds: "1590", line: "\(a) 95,400 \(b)"), // a point off the Earth
            Self.line(meters: "32821", seconds: "1590", line: "\(a) 42.53,x \(b)"), // a point that does not read
            Self.line(meters: "32821", seconds: "1590", line: "10,10 \(b)"), // starts far from its stop
            Self.line(meters: "300", seconds: "30", line: "\(a) \(b)"), // shorter than the straight line
            Self.line(meters: "nan", seconds: "1590", line: "\(a) \(b)"),
        ]
        for (index, line) in bad.enumerated() {
            let file = try directory.write(line + "\n" + good + "\n", to: "road-legs-\(index).jsonl")
            let cache = RoadLegCache(file: file)
            #expect(cache.leg(Self.key, databases: [".r"], region: "r") == nil, "\(line)")
            #expect(cache.leg(back, databases: [".r"], region: "r") == backLeg, "\(line)")
            let left = try String(contentsOf: file, encoding: .utf8)
            #expect(left == good + "\n", "line \(index) dropped from the file: \(left)")
        }
    }
}

/// The cache is capped and read in bounded memory (issue 34): past its limits the legs used least
/// recently go, and only the end of a file longer than its limit is read.
extension RoadLegCacheTests {
    /// The leg of `Self.leg` under database `name`, so that each is a leg of its own.
    static func key(_ name: String) -> String {
        RoadLegCache.key(database: name, options: .init(), from: from, to: to)
    }

    static let databases: Set<String> = Set((1...6).map { ".r\($0)" })

    static func lines(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            String(try JSONDecoder().decode(RoadLegCache.Entry.self, from: Data(line.utf8)).key.split(separator: "|")[0])
        }
    }

    @Test func pastItsLimitOfLegsTheLeastRecentlyUsedGo() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let cache = RoadLegCache(file: file, limits: .init(entries: 4))
        cache.read(keeping: Self.databases)
        for name in [".r1", ".r2", ".r3", ".r4"] { cache.store(Self.leg, key: Self.key(name)) }
        #expect(try Self.lines(file) == [".r1", ".r2", ".r3", ".r4"])
        #expect(cache.leg(Self.key(".r1"), databases: Self.databases, region: "r") != nil, "used: now the most recent but one")
        cache.store(Self.leg, key: Self.key(".r5"))
        // Five legs, four allowed: down to three (a quarter to spare), .r2 and .r3 the least recently used.
        #expect(try Self.lines(file) == [".r4", ".r1", ".r5"])
        let reader = RoadLegCache(file: file, limits: .init(entries: 4))
        #expect(reader.leg(Self.key(".r2"), databases: Self.databases, region: "r") == nil)
        #expect(reader.leg(Self.key(".r1"), databases: Self.databases, region: "r") == Self.leg)
    }

    @Test func pastItsLimitOfBytesTheLeastRecentlyUsedGo() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let size = try Self.goodLine().utf8.count + 2
        let cache = RoadLegCache(file: file, limits: .init(bytes: 4 * size))
        cache.read(keeping: Self.databases)
        for name in [".r1", ".r2", ".r3", ".r4", ".r5"] { cache.store(Self.leg, key: Self.key(name)) }
        #expect(try Self.lines(file) == [".r3", ".r4", ".r5"])
        // A file over the limit (written by another program) is read from its end and cut down.
        let whole = try String(contentsOf: file, encoding: .utf8)
        try (whole + whole.replacingOccurrences(of: ".r", with: ".r-old")).write(to: file, atomically: false, encoding: .utf8)
        let reader = RoadLegCache(file: file, limits: .init(bytes: 4 * size))
        #expect(reader.leg(Self.key(".r5"), databases: Self.databases, region: "r") == nil, "the first lines are not read")
        #expect(try String(contentsOf: file, encoding: .utf8).isEmpty, "nothing of the end was of a region still there")
    }

    @Test func aLegLongerThanALineMayBeIsNeitherKeptNorRead() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let size = try Self.goodLine().utf8.count
        let cache = RoadLegCache(file: file, limits: .init(lineBytes: size - 1))
        cache.read(keeping: Self.databases)
        cache.store(Self.leg, key: Self.key)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        _ = try directory.write(String(repeating: "x", count: 10 * size) + "\n" + (try Self.goodLine()) + "\n", to: "road-legs.jsonl")
        let reader = RoadLegCache(file: file, limits: .init(lineBytes: size + 1))
        #expect(reader.leg(Self.key, databases: [".r"], region: "r") == Self.leg)
        #expect(try String(contentsOf: file, encoding: .utf8) == (try Self.goodLine()) + "\n")
    }

    @Test func aHugeSparseFileIsReadFromItsEndOnly() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("road-legs.jsonl")
        let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(descriptor, 8 << 30) == 0) // 8 GB of zeros, sparse: no disk used, and no newline
        let line = Data(("\n" + (try Self.goodLine()) + "\n").utf8)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 8 << 30) }
        close(descriptor)
        let cache = RoadLegCache(file: file)
        #expect(cache.leg(Self.key, databases: [".r"], region: "r") == Self.leg)
        #expect(try String(contentsOf: file, encoding: .utf8) == (try Self.goodLine()) + "\n", "written again with the leg alone")
    }
}

/// The cache is the user's alone (issue 52, item 8): it tells where the trips go and which
/// services were asked, so it is made readable by its owner only, and one made readable by others
/// (by a roadtrip before) is made so at its next write.
extension RoadLegCacheTests {
    static func permissions(_ file: URL) -> mode_t {
        var status = stat()
        return lstat(file.path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test func aNewCacheIsTheOwnersAlone() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cache/road-legs.jsonl")
        let cache = RoadLegCache(file: file)
        cache.read(keeping: [".r"])
        cache.store(Self.leg, key: Self.key)
        #expect(Self.permissions(file) == 0o600, "\(String(Self.permissions(file), radix: 8))")
    }

    /// Appended to: the next leg stored.
    @Test func aCacheReadableByOthersIsMadeTheOwnersAtItsNextLeg() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(try Self.goodLine() + "\n", to: "road-legs.jsonl")
        #expect(chmod(file.path, 0o644) == 0)
        let cache = RoadLegCache(file: file)
        #expect(cache.leg(Self.key, databases: [".r"], region: "r") == Self.leg)
        let back = RoutedLeg(meters: 32_900, seconds: 1_600, line: Self.leg.line.reversed(), region: "r")
        cache.store(back, key: RoadLegCache.key(database: ".r", options: .init(), from: Self.to, to: Self.from))
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 2, "the leg back appended")
        #expect(Self.permissions(file) == 0o600, "\(String(Self.permissions(file), radix: 8))")
    }

    /// Written again: a line dropped on read.
    @Test func aCacheReadableByOthersIsMadeTheOwnersWhenWrittenAgain() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(try Self.goodLine() + "\ngarbage\n", to: "road-legs.jsonl")
        #expect(chmod(file.path, 0o644) == 0)
        #expect(RoadLegCache(file: file).leg(Self.key, databases: [".r"], region: "r") == Self.leg)
        #expect(try String(contentsOf: file, encoding: .utf8) == (try Self.goodLine()) + "\n", "written again without the garbage")
        #expect(Self.permissions(file) == 0o600, "\(String(Self.permissions(file), radix: 8))")
    }

    /// A cache an older roadtrip kept a Valhalla password in (its address was the legs' key): the
    /// first read under the address without it drops those legs, and the file is written again
    /// without them, the user's alone.
    @Test func aPasswordKeptByAnOlderRoadtripGoesAtTheFirstRead() throws {
        let directory = try TemporaryDirectory()
        let old = RoadLegCache.key(database: "http://alice:s3cretPW@127.0.0.1:8702", options: .init(), from: Self.from, to: Self.to)
        let line = String(
            decoding: try #require(RoadLegCache.Entry(key: old, meters: Self.leg.meters, seconds: Self.leg.seconds, line: Self.leg.line).encoded()),
            as: UTF8.self)
        let file = try directory.write(line + "\n", to: "road-legs.jsonl")
        #expect(chmod(file.path, 0o644) == 0)
        let key = RoadLegCache.key(database: "http://127.0.0.1:8702", options: .init(), from: Self.from, to: Self.to)
        #expect(RoadLegCache(file: file).leg(key, databases: ["http://127.0.0.1:8702"], region: "Valhalla") == nil)
        #expect(try String(contentsOf: file, encoding: .utf8).isEmpty)
        #expect(Self.permissions(file) == 0o600, "\(String(Self.permissions(file), radix: 8))")
    }
}

/// Issue 59, item 2: a leg's line is put into its entry as it is, not escaped a character at a
/// time; the entry reads back as JSONEncoder's does, and any other text is encoded whole.
extension RoadLegCacheTests {
    @Test func anEntryReadsBackAsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let odd = #"a "quoted", \ key,"line":"""#
        for key in [Self.key, odd] {
            for text in ["42.5078,1.5211 42.53,1.6 4.2e-05,-1.5e+20", "", #"not "a" line"#, "42.5,1.5\n"] {
                let entry = RoadLegCache.Entry(key: key, meters: 1.5, seconds: 20, text: text)
                let bytes = try #require(entry.encoded())
                #expect(!bytes.contains(0x0A))
                let (back, whole) = (
                    try JSONDecoder().decode(RoadLegCache.Entry.self, from: bytes),
                    try JSONDecoder().decode(RoadLegCache.Entry.self, from: encoder.encode(entry))
                )
                #expect(back.key == key && back.line == text && back.meters == 1.5 && back.seconds == 20)
                #expect(back.key == whole.key && back.line == whole.line && back.meters == whole.meters)
            }
        }
        #expect(RoadLegCache.Entry(key: "k", meters: 1, seconds: 2, text: "1,2").encoded() == Data(#"{"k":"k","metres":1,"seconds":2,"line":"1,2"}"#.utf8))
    }
}

/// Issue 59, item 4: a line's points are read in one pass (strtod in the C locale); what reads
/// and what does not is as before.
extension RoadLegCacheTests {
    @Test func aLinesPointsReadAsBeforeAndAnythingElseDoesNot() throws {
        func points(_ text: String) -> [Coordinate]? {
            RoadLegCache.Entry(key: Self.key, meters: Self.leg.meters, seconds: Self.leg.seconds, text: text).validated()?.line
        }
        let line = Self.leg.line
        #expect(points(line.map { "\($0.latitude),\($0.longitude)" }.joined(separator: " ")) == line)
        #expect(points("  " + line.map { "\($0.latitude),\($0.longitude)" }.joined(separator: "   ") + " ") == line)
        #expect(points("42.5078,1.5211 4.253e1,1.6 42.5428,+1.7336")?.count == 3)
        for broken in [
            "42.5078,1.5211 42.53 ,1.6 42.5428,1.7336", "42.5078,1.5211 42.53, 1.6 42.5428,1.7336", "42.5078,1.5211,3 42.5428,1.7336",
            "42.5078,1.5211 nan,1.6 42.5428,1.7336", "42.5078,1.5211 142.53,1.6 42.5428,1.7336", "42.5078;1.5211 42.5428,1.7336", "42.5078,1.5211x",
        ] {
            #expect(points(broken) == nil, "\(broken)")
        }
    }
}
