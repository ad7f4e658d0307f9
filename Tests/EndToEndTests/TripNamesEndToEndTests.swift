import Foundation
import Testing
import RoadtripTestSupport

/// One name per trip (issue 38), in both front ends (issue 57, item 2): `roadtrip new` and
/// `rename` refused a name in use while the planner's `a`, `r` and copy made a second one.
@Suite("One name per trip, end to end")
struct TripNamesEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    /// Issue 38, item 6: `new` twice with one name made two trips, and `show NAME` could then only say so.
    @Test("new refuses a name in use (--force makes “NAME (2)”); an ambiguous name lists the trips to choose from")
    func oneTripPerName() throws {
        let directory = try TemporaryDirectory()
        #expect(try CLI.roadtrip(["new", "Wachau", "Krems an der Donau", "Melk"], in: directory).status == 0)
        let again = try CLI.roadtrip(["new", "wachau", "Krems an der Donau"], in: directory)
        #expect(
            again.status != 0 && again.standardError.contains("A trip is named “wachau” already: give the new trip another name, such as “wachau (2)”."),
            "\(CLI.describe(again))")
        #expect(
            again.standardError.contains("  1  Wachau  2 stops  ") && again.standardError.contains("Nothing was created; --force creates it as “wachau (2)”."))
        #expect(try Run.trips(at: directory.dataFile).count == 1)
        let forced = try CLI.roadtrip(["new", "--force", "Wachau", "Krems an der Donau"], in: directory)
        #expect(forced.status == 0 && forced.standardOutput.hasPrefix("Created “Wachau (2)”"), "\(CLI.describe(forced))")
        #expect(forced.standardError.contains("warning: a trip is already named “Wachau”: this one is “Wachau (2)”."))
        #expect(try Run.trips(at: directory.dataFile).compactMap { $0["name"] as? String } == ["Wachau (2)", "Wachau"], "a new trip goes first")
        // rename refuses the other's name too; a file written elsewhere may still hold two of one
        // name, and then every command lists them with the position and id that name each alone.
        let rename = try CLI.roadtrip(["rename", "Wachau (2)", "WACHAU"], in: directory)
        #expect(rename.status != 0 && rename.standardError.contains("Another trip is named “WACHAU” already; nothing was renamed."), "\(CLI.describe(rename))")
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.dataFile)) as? [String: Any])
        var trips = try #require(file["trips"] as? [[String: Any]])
        trips[0]["name"] = "Wachau"
        file["trips"] = trips
        try JSONSerialization.data(withJSONObject: file).write(to: directory.dataFile)
        let ids = trips.compactMap { $0["id"] as? String }
        for command in [["show", "Wachau"], ["plan", "Wachau"], ["add-stop", "Wachau", "Melk"], ["delete", "Wachau"]] {
            let ambiguous = try CLI.roadtrip(command, in: directory)
            #expect(
                ambiguous.status != 0 && ambiguous.standardError.contains("2 trips are named “Wachau”; give the trip's position or id instead:"),
                "\(command): \(CLI.describe(ambiguous))")
            #expect(
                ambiguous.standardError.contains("  1  Wachau  1 stop  \(ids[0])") && ambiguous.standardError.contains("  2  Wachau  2 stops  \(ids[1])"),
                "\(command): \(ambiguous.standardError)")
        }
    }

    /// The planner refuses what the command line refuses, in the same sentence, and the file
    /// holds one trip per name.
    @Test("the planner's a, r and copy refuse or avoid a name another trip has, as new and rename do")
    func thePlannerRefusesAsTheCommandLineDoes() async throws {
        let session = try await TmuxSession()
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("a")
        try await session.waitFor("New trip")
        try await session.sendText("route 66")
        try await session.sendKeys("Enter")
        try await session.waitFor("A trip is named “route 66” already")
        try await session.sendKeys("Escape")
        try await session.waitUntil("the form closed") { !$0.contains("New trip") }
        try await session.sendKeys("r") // on the first trip, Pacific Coast Drive; the name starts selected
        try await session.sendText("Route 66")
        try await session.sendKeys("Enter")
        try await session.waitFor("Another trip is named “Route 66” already; nothing was renamed.")
        try await session.sendKeys("Escape")
        try await session.sendKeys("c") // the copy is selected: Up copies the trip again
        try await session.waitFor("Made “Pacific Coast Drive (copy)”")
        try await session.sendKeys("Up", "c")
        try await session.waitFor("Made “Pacific Coast Drive (copy) (2)”")
        try await TripListEndToEndTests.quitNormally(session)
        let names = Run.names(of: try Run.trips(at: session.dataFile))
        #expect(
            names == ["Pacific Coast Drive", "Pacific Coast Drive (copy) (2)", "Pacific Coast Drive (copy)"] + SampleTrips.names.dropFirst(),
            "\(names)")
    }
}
