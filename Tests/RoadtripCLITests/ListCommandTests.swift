import Foundation
@testable import RoadtripCLI
import TextCanvas
import Testing
import RoadtripTestSupport

/// Tables measure text, so these run on the main actor in a UTF-8 locale (see TextWidthTests).
@MainActor
@Suite struct ListCommandTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    @Test func jsonHasTheSpecFields() throws {
        let text = try ListCommand.json(for: [Fixtures.pacific, Fixtures.empty])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(Set(array[0].keys) == ["id", "name", "stops", "distanceMeters"])
        #expect(array[0]["id"] as? String == Fixtures.pacific.id.uuidString)
        #expect(array[0]["stops"] as? Int == 3)
        #expect(abs((array[0]["distanceMeters"] as? Double ?? 0) - Fixtures.pacific.distanceMeters) < 0.001)
        #expect(array[1]["distanceMeters"] as? Double == 0)
    }

    @Test func aTripInItsOwnUnitsIsListedInThem() {
        var miles = Fixtures.pacific
        miles.settings.units = .mi
        let lines = ListCommand.table(for: [miles, Fixtures.alps], unit: .km).split(separator: "\n")
        #expect(lines[0].contains(" mi "))
        #expect(lines[1].contains(" km "))
    }

    @Test func tableHasOneAlignedLinePerTrip() {
        let text = ListCommand.table(for: [Fixtures.pacific, Fixtures.alps], unit: .km)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("1  Pacific Drive"))
        #expect(lines[0].hasSuffix("Monterey → Morro Bay"))
        #expect(lines[1].hasPrefix("2  Alpine Loop"))
        #expect(lines[0].range(of: "3 stops")?.lowerBound.utf16Offset(in: lines[0]) == lines[1].range(of: "2 stops")?.lowerBound.utf16Offset(in: lines[1]))
    }
}
