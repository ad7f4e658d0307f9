import Foundation
import Testing
import RoadtripTestSupport

/// Issue 56, item 13: with a start date the trip screen shows each stop's arrival clock, the one
/// `roadtrip plan` gives (one plan for both), at 80 × 24 and with the map beside the stops; a trip
/// without a start date shows none. Straight-line legs (no region), so the times do not depend on
/// what regions the machine has.
@Suite("Arrival clocks on the trip screen, end to end in tmux")
struct ArrivalClockEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    static let stops = ["Chicago", "Springfield", "St. Louis", "Tulsa"]

    /// "Mother Road" from Wednesday 1 July 2026 (Chicago, Springfield, St. Louis, then Tulsa,
    /// which takes a night on the road), and "Undated", the same stops without a start date.
    static func writeTrips(in directory: TemporaryDirectory) throws {
        let places: [(String, Double, Double)] = [
            ("Chicago", 41.8781, -87.6298), ("Springfield", 39.7817, -89.6501),
            ("St. Louis", 38.627, -90.1994), ("Tulsa", 36.154, -95.9928),
        ]
        func stops(_ trip: Int) -> String {
            places.enumerated().map { index, place in
                #"{"id": "00000000-0000-0000-0000-0000000\#(trip)010\#(index)", "name": "\#(place.0)", "location": {"latitude": \#(place.1), "longitude": \#(place.2)}}"#
            }.joined(separator: ", ")
        }
        let text = #"""
            {"version": 1, "trips": [
              {"id": "00000000-0000-0000-0000-000000000001", "name": "Mother Road", "settings": {"startDate": "2026-07-01"}, "waypoints": [\#(stops(1))]},
              {"id": "00000000-0000-0000-0000-000000000002", "name": "Undated", "waypoints": [\#(stops(2))]}
            ]}
            """#
        try Data(text.utf8).write(to: directory.dataFile)
    }

    /// Each stop's time as `roadtrip plan --json` gives it, as the trip screen should write it:
    /// the first stop's departure "→ Wed 09:00", the others' first arrival "≈ Wed 13:30" (every
    /// leg an estimate).
    static func plannedClocks(in directory: TemporaryDirectory) throws -> [String] {
        let result = try CLI.roadtrip(["plan", "Mother Road", "--json"], in: directory)
        #expect(result.status == 0, "\(CLI.describe(result))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let visits = try #require(report["days"] as? [[String: Any]]).flatMap { $0["stops"] as? [[String: Any]] ?? [] }
        let weekdays = ["2026-07-01": "Wed", "2026-07-02": "Thu", "2026-07-03": "Fri"]
        func clock(_ timestamp: String) -> String {
            // "2026-07-01T13:30:00-05:00": the local date and time, as the stop's zone has them.
            "\(weekdays[String(timestamp.prefix(10))] ?? "?") \(timestamp.dropFirst(11).prefix(5))"
        }
        return try (1...stops.count).map { number in
            if number == 1 {
                let departure = try #require(visits.first { $0["index"] as? Int == 1 && $0["departure"] is String }?["departure"] as? String)
                return "→ " + clock(departure)
            }
            let arrival = try #require(visits.first { $0["index"] as? Int == number && $0["arrival"] is String }?["arrival"] as? String)
            return "≈ " + clock(arrival)
        }
    }

    /// The screen's row of stop `number` (" 2.  Springfield …").
    static func row(_ number: Int, in screen: String) -> String? {
        let number = "\(number)."
        return screen.components(separatedBy: "\n").first { $0.hasPrefix(String(repeating: " ", count: max(0, 4 - number.count)) + number) }
    }

    @Test("At 80 × 24 each stop shows the arrival plan gives it, beside its leg and the running total; a trip without a start date shows none")
    func at80Columns() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeTrips(in: directory)
        let clocks = try Self.plannedClocks(in: directory)
        #expect(clocks.first == "→ Wed 09:00" && clocks.last?.hasPrefix("≈ Thu ") == true, "\(clocks)")
        let session = try await TmuxSession(width: 80, height: 24, directory: directory)
        defer { session.close() }
        try await session.waitFor("Undated")
        try await session.sendKeys("Enter")
        let screen = try await session.waitUntil("the Mother Road stops with their arrivals") { screen in
            screen.contains("Arrives") && screen.contains("Total distance:") && Self.row(4, in: screen)?.contains(clocks[3]) == true
        }
        let headings = try #require(screen.components(separatedBy: "\n").first { $0.contains("Arrives") }, "\(session.framed(screen))")
        #expect(
            headings.contains("Leg") && headings.contains("Driving") && headings.contains("Total") && !headings.contains("Coordinates"),
            "\(session.framed(screen))")
        for (index, name) in Self.stops.enumerated() {
            let row = try #require(Self.row(index + 1, in: screen), "\(session.framed(screen))")
            #expect(row.contains(name) && row.contains(clocks[index]), "stop \(index + 1) should arrive at \(clocks[index]):\n\(session.framed(screen))")
        }
        #expect(Self.row(4, in: screen)?.contains(" km") == true && Self.row(4, in: screen)?.contains(" min") == true, "\(session.framed(screen))")

        // The same stops without a start date: no column, no clock.
        try await session.sendKeys("Escape", "j", "Enter")
        let undated = try await session.waitUntil("the Undated stops") { $0.hasPrefix(" Undated") && $0.contains("Tulsa") && $0.contains("Total distance:") }
        #expect(!undated.contains("Arrives") && !undated.contains("09:00"), "\(session.framed(undated))")
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }

    @Test("With the map beside the stops (120 × 24) the names, the legs and the arrivals stay readable")
    func withTheMapBeside() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeTrips(in: directory)
        let clocks = try Self.plannedClocks(in: directory)
        let session = try await TmuxSession(width: 120, height: 24, directory: directory)
        defer { session.close() }
        try await session.waitFor("Undated")
        try await session.sendKeys("Enter")
        // The map takes the right 48 columns, after a border at column 71.
        func table(_ screen: String) -> [String] { screen.components(separatedBy: "\n").map { String($0.prefix(71)) } }
        func map(_ screen: String) -> String { screen.components(separatedBy: "\n").dropFirst().prefix(18).map { String($0.dropFirst(72)) }.joined() }
        let screen = try await session.waitUntil("the stops with their arrivals and the map beside them") { screen in
            map(screen).unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } && table(screen).joined().contains(clocks[3])
        }
        let rows = table(screen)
        let headings = try #require(rows.first { $0.contains("Arrives") }, "\(session.framed(screen))")
        #expect(headings.contains("Stop") && headings.contains("Leg") && headings.contains("Driving"), "\(session.framed(screen))")
        for (index, name) in Self.stops.enumerated() {
            let row = try #require(Self.row(index + 1, in: rows.joined(separator: "\n")), "\(session.framed(screen))")
            // Each name whole (not cut with "…"), and its arrival.
            #expect(row.contains(name + " ") && !row.contains("…") && row.contains(clocks[index]), "stop \(index + 1):\n\(session.framed(screen))")
        }
        try await session.sendKeys("Escape")
        try await TripListEndToEndTests.quitNormally(session)
    }
}
