import Foundation
import Testing
import RoadtripTestSupport

/// A very long paste into a name field: the program keeps answering, keeps the first
/// `NameLength.maximum` (200) characters and says the rest was left out. Before, every key of a
/// 100,000-character paste rebuilt and redrew the whole name: about 100 s at full CPU. How long
/// the paste takes now is measured by `make bench` (Scripts/bench-tui.py), not here: these tests
/// wait for what the program shows, however long the machine takes.
@Suite("Long pastes, end to end in tmux")
struct LongPasteEndToEndTests {
    static let maximum = 200
    static let cutMessage = "Names are at most 200 characters; the rest of the paste was left out."
    /// 100,000 characters without spaces (a name is trimmed), so its first 200 are the name.
    static let paste = String(repeating: "Tour0123456789", count: 100_000 / 14 + 1).prefix(100_000)
    static var cutName: String { String(paste.prefix(maximum)) }
    @Test("A 100,000-character paste into the trip list's rename: cut to 200 characters at once, said, and saved so")
    func pasteIntoTripListRename() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("r", "C-u")
        try await session.paste(Self.paste)
        try await session.waitUntil("the cut name and the message") { screen in
            screen.contains(Self.cutMessage) && screen.contains(String(Self.cutName.suffix(40)))
        }
        try await session.sendKeys("Enter")
        try await session.waitFor("Renamed to “Tour0123456789")
        try await TripListEndToEndTests.quitNormally(session)
        let names = Run.names(of: try Run.trips(at: session.dataFile))
        #expect(names.first == Self.cutName)
        #expect(Array(names.dropFirst()) == Array(SampleTrips.names.dropFirst()))
    }

    @Test("A 100,000-character paste into the trip title: cut to 200 characters at once, said, and saved so")
    func pasteIntoTripDetailRename() async throws {
        let session = try await TmuxSession(width: 100, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("r", "C-u")
        try await session.paste(Self.paste)
        try await session.waitUntil("the message that the name was cut") { $0.contains(Self.cutMessage) }
        try await session.sendKeys("Enter")
        try await session.waitFor("Renamed to “Tour0123456789")
        try await session.sendKeys("q")
        try await session.waitUntil("the trip list") { $0.contains("Roadtrips") && $0.contains("Great Ocean Road") }
        try await TripListEndToEndTests.quitNormally(session)
        let names = Run.names(of: try Run.trips(at: session.dataFile))
        #expect(names.first == Self.cutName)
    }

    @Test("Names longer than 200 characters in the file are kept whole: on load, on save, and when a rename adds nothing")
    func longNamesInTheFileAreKept() async throws {
        let directory = try TemporaryDirectory()
        let tripName = "Trip " + String(repeating: "t", count: 295)
        let stopName = "Stop " + String(repeating: "s", count: 295)
        let file: [String: Any] = [
            "version": 1,
            "trips": [
                [
                    "id": UUID().uuidString, "name": tripName,
                    "waypoints": [
                        ["id": UUID().uuidString, "name": stopName, "location": ["latitude": 36.6002, "longitude": -121.8947]]
                    ],
                ]
            ],
        ]
        try JSONSerialization.data(withJSONObject: file).write(to: directory.dataFile)
        let session = try await TmuxSession(width: 100, height: 30, directory: directory)
        defer { session.close() }
        try await session.waitFor("Trip tttt")
        // Typing into the full name adds nothing and says why; Enter keeps the name.
        try await session.sendKeys("r", "End") // the name starts selected: End types after it
        try await session.sendText("!")
        try await session.waitFor(Self.cutMessage)
        try await session.sendKeys("Enter")
        try await session.waitUntil("the rename closed") { $0.contains("Rename") && !$0.contains("Enter Keep") }
        // The stop editor's name field: the same.
        try await session.sendKeys("Enter")
        try await session.waitFor("Stop ssss")
        try await session.sendKeys("Enter")
        try await session.waitFor("Edit “Stop ssss")
        try await session.sendKeys("Tab", "End") // the name is selected as the field takes the focus: End types after it
        try await session.sendText("!")
        try await session.waitFor(Self.cutMessage)
        try await session.sendKeys("Enter")
        try await session.waitFor("Updated “Stop ssss")
        try await session.sendKeys("s")
        try await session.waitFor("Saved to")
        try await session.sendKeys("q")
        try await session.waitUntil("the trip list") { $0.contains("Roadtrips") && $0.contains("Trip tttt") }
        try await TripListEndToEndTests.quitNormally(session)
        let trips = try Run.trips(at: session.dataFile)
        #expect(Run.names(of: trips) == [tripName])
        let stops = trips.first?["waypoints"] as? [[String: Any]]
        #expect(stops?.first?["name"] as? String == stopName)
    }
}
