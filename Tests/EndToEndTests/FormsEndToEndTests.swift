import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 53, "the planner for people who live in the terminal", items 1, 7, 8 and 12: forms as a
/// keyboard-first user meets them. Ctrl-C in a form keeps what was typed; forms fit a short window
/// and their help scrolls; one rule for typing into a field; placeholders look like placeholders.
/// Each test waits for what the program shows or writes, never for a time.
@Suite("Issue 53: forms, fields and Ctrl-C")
struct FormsEndToEndTests {
    /// The settings' labels in the form's order, in km (the tests' locale).
    static let settingsLabels = [
        "Start date", "Start time (each day)", "Time zone of the start", "Daily driving (hours)", "Default stay (each stop)",
        "Average speed (km/h)", "Road factor", "Units (km or mi)", "End days by sunset", "Roads: quickest or shortest",
        "Vehicle: car, motorcycle, van or camper", "Fuel use (l/100 km)", "Fuel price (a litre)", "Currency (€, $, NOK…)",
        "Lodging (a night)", "Range (km)", "Fuel: petrol, diesel or electric",
    ]

    /// The first trip as saved, and its settings (empty when none was chosen).
    static func savedPacific(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws -> (trip: [String: Any], settings: [String: Any])
    {
        let trip = try #require(try Run.trips(at: session.dataFile).first, sourceLocation: sourceLocation)
        return (trip, trip["settings"] as? [String: Any] ?? [:])
    }

    static func stopNames(_ trip: [String: Any]) -> [String] {
        (trip["waypoints"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// The value after `label` on its line of the settings form, up to the form's border.
    static func formValue(_ label: String, in screen: String) -> String? {
        guard let line = screen.components(separatedBy: "\n").first(where: { $0.contains("│ \(label) ") }),
            let after = line.range(of: label)?.upperBound
        else { return nil }
        return line[after...].prefix { $0 != "│" }.trimmingCharacters(in: .whitespaces)
    }

    /// Opens the settings at 120×36, where the trip list shows the trips' whole names, then
    /// makes the window `width`×`height`, as a user dragging its corner would.
    static func openSettings(_ session: TmuxSession, resizedTo width: Int, _ height: Int) async throws {
        try await openSettings(session)
        try await session.resize(width: width, height: height)
        // The status bar on the last line: the program has drawn the screen at its new size.
        try await session.waitUntil("the settings at \(width)×\(height)") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count == height && lines[height - 1].contains("Esc Cancel") && screen.contains("Settings of")
        }
    }

    /// Opens the settings of “Pacific Coast Drive”.
    static func openSettings(_ session: TmuxSession) async throws {
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("S")
        try await session.waitFor("Settings of “Pacific Coast Drive”")
    }

    /// Waits until the screen and the terminal's cursor agree that the caret is on the line of
    /// `label` (the key that moved the focus has been drawn), and returns the screen and the
    /// cursor's row. The screen is read before and after the cursor, and taken only when both
    /// reads are the same frame.
    static func caretOn(_ label: String, _ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws -> (screen: String, row: Int) {
        let clock = ContinuousClock(), deadline = clock.now + HangGuard.limit
        var last = ""
        while clock.now < deadline {
            let before = try await session.capture(sourceLocation: sourceLocation)
            let row = Int(try await session.control("display-message", "-p", "-t", "0", "#{cursor_y}").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            let after = try await session.capture(sourceLocation: sourceLocation)
            let lines = after.components(separatedBy: "\n")
            if before == after, lines.indices.contains(row), lines[row].contains(label) { return (after, row) }
            last = after
            try await Task.sleep(for: .milliseconds(20))
        }
        throw EndToEndFailure("Hang: the caret never reached “\(label)”. Last screen:\n\(session.framed(last))", sourceLocation: sourceLocation)
    }

    /// The SGR attributes (1 bold, 2 faint, 3 italic, 7 reverse…) in force at the first character
    /// of `text` on the line of `capture-pane -e` output that holds it.
    static func attributes(at text: String, in line: String) -> Set<Int>? {
        guard let position = line.range(of: text)?.lowerBound else { return nil }
        var active = Set<Int>()
        var rest = line[..<position]
        while let start = rest.range(of: "\u{1B}[") {
            let parameters = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
            let end = rest.index(start.upperBound, offsetBy: parameters.count)
            rest = rest[end...]
            guard rest.first == "m" else { continue }
            for code in parameters.split(separator: ";", omittingEmptySubsequences: false).map({ Int($0) ?? 0 }) {
                switch code {
                case 0: active = []
                case 1...9: active.insert(code)
                case 22: active.subtract([1, 2])
                case 23: active.remove(3)
                case 27: active.remove(7)
                default: break
                }
            }
        }
        return active
    }

    // MARK: Item 1: Ctrl-C in a form

    @Test("Ctrl-C in the settings with a start time typed saves it, quits with 130 and restores the terminal")
    func controlCKeepsTheSettingsTyped() async throws {
        // The autosave is held: only the way out can save what the form held.
        let session = try await TmuxSession(width: 120, height: 36, hold: ["autosave"])
        defer { session.close() }
        try await Self.openSettings(session)
        try await session.sendKeys("Down", "C-u") // Ctrl-U clears, whether or not the text is selected
        try await session.sendText("10:00")
        try await session.waitUntil("10:00 typed as the start time") { Self.formValue("Start time (each day)", in: $0) == "10:00" }
        try await session.sendKeys("C-c")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 130, "\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen))
        #expect(try Self.savedPacific(session).settings["startTime"] as? String == "10:00")
    }

    @Test("A first Ctrl-C over a value in error keeps the form open and says why; a second quits, keeping the valid values")
    func controlCOverAValueInError() async throws {
        let session = try await TmuxSession(width: 120, height: 36, hold: ["autosave"])
        defer { session.close() }
        try await Self.openSettings(session)
        try await session.sendKeys("Down", "C-u") // Ctrl-U clears, whether or not the text is selected
        try await session.sendText("10:00")
        for _ in 0..<5 { try await session.sendKeys("Tab") }
        try await session.sendKeys("C-u")
        try await session.sendText("9")
        try await session.waitUntil("9 typed as the road factor") { Self.formValue("Road factor", in: $0) == "9" }
        try await session.sendKeys("C-c")
        let refused = try await session.waitUntil("the form, with why it did not quit") { screen in
            let text = screen.replacingOccurrences(of: "│", with: "").replacingOccurrences(of: "\n", with: " ")
            return screen.contains("Settings of “Pacific Coast Drive”") && text.contains("The road factor must be")
                && text.contains("Not quit: Ctrl-C again quits")
        }
        #expect(Self.formValue("Start time (each day)", in: refused) == "10:00", "what was typed is still there:\n\(session.framed(refused))")
        #expect(try Self.savedPacific(session).settings.isEmpty, "nothing saved while the planner stays open")
        try await session.sendKeys("C-c")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 130, "\(session.framed(screen))")
        let settings = try Self.savedPacific(session).settings
        #expect(settings["startTime"] as? String == "10:00")
        #expect(settings["roadFactor"] == nil, "the road factor in error is left out: \(settings)")
    }

    @Test("SIGTERM or SIGHUP with a form in error quits at once, keeping the valid values", arguments: [SIGTERM, SIGHUP])
    func aSignalFromOutsideKeepsTheValidValues(signal: Int32) async throws {
        let session = try await TmuxSession(width: 120, height: 36, hold: ["autosave"])
        defer { session.close() }
        try await Self.openSettings(session)
        try await session.sendKeys("Down", "C-u") // Ctrl-U clears, whether or not the text is selected
        try await session.sendText("10:00")
        for _ in 0..<5 { try await session.sendKeys("Tab") }
        try await session.sendKeys("C-u")
        try await session.sendText("9")
        try await session.waitUntil("9 typed as the road factor") { Self.formValue("Road factor", in: $0) == "9" }
        #expect(kill(try await session.programProcessID(), signal) == 0)
        let (status, screen) = try await session.waitForExit()
        #expect(status == 128 + signal, "\(session.framed(screen))")
        #expect(TmuxSession.showsNormalTerminalModes(screen))
        let settings = try Self.savedPacific(session).settings
        #expect(settings["startTime"] as? String == "10:00")
        #expect(settings["roadFactor"] == nil)
    }

    @Test("Ctrl-C in the stop editor adds the stop typed, as Enter would")
    func controlCKeepsTheStopTyped() async throws {
        let session = try await TmuxSession(width: 110, height: 30, hold: ["autosave"])
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("a")
        try await session.waitFor("Add a stop after “Monterey”")
        try await session.sendText("36.4799, -121.7325")
        try await session.waitFor("36.4799° N, 121.7325° W")
        try await session.sendKeys("Tab")
        try await session.sendText("Carmel Valley")
        // The placeholder names Carmel Valley Village: wait for the name typed in its place.
        try await session.waitUntil("Carmel Valley typed as the name") { screen in
            screen.components(separatedBy: "\n").contains { $0.hasPrefix(" Name") && $0.contains("Carmel Valley") && !$0.contains("the place's name") }
        }
        try await session.sendKeys("C-c")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 130, "\(session.framed(screen))")
        #expect(Self.stopNames(try Self.savedPacific(session).trip).prefix(2) == ["Monterey", "Carmel Valley"])
    }

    @Test("Ctrl-C while a new trip's name or a trip's new name is typed keeps it")
    func controlCKeepsTheNamesTyped() async throws {
        let session = try await TmuxSession(hold: ["autosave"])
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("r")
        try await session.sendText("Big Sur Loop")
        try await session.sendKeys("Enter")
        try await session.waitFor("Renamed to “Big Sur Loop”")
        try await session.sendKeys("a")
        try await session.waitFor("New trip")
        try await session.sendText("Lofoten")
        try await session.waitFor("Lofoten")
        try await session.sendKeys("C-c")
        #expect(try await session.waitForExit().status == 130)
        #expect(Run.names(of: try Run.trips(at: session.dataFile)).prefix(2) == ["Lofoten", "Big Sur Loop"])

        // Renaming in the list: the same.
        let again = try await TmuxSession(directory: session.directory, hold: ["autosave"])
        defer { again.close() }
        try await again.waitFor("Lofoten")
        try await again.sendKeys("r")
        try await again.sendText("Arctic")
        try await again.waitFor("Arctic")
        try await again.sendKeys("C-c")
        #expect(try await again.waitForExit().status == 130)
        #expect(Run.names(of: try Run.trips(at: again.dataFile)).prefix(2) == ["Arctic", "Big Sur Loop"])
    }

    @Test("Ctrl-C in the export form writes nothing: the first says Enter exports, the second quits")
    func controlCNeverExports() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        let path = session.directory.url.appendingPathComponent("coast.kml").path
        try await session.sendKeys("e")
        try await session.waitFor("Export “Pacific Coast Drive”")
        try await session.sendKeys("C-u")
        try await session.sendText(path)
        try await session.waitUntil("the path typed") { $0.replacingOccurrences(of: "│", with: "").contains("coast.kml") }
        try await session.sendKeys("C-c")
        try await session.waitUntil("why it did not quit") { screen in
            screen.replacingOccurrences(of: "│", with: "").replacingOccurrences(of: "\n", with: " ").contains("Not written yet: Enter exports")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        try await session.sendKeys("C-c")
        #expect(try await session.waitForExit().status == 130)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    // MARK: Item 7: forms that fit, help that can be read

    @Test("At 70×20 Tab goes through every setting: each shows, with the border, and the caret is never on the hint line")
    func settingsFitAShortWindow() async throws {
        let session = try await TmuxSession(width: 120, height: 36)
        defer { session.close() }
        try await Self.openSettings(session, resizedTo: 70, 20)
        for (index, label) in Self.settingsLabels.enumerated() {
            if index > 0 { try await session.sendKeys("Tab") }
            let (screen, row) = try await Self.caretOn(label, session)
            let lines = screen.components(separatedBy: "\n")
            let hint = try #require(lines.firstIndex { $0.contains("Enter OK ·") }, "\(session.framed(screen))")
            #expect(row < hint, "the caret on \(label) is above the hint line:\n\(session.framed(screen))")
            #expect(lines.indices.contains(hint + 1) && lines[hint + 1].contains("└"), "the form's border shows:\n\(session.framed(screen))")
        }
        let last = try await session.capture()
        #expect(last.contains("│ ↑ 3 more"), "fourteen fields fit, the first three above them:\n\(session.framed(last))")

        // From 12×4 to 250×70: the notice, then every field at once, with the border.
        try await session.resize(width: 12, height: 4)
        try await session.waitFor("Terminal")
        try await session.resize(width: 250, height: 70)
        let wide = try await session.waitUntil("every setting at 250×70") { screen in Self.settingsLabels.allSatisfy { screen.contains($0) } }
        #expect(!wide.contains("│ ↑ ") && !wide.contains("│ ↓ "), "nothing above or below:\n\(session.framed(wide))")
        #expect(wide.contains("└"))
        try await session.sendKeys("Escape")
        try await session.waitUntil("the form closed") { !$0.contains("Settings of") }
        try await session.sendKeys("q")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Self.savedPacific(session).settings.isEmpty)
    }

    @Test("F1 in a short window: the field help scrolls with j, and neither j nor the key that closes it reaches the field")
    func fieldHelpScrolls() async throws {
        let session = try await TmuxSession(width: 120, height: 36)
        defer { session.close() }
        try await Self.openSettings(session, resizedTo: 70, 20)
        try await session.sendKeys("Down", "Down")
        let zone = try await session.waitUntil("the time zone focused") { Self.formValue("Time zone of the start", in: $0)?.isEmpty == false }
        let shownZone = try #require(Self.formValue("Time zone of the start", in: zone))
        try await session.sendKeys("F1")
        let help = try await session.waitFor("Help — Settings of")
        #expect(!help.contains("│ …"), "the help is not cut:\n\(session.framed(help))")
        #expect(help.contains("lines 1–"), "\(session.framed(help))")
        try await session.sendKeys("j")
        try await session.waitFor("lines 2–")
        try await session.sendKeys("G")
        let bottom = try await session.waitUntil("the end of the help") { $0.contains("Fuel: petrol, diesel or electric: petrol") }
        #expect(bottom.contains("Help — Settings of"))
        try await session.sendKeys("j", "Escape")
        let closed = try await session.waitUntil("the help closed over the form") { !$0.contains("Help — Settings") && $0.contains("Settings of") }
        #expect(Self.formValue("Time zone of the start", in: closed) == shownZone, "\(session.framed(closed))")
        try await session.sendKeys("Enter")
        try await session.waitFor("Settings kept.")
        try await session.sendKeys("q")
        try await session.waitFor("Roadtrips") // at 70 columns the trips' names are cut
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Self.savedPacific(session).settings["timeZone"] == nil)
    }

    // MARK: Item 8: one rule for typing into a field

    @Test("A field taking the focus has its text selected: typing replaces it, an arrow keeps it")
    func typingReplacesAnArrowKeeps() async throws {
        let session = try await TmuxSession(width: 120, height: 36)
        defer { session.close() }
        try await Self.openSettings(session)
        for _ in 0..<3 { try await session.sendKeys("Tab") }
        try await session.sendText("0.5")
        try await session.waitUntil("0.5 as the daily driving") { Self.formValue("Daily driving (hours)", in: $0) == "0.5" }
        for _ in 0..<3 { try await session.sendKeys("Tab") }
        try await session.sendKeys("Right")
        try await session.sendText("5")
        try await session.waitUntil("1.255 as the road factor") { Self.formValue("Road factor", in: $0) == "1.255" }
        try await session.sendKeys("Enter")
        try await session.waitFor("Settings changed")

        // The stop editor: a stop's name, selected as Tab reaches it, is typed over.
        try await session.sendKeys("Enter")
        try await session.waitFor("Edit “Monterey”")
        try await session.sendKeys("Tab")
        try await session.sendText("Cannery Row")
        try await session.waitFor("Cannery Row")
        try await session.sendKeys("Enter")
        try await session.waitFor("Updated “Cannery Row”.")
        try await session.sendKeys("q")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        let (trip, settings) = try Self.savedPacific(session)
        #expect(settings["dailyLimitHours"] as? Double == 0.5)
        #expect(settings["roadFactor"] as? Double == 1.255)
        #expect(Self.stopNames(trip).first == "Cannery Row")
    }

    @Test("The stop editor's empty Name shows the place's name as a placeholder, faint and slanted, and saves the place's own name")
    func placeholdersLookLikePlaceholders() async throws {
        let session = try await TmuxSession(width: 110, height: 30)
        defer { session.close() }
        try await TripDetailEndToEndTests.openPacific(session)
        try await session.sendKeys("a")
        try await session.waitFor("Add a stop after “Monterey”")
        try await session.sendText("36.4799, -121.7325")
        let screen = try await session.waitFor("36.4799° N, 121.7325° W")
        let nameLine = try #require(screen.components(separatedBy: "\n").first { $0.hasPrefix(" Name") }, "\(session.framed(screen))")
        let placeholder = nameLine.dropFirst(" Name".count).trimmingCharacters(in: .whitespaces)
        #expect(placeholder.hasPrefix("(near ") && placeholder.hasSuffix(", the place's name)"), "\(session.framed(screen))")
        let styled = try await session.captureWithAttributes()
        let styledLine = try #require(styled.components(separatedBy: "\n").first { $0.contains(placeholder) })
        let attributes = try #require(Self.attributes(at: placeholder, in: styledLine))
        #expect(attributes.isSuperset(of: [2, 3]), "faint and italic, unlike typed text: \(attributes) in \(styledLine.debugDescription)")
        let typed = try #require(styled.components(separatedBy: "\n").first { $0.contains("36.4799, -121.7325") })
        #expect(Self.attributes(at: "36.4799, -121.7325", in: typed)?.isDisjoint(with: [2, 3]) == true, "the Place typed is plain text")

        try await session.sendKeys("Enter")
        try await session.waitFor("Added “near ")
        try await session.sendKeys("q")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        let name = Self.stopNames(try Self.savedPacific(session).trip)[1]
        #expect(name.hasPrefix("near ") && !name.contains("the place's name") && !name.hasPrefix("("), "\(name)")
    }

    // MARK: Item 12: "none" in line

    @Test("In the settings every value starts in one column, placeholders (“none”, “today”) included, and they are not saved")
    func valuesStartInOneColumn() async throws {
        let session = try await TmuxSession(width: 120, height: 36)
        defer { session.close() }
        try await Self.openSettings(session)
        let screen = try await session.capture()
        let columns = Self.settingsLabels.compactMap { label -> Int? in
            guard let line = screen.components(separatedBy: "\n").first(where: { $0.contains("│ \(label) ") }),
                let after = line.range(of: label)?.upperBound,
                let value = line[after...].firstIndex(where: { $0 != " " })
            else { return nil }
            return line.distance(from: line.startIndex, to: value)
        }
        #expect(columns.count == Self.settingsLabels.count, "\(session.framed(screen))")
        #expect(Set(columns).count == 1, "the values start in the columns \(columns):\n\(session.framed(screen))")
        #expect(Self.formValue("Default stay (each stop)", in: screen) == "none")
        try await session.sendKeys("Enter")
        try await session.waitFor("Settings kept.")
        try await session.sendKeys("q")
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Self.savedPacific(session).settings.isEmpty, "placeholders are never saved as values")
    }
}
