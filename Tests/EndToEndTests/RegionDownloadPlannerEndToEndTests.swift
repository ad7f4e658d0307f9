import Foundation
import Testing
import RoadtripTestSupport

/// Issue 39, item 4, end to end: regions by name in the planner's regions panel (`M`), against a
/// catalogue and the Andorra extract served from 127.0.0.1 (`FileServer`), each test on its own
/// XDG folders. The server holds a download at a known point; nothing waits for time to pass.
extension RegionDownloadEndToEndTests {
    @Test(
        "M, D, “andor”: Andorra found as typed; Enter downloads with progress; Esc cancels it and keeps the part; Enter again continues it and adds the region")
    func downloadInThePlanner() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory, faults: [Self.andorraPath: .holdAfter(100_000)])
        defer { server.stop() }
        let session = try await TmuxSession(width: 110, height: 30, directory: directory, variables: Self.variables(directory, server))
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("M")
        try await session.waitFor("No region yet")
        try await session.sendKeys("D")
        try await session.waitFor("Download a region")
        try await session.sendText("andor")
        let found = try await session.waitFor("1 of 3 extracts")
        #expect(found.components(separatedBy: "\n").contains { $0.contains("Andorra") && $0.contains("europe/andorra") }, "\(session.framed(found))")
        try await session.sendKeys("Enter")
        // The server holds the file after 100,000 bytes: the progress says so, whatever the machine's speed.
        try await session.waitFor("Downloading 100 KB of 565 KB")
        try await session.sendKeys("Escape")
        try await session.waitFor("Downloading Andorra was cancelled: what came is kept")
        let part = directory.url.appendingPathComponent("cache/roadtrip/extracts/europe_andorra.osm.pbf.part")
        #expect((try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? NSNumber)?.intValue == 100_000)
        #expect(RegionFixture.entries(directory).isEmpty)
        server.release()
        // The browser is still open on Andorra.
        try await session.sendKeys("Enter")
        try await session.waitFor("Added region andorra")
        let screen = try await session.capture()
        #expect(
            screen.components(separatedBy: "\n").contains { $0.contains("andorra") && $0.contains("places") && $0.contains("roads") },
            "\(session.framed(screen))")
        #expect(server.requests.contains("GET \(Self.andorraPath) bytes=100000-"), "\(server.requests)")
        #expect(try RegionFixture.listed(directory).map { $0["name"] as? String } == ["andorra"])
        try await session.sendKeys("Escape")
        try await session.waitUntil("the panel closed") { !$0.contains("Esc close") }
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("The regions panel marks a downloaded region whose extract has a new MD5 on the server; U downloads it again")
    func updateMarkInThePlanner() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.server(in: directory)
        defer { server.stop() }
        let added = try Self.roadtrip(["region", "download", "andorra"], in: directory, server)
        try #require(added.status == 0, "\(CommandLineEndToEndTests.describe(added))")
        let session = try await TmuxSession(width: 110, height: 30, directory: directory, variables: Self.variables(directory, server))
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("M")
        try await session.waitUntilEnded("region-updates")
        // A frame drawn after the check's answer was handed over: the panel's help, then the panel again.
        try await session.sendKeys("?")
        try await session.waitFor("Regions — keys")
        try await session.sendKeys("Escape")
        let current = try await session.waitUntil("the panel again") { !$0.contains("Regions — keys") && $0.contains("a add · D download") }
        #expect(current.contains("andorra") && !current.contains("update available"), "\(session.framed(current))")
        try Self.publishNewerAndorra(on: server, in: directory)
        try await session.sendKeys("Escape")
        try await session.waitUntil("the panel closed") { !$0.contains("Esc close") }
        try await session.sendKeys("M")
        let marked = try await session.waitFor("update available")
        #expect(marked.components(separatedBy: "\n").contains { $0.contains("andorra") && $0.contains("update available") }, "\(session.framed(marked))")
        #expect(marked.contains("U update"))
        let downloads = server.requests.filter { $0 == "GET \(Self.andorraPath)" }.count
        try await session.sendKeys("U")
        try await session.waitFor("Added region andorra")
        try await session.waitUntil("the mark gone") { !$0.contains("update available") }
        #expect(server.requests.filter { $0 == "GET \(Self.andorraPath)" }.count == downloads + 1)
        #expect(try RegionFixture.listed(directory).map { $0["name"] as? String } == ["andorra"])
        try await session.sendKeys("Escape")
        try await session.waitUntil("the panel closed") { !$0.contains("Esc close") }
        try await TripListEndToEndTests.quitNormally(session)
    }
}
