import Foundation
import Testing
import RoadtripTestSupport

/// Issue 53, "The planner for people who live in the terminal", items 4, 9, 11 and 13, on the
/// real program in tmux: the status of the detours along the road, the panel's columns and its
/// choices kept, one figure for one thing (the optimize question, the day view's warning), and
/// where exports are proposed. Every wait is on what the screen shows; the detours are held at
/// the gate to see them under way.
@Suite("Issue 53: along the road, one figure for one thing, where files go")
struct TerminalPlannerEndToEndTests {
    typealias Regions = RegionFixture

    /// The status of the detours, and the detours in the rows of the list, read off the panel.
    struct Panel {
        let screen: String

        /// "routing the detours of the rows in view: 3 of 17" as (3, 17); nil when the status says nothing of them.
        var detourStatus: (done: Int, of: Int)? {
            guard let match = screen.firstMatch(of: /routing the detours of the rows in view: (\d+) of (\d+)/) else { return nil }
            return (Int(match.1) ?? -1, Int(match.2) ?? -1)
        }

        /// The rows of the list (from below the headings to the line of the selected place),
        /// their text before the map's border.
        var rows: [String] {
            let lines = screen.components(separatedBy: "\n")
            guard let headings = lines.firstIndex(where: { $0.contains("Place") && $0.contains("Kind") && $0.contains("Detour") }) else { return [] }
            return lines[(headings + 1)...].prefix { !$0.contains(" · ") && !$0.hasPrefix("───") }
                .map { String($0.split(separator: "│", omittingEmptySubsequences: false).first ?? "") }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }

        /// The rows whose place is off the road: those with a detour to route.
        var rowsOffTheRoad: [String] { rows.filter { $0.contains(" km left") || $0.contains(" km right") } }

        /// Whether a row shows its detour ("2.5 km, 5 min", or "on foot, 0.8 km" where no road
        /// reaches the place: issue 56).
        static func showsDetour(_ row: String) -> Bool {
            row.contains(/\d km, (\d+ h )?\d+ min/) || row.contains(/on foot, [\d.,]+ km/)
        }
    }

    /// A planner on Andorra's roads with the trip Valley (Andorra la Vella → Ordino) open, its legs routed.
    static func valley(width: Int, height: Int, hold: [String] = [], in directory: TemporaryDirectory) async throws -> TmuxSession {
        try Regions.andorra(trip: "Valley", ["42.5078, 1.5211", "42.5562, 1.5332"], in: directory)
        let session = try await TmuxSession(width: width, height: height, directory: directory, variables: Regions.variables(directory), hold: hold)
        try await session.waitFor("Roadtrips")
        try await session.sendKeys("Enter")
        try await session.waitUntil("the trip, on its roads") { $0.contains("Total distance:") && $0.contains("by road") && !$0.contains("routing") }
        return session
    }

    // MARK: Item 4

    /// Whether nothing on the panel's status speaks of detours under way, in the words of today or before.
    static func saysNoDetourUnderWay(_ screen: String) -> Bool {
        Panel(screen: screen).detourStatus == nil && !screen.contains("routing the detours")
    }

    @Test("Item 4: Along the road says how many detours of the rows in view are done while they are held at the gate, and nothing once they have come")
    func theDetoursStatusCountsTheRowsInViewAndGoes() async throws {
        let directory = try TemporaryDirectory()
        let session = try await Self.valley(width: 160, height: 34, hold: ["along-detour"], in: directory)
        defer { session.close() }
        try await session.sendKeys("A")
        try await session.waitUntilHeld("along-detour")
        // Held: none has come, and the status counts the rows in view that have a detour.
        let held = try await session.waitUntil("the detours of the rows in view, none done") { screen in
            let panel = Panel(screen: screen)
            return panel.detourStatus.map { $0.done == 0 && $0.of > 1 && $0.of == panel.rowsOffTheRoad.count } == true
        }
        #expect(Panel(screen: held).rowsOffTheRoad.allSatisfy { !Panel.showsDetour($0) }, "\(session.framed(held))")
        try session.release("along-detour")
        try await session.waitUntil("every detour in view routed, the status gone") { screen in
            Self.saysNoDetourUnderWay(screen) && screen.contains("places in the order they come")
                && !Panel(screen: screen).rowsOffTheRoad.isEmpty && Panel(screen: screen).rowsOffTheRoad.allSatisfy(Panel.showsDetour)
        }
    }

