import Foundation
import RoadtripCore
import Testing
import RoadtripTestSupport

/// The road-leg cache (`$XDG_CACHE_HOME/roadtrip/road-legs.jsonl`) is not trusted (issue 34,
/// hostile round four): a link planted at a name it writes is never written through, a leg whose
/// figures no drive can have never reaches the screen, a plan or an export, and a huge file is
/// read in bounded memory. Each case on Andorra's roads, through the real binary.
@Suite("The road-leg cache, end to end")
struct LegCacheEndToEndTests {
    static func cacheFile(_ directory: TemporaryDirectory) -> URL {
        directory.url.appendingPathComponent("cache/roadtrip/road-legs.jsonl")
    }

    /// Andorra added and the trip "Pyrenees" of its two towns, its leg routed once: the cache's
    /// one line, and the region's database (the key's first field).
    static func routedOnce(in directory: TemporaryDirectory) throws -> (line: String, database: String) {
        try RegionFixture.andorra(trip: "Pyrenees", ["42.5078, 1.5211", "42.5428, 1.7336"], in: directory)
        #expect(try RegionFixture.roadtrip(["show", "Pyrenees"], in: directory).status == 0)
        let line = try String(contentsOf: cacheFile(directory), encoding: .utf8).trimmingCharacters(in: .newlines)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let key = try #require(object["k"] as? String)
        return (line, String(key.split(separator: "|")[0]))
    }

    /// The line with its figures and road replaced.
    static func line(_ database: String, meters: String, seconds: String, line: String) -> String {
        #"{"k":"\#(database)|car|quickest|t\#(DrivingProfile.version)|42.5078,1.5211|42.5428,1.7336","metres":\#(meters),"seconds":\#(seconds),"line":"\#(line)"}"#
    }

