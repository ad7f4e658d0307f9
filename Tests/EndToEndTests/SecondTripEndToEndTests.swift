import Foundation
import Testing
import RoadtripTestSupport

/// Issue 38: what got in the way of four real day tours planned as a new user would.
@Suite("A second real trip's rough edges, end to end")
struct SecondTripEndToEndTests {
    typealias CLI = CommandLineEndToEndTests

    static func trips(in directory: TemporaryDirectory) throws -> [[String: Any]] {
        try Run.trips(at: directory.dataFile)
    }

    /// Item 6: `new` twice with one name made two trips, and `show NAME` could then only say so.
    @Test("new refuses a name in use (--force makes “NAME (2)”); an ambiguous name lists the trips to choose from")
    func oneTripPerName() throws {
        let directory = try TemporaryDirectory()
        #expect(try CLI.roadtrip(["new", "Wachau", "Krems an der Donau", "Melk"], in: directory).status == 0)
        let again = try CLI.roadtrip(["new", "wachau", "Krems an der Donau"], in: directory)
        #expect(again.status != 0 && again.standardError.contains("Nothing was created: a trip is named “wachau” already."), "\(CLI.describe(again))")
        #expect(again.standardError.contains("  1  Wachau  2 stops  ") && again.standardError.contains("pass --force to create it as “wachau (2)”"))
        #expect(try Self.trips(in: directory).count == 1)
        let forced = try CLI.roadtrip(["new", "--force", "Wachau", "Krems an der Donau"], in: directory)
        #expect(forced.status == 0 && forced.standardOutput.hasPrefix("Created “Wachau (2)”"), "\(CLI.describe(forced))")
        #expect(forced.standardError.contains("warning: a trip is already named “Wachau”: this one is “Wachau (2)”."))
        #expect(try Self.trips(in: directory).compactMap { $0["name"] as? String } == ["Wachau (2)", "Wachau"], "a new trip goes first")
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
            #expect(ambiguous.status != 0 && ambiguous.standardError.contains("2 trips are named “Wachau”; give the trip's position or id instead:"),
                    "\(command): \(CLI.describe(ambiguous))")
            #expect(ambiguous.standardError.contains("  1  Wachau  1 stop  \(ids[0])") && ambiguous.standardError.contains("  2  Wachau  2 stops  \(ids[1])"),
                    "\(command): \(ambiguous.standardError)")
        }
    }
}