    @Test("Item 4: with more places than the list shows (20 km) and the last selected, the status of the detours goes once the rows in view have theirs")
    func theDetoursStatusGoesWithRowsFarFromTheSelection() async throws {
        let directory = try TemporaryDirectory()
        let session = try await Self.valley(width: 160, height: 34, in: directory)
        defer { session.close() }
        // As many places as `roadtrip along` finds: more than the 61 rows around the selection
        // whose detours were routed, while the status waited for all of them ("routing the
        // detours…" for good).
        let along = try Regions.roadtrip(["along", "Valley", "--within", "20"], in: directory).standardOutput
        let count = try #require(along.firstMatch(of: /within 20.0 km of the road: (\d[\d,]*) places\./), "\(along)").1
        #expect((Int(count.replacingOccurrences(of: ",", with: "")) ?? 0) > 61, "more rows than were ever routed around the selection: \(count)")
        try await session.sendKeys("A")
        try await session.waitFor("within 2.0 km")
        try await session.sendKeys("+", "+", "+")
        try await session.waitUntil("the places within 20 km") { $0.contains("within 20.0 km") && $0.contains("\(count) places in the order they come") }
        try await session.sendKeys("G")
        try await session.waitUntil("the detours of the last rows routed, the status gone") { screen in
            let panel = Panel(screen: screen)
            return Self.saysNoDetourUnderWay(screen) && !panel.rowsOffTheRoad.isEmpty && panel.rowsOffTheRoad.allSatisfy(Panel.showsDetour)
                && screen.contains("\(count) places in the order they come")
        }
    }

    // MARK: Item 9

    @Test("Item 9: at 60 columns the panel shows the place whole and its kind, and the selected place in full under the list")
    func theColumnsGiveTheNameTheRoomAndTheKind() async throws {
        let directory = try TemporaryDirectory()
        let session = try await Self.valley(width: 60, height: 30, in: directory)
        defer { session.close() }
        try await session.sendKeys("A")
        let panel = try await session.waitUntil("the places, the camp site first") { screen in
            screen.contains("Càmping Valira") && screen.contains("places in the order they come")
        }
        let headings = try #require(Regions.line(of: "Place", in: panel), "\(session.framed(panel))")
        #expect(headings.contains("Kind"), "\(session.framed(panel))")
        let row = try #require(panel.components(separatedBy: "\n").first { $0.contains("Càmping Valira") && !$0.contains(" · ") }, "\(session.framed(panel))")
        #expect(row.contains("Càmping Valira ") && row.contains("camp site"), "the name whole and the kind: \(session.framed(panel))")
        #expect(!row.contains("of 11.6 km"), "the trip's length is said once, under the list: \(row)")
        // The selected place in full: its whole name first, then what the columns leave out.
        try await session.sendKeys("G")
        let last = try await session.waitUntil("the last place selected") { $0.contains("Casa d'Areny-Plandolit · museum · 11.6 km of 11.6 km") }
        #expect(Regions.line(of: "Casa d'Areny-Plandolit · museum", in: last)?.hasPrefix(" Casa d'Areny-Plandolit") == true, "\(session.framed(last))")
    }

    @Test("Item 9: a kind turned off and the distance stay as they were left after Esc and A again")
    func theKindsAndTheDistanceAreKeptForTheSession() async throws {
        let directory = try TemporaryDirectory()
        let session = try await Self.valley(width: 110, height: 30, in: directory)
        defer { session.close() }
        try await session.sendKeys("A")
        try await session.waitUntil("the places, beds among them") { $0.contains("[x] 4 beds") && $0.contains("Hotel Ibis") }
        try await session.sendKeys("4", "+")
        try await session.waitUntil("no beds, within 5 km") { $0.contains("[ ] 4 beds") && $0.contains("within 5.0 km") && !$0.contains("Hotel Ibis") }
        try await session.sendKeys("Escape")
        try await session.waitFor("Total distance:")
        try await session.sendKeys("A")
        let again = try await session.waitUntil("the panel again, its places found") { screen in
            screen.contains("Along the road: Valley") && screen.contains("places in the order they come")
        }
        #expect(again.contains("[ ] 4 beds") && again.contains("[x] 6 sights") && again.contains("within 5.0 km"), "\(session.framed(again))")
        #expect(!again.contains("Hotel Ibis"), "\(session.framed(again))")
    }

    // MARK: Item 11