    @Test("Bad figures in the cache (negative, 1e308, points off the Earth) are dropped: show, plan and export give the road's own")
    func badFiguresAreDropped() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.routedOnce(in: directory).database
        for bad in [
            Self.line(database, meters: "-6572", seconds: "-1e300", line: "42.5078,1.5211 42.5428,1.7336"),
            Self.line(database, meters: "1e308", seconds: "1000", line: "95,400 nan,nan -91,-181 inf,inf"),
            Self.line(database, meters: "32821", seconds: "1e308", line: "42.5078,1.5211 42.5428,1.7336"),
        ] {
            try (bad + "\n").write(to: Self.cacheFile(directory), atomically: false, encoding: .utf8)
            let report = try RegionFixture.object(["show", "Pyrenees", "--json"], in: directory)
            let leg = try #require((report["legs"] as? [[String: Any]])?.first)
            #expect(leg["source"] as? String == "road" && String(format: "%.2f", (leg["distanceMeters"] as? Double ?? 0) / 1_000) == "32.82", "\(bad): \(leg)")
            let text = try RegionFixture.roadtrip(["show", "Pyrenees"], in: directory).standardOutput
            #expect(text.contains("32.8 km") && !text.contains("-6.6") && !text.contains("— by road"), "\(text)")
            #expect(!(try String(contentsOf: Self.cacheFile(directory), encoding: .utf8)).contains(bad), "the bad line is gone from the file")

            try (bad + "\n").write(to: Self.cacheFile(directory), atomically: false, encoding: .utf8)
            let plan = try RegionFixture.roadtrip(["plan", "Pyrenees"], in: directory)
            #expect(plan.status == 0 && plan.standardOutput.contains("↓ 45 min · 32.8 km"), "\(CommandLineEndToEndTests.describe(plan))")

            try (bad + "\n").write(to: Self.cacheFile(directory), atomically: false, encoding: .utf8)
            let gpx = try RegionFixture.roadtrip(["export", "Pyrenees", "--format", "gpx"], in: directory).standardOutput
            #expect(gpx.components(separatedBy: "<trkpt ").count - 1 > 20 && !gpx.contains("nan") && !gpx.contains("inf") && !gpx.contains(#"lat="95""#))
        }
    }

    @Test("A 2 GB cache file (sparse: zeros, no newline) is read from its end: show runs in 1 GB of address space and finds the leg stored last")
    func aHugeCacheFileIsReadInBoundedMemory() throws {
        let directory = try TemporaryDirectory()
        let line = try Self.routedOnce(in: directory).line
        // The same leg at 30 minutes rather than 44.7: the figure shown is the one read from the file's end.
        let slower = line.replacingOccurrences(of: #""seconds":2683.6328430455033"#, with: #""seconds":1800"#)
        #expect(slower != line, "\(line)")
        let file = Self.cacheFile(directory)
        let descriptor = open(file.path, O_WRONLY | O_TRUNC)
        #expect(ftruncate(descriptor, 2 << 30) == 0)
        let tail = Data(("\n" + slower + "\n").utf8)
        _ = tail.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 2 << 30) }
        close(descriptor)
        var variables = RegionFixture.variables(directory)
        variables["ROADTRIP_FILE"] = directory.dataFile.path
        let result = try Run.process(
            "/usr/bin/prlimit", ["--as=1000000000", "--", try RoadtripBinary.path(), "show", "Pyrenees"],
            environment: Run.environment(variables))
        #expect(
            result.status == 0 && result.standardOutput.contains("32.8 km") && result.standardOutput.contains("30 min"),
            "\(CommandLineEndToEndTests.describe(result))")
        var status = stat()
        #expect(stat(file.path, &status) == 0 && status.st_size == off_t(slower.utf8.count + 1), "the file is cut down to the leg")
    }

    @Test("Links planted at the cache's temporary names (the next pids) and a garbage line: the victim is untouched, the cache stays a file")
    func plantedLinksAreNeverWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let line = try Self.routedOnce(in: directory).line
        let file = Self.cacheFile(directory)
        try (line + "\ngarbage\n").write(to: file, atomically: false, encoding: .utf8)
        let victim = try directory.write("victim\n", to: "victim.txt")
        let folder = file.deletingLastPathComponent()
        // The name the cache used to write (`.road-legs-<pid>.tmp`) for the next few thousand pids.
        let last =
            Int((try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        for pid in last..<(last + 4_000) { symlink(victim.path, folder.appendingPathComponent(".road-legs-\(pid).tmp").path) }
        let result = try RegionFixture.roadtrip(["show", "Pyrenees"], in: directory)
        #expect(result.status == 0 && result.standardOutput.contains("32.8 km"), "\(CommandLineEndToEndTests.describe(result))")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim\n")
        var status = stat()
        #expect(lstat(file.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG)
        #expect(try String(contentsOf: file, encoding: .utf8) == line + "\n", "written again without the garbage")
    }

    @Test("The planner with a cached leg of 1e308 seconds: the trip screen and the itinerary (i) give the road's own 45 minutes")
    func thePlannerNeverTakesABadCachedLeg() async throws {
        let directory = try TemporaryDirectory()
        let database = try Self.routedOnce(in: directory).database
        try (Self.line(database, meters: "32821", seconds: "1e308", line: "42.5078,1.5211 42.5428,1.7336") + "\n")
            .write(to: Self.cacheFile(directory), atomically: false, encoding: .utf8)
        let session = try await RegionFixture.planner(openingTrip: "Pyrenees", in: directory)
        defer { session.close() }
        try await session.waitUntil("the leg on roads, routed again") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("2.") && $0.contains("32.8 km") && !$0.contains("≈") } && !screen.contains("routing")
        }
        try await session.sendKeys("i")
        try await session.waitUntil("the itinerary of one day, its leg of 45 minutes") { $0.contains("day by day") && $0.contains("↓ 45 min · 32.8 km") }
        try await session.sendKeys("Escape", "Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }
}
