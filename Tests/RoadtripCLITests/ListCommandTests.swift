import Foundation
@testable import RoadtripCLI
import RoadtripCore
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
        #expect(Set(array[0].keys) == ["id", "name", "stops", "distanceMeters", "estimate"])
        #expect(array[0]["id"] as? String == Fixtures.pacific.id.uuidString)
        #expect(array[0]["stops"] as? Int == 3)
        #expect(array[1]["distanceMeters"] as? Double == 0 && array[1]["estimate"] as? Bool == false)
    }

    /// Issue 35: the distance is the legs' by road, as `show` and the trip screen give it; with
    /// no leg on roads, the sum of the estimates (the straight line × the road factor), marked.
    @Test func theDistanceIsTheSumOfTheLegsByRoad() throws {
        let estimated = try #require(ListCommand.entries(for: [Fixtures.pacific]).first)
        let legs = LegFigures.estimated(legs: TripRoute(Fixtures.pacific).legMeters, estimate: RouteEstimate())
        #expect(estimated.distanceMeters == legs.total.meters && estimated.estimate)
        #expect(abs(estimated.distanceMeters - Fixtures.pacific.distanceMeters * 1.25) < 0.01)

        let road = LegFigures(meters: 58_200, seconds: 3_900, source: .road)
        let onRoads = try #require(ListCommand.entries(for: [Fixtures.pacific]) { _ in [road, road] }.first)
        #expect(onRoads.distanceMeters == 116_400 && !onRoads.estimate)
        let mixed = try #require(ListCommand.entries(for: [Fixtures.pacific]) { _ in [road, legs[1]] }.first)
        #expect(mixed.distanceMeters == 58_200 + legs[1].meters && mixed.estimate)
    }

    @Test func theTableShowsTheRoadDistanceMarkedWhenEstimated() {
        let road = LegFigures(meters: 29_100, seconds: 1_900, source: .road)
        let onRoads = ListCommand.table(for: [Fixtures.pacific], unit: .km) { _ in [road, road] }
        #expect(onRoads.contains("  58.2 km  ") && !onRoads.contains("≈"), "\(onRoads)")
        let estimated = ListCommand.table(for: [Fixtures.pacific, Fixtures.empty], unit: .km)
        let total = LegFigures.estimated(legs: TripRoute(Fixtures.pacific).legMeters, estimate: RouteEstimate()).total.meters
        #expect(estimated.contains("≈ \(DistanceUnit.km.format(meters: total))"), "\(estimated)")
        #expect(estimated.split(separator: "\n").last?.hasSuffix(" —") == true, "a trip without a leg has no distance: \(estimated)")
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