    /// The text of the question's box, its lines joined: the dialog wraps its sentence.
    static func dialogText(_ screen: String) -> String {
        screen.components(separatedBy: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "│", omittingEmptySubsequences: false)
            return parts.count >= 3 ? parts[1...(parts.count - 2)].joined(separator: " ").trimmingCharacters(in: .whitespaces) : nil
        }.joined(separator: " ").replacing(/\ +/, with: " ")
    }

    /// "120 km" and "2 h 44 min" from the trip screen's "Total distance: 120 km by road · 2 h 44 min driving".
    static func totals(_ screen: String) -> (distance: String, driving: String)? {
        screen.firstMatch(of: /Total distance: (.+?) by road · (.+?) driving/).map { (String($0.1), String($0.2)) }
    }

    @Test("Item 11: the optimize question's before is the trip screen's driving time, its after what the trip screen shows once the order is used")
    func theOptimizeQuestionSaysTheTripScreensFigures() async throws {
        let directory = try TemporaryDirectory()
        // Seven stops in Andorra's valleys, in an order the roads make slow.
        try Regions.andorra(
            trip: "Valleys",
            [
                "42.5078, 1.5211", "42.5676, 1.5976", "42.4637, 1.4912", "42.5345, 1.5806", "42.5428, 1.7336",
                "42.5562, 1.5332", "42.4634, 1.4920",
            ], in: directory)
        let session = try await Regions.planner(openingTrip: "Valleys", width: 110, height: 30, in: directory)
        defer { session.close() }
        let trip = try await session.waitUntil("the trip, on its roads") { $0.contains("by road") && !$0.contains("≈") && !$0.contains("routing") }
        let before = try #require(Self.totals(trip), "\(session.framed(trip))")
        try await session.sendKeys("O")
        let question = try await session.waitUntil("the order proposed, with its question") { $0.contains("Quickest order") && $0.contains("y  Yes") }
        let text = Self.dialogText(question)
        let said = try #require(text.firstMatch(of: /Quickest order on the roads: (.+?) instead of (.+?), .+? less \((.+?)\)\./), "\(text)")
        #expect(String(said.2) == before.driving, "before: the question says \(said.2), the trip screen \(before.driving)\n\(session.framed(question))")
        try await session.sendKeys("y")
        let applied = try await session.waitUntil("the trip in the new order, on its roads") { screen in
            screen.contains("Stops in the new order") && screen.contains("by road") && !screen.contains("≈") && !screen.contains("routing")
        }
        let after = try #require(Self.totals(applied), "\(session.framed(applied))")
        #expect(
            String(said.1) == after.driving && String(said.3) == after.distance,
            "after: the question said \(said.1) (\(said.3)), the trip screen shows \(after.driving) (\(after.distance))\n\(session.framed(applied))")
    }

    /// "1 h 22 min" as 82 minutes.
    static func minutes(_ text: some StringProtocol) -> Int? {
        guard let match = String(text).wholeMatch(of: /(?:(\d+) h )?(\d+) min/) else { return nil }
        return (match.1.flatMap { Int($0) } ?? 0) * 60 + (Int(match.2) ?? 0)
    }

    @Test("Item 11: in the day view a day's part of a long leg shows its own time, and its warning the whole leg's, the sum of its parts")
    func theDayViewsWarningIsAboutTheWholeLeg() async throws {
        let session = try await TmuxSession(width: 160, height: 40)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("Down", "Enter")
        try await session.waitUntil("Route 66") { $0.contains("Route 66") && $0.contains("Total distance:") }
        try await session.sendKeys("i")
        let plan = try await session.waitUntil("the day view, with the leg split over two days") { $0.contains("part 2 of 2") }
        let parts = plan.components(separatedBy: "\n").compactMap {
            $0.firstMatch(of: /↓ ≈ (.+?) · .+?⚠ part (\d) of 2 of a ≈ (.+?) leg longer than the daily limit/)
        }
        try #require(parts.count == 2, "\(session.framed(plan))")
        let pieces = parts.compactMap { Self.minutes($0.1) }, wholes = parts.compactMap { Self.minutes($0.3) }
        try #require(pieces.count == 2 && wholes.count == 2, "\(session.framed(plan))")
        #expect(wholes[0] == wholes[1], "\(session.framed(plan))")
        #expect(pieces.allSatisfy { $0 < wholes[0] } && pieces.reduce(0, +) == wholes[0], "the parts \(pieces) of the leg \(wholes)\n\(session.framed(plan))")
    }

    // MARK: Item 13

    /// Whether the export form's note says it writes `path`, which the box may wrap anywhere.
    static func writes(_ path: String, in screen: String) -> Bool {
        dialogText(screen).replacing(" ", with: "").contains("Writes" + path.replacing(" ", with: ""))
    }

    @Test(
        "Item 13: export proposes the folder the planner was started in; after an export to another folder, the next proposes that one, and a name typed alone goes there"
    )
    func exportsGoWhereThePlannerWasStartedThenWhereTheLastWent() async throws {
        let started = try TemporaryDirectory()
        let maps = try TemporaryDirectory()
        let session = try await TmuxSession(width: 150, height: 30, workingDirectory: started.url)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("e")
        let startedIn = started.url.standardizedFileURL.path
        try await session.waitUntil("the file proposed in the folder started in") { Self.writes("\(startedIn)/Pacific Coast Drive.gpx", in: $0) }
        try await session.sendKeys("C-u")
        try await session.sendText(maps.url.appendingPathComponent("coast.gpx").path)
        try await session.sendKeys("Enter")
        try await session.waitFor("coast.gpx (GPX")
        #expect(FileManager.default.fileExists(atPath: maps.url.appendingPathComponent("coast.gpx").path))
        try await session.sendKeys("e")
        let elsewhere = maps.url.standardizedFileURL.path
        try await session.waitUntil("the next export proposed where the last went") { Self.writes("\(elsewhere)/Pacific Coast Drive.gpx", in: $0) }
        try await session.sendKeys("C-u")
        try await session.sendText("again.kml")
        try await session.waitUntil("again.kml in that folder") { Self.writes("\(elsewhere)/again.kml", in: $0) }
        try await session.sendKeys("Enter")
        try await session.waitFor("again.kml (KML")
        #expect(FileManager.default.fileExists(atPath: maps.url.appendingPathComponent("again.kml").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: started.path).isEmpty, "nothing was written where it was not asked")
    }
}
