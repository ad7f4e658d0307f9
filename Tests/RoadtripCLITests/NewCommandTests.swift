import Foundation
@testable import RoadtripCLI
@testable import RoadtripCore
import TextCanvas
import Testing
import RoadtripTestSupport

/// Warnings measure text, so these run on the main actor in a UTF-8 locale (see TextWidthTests).
@MainActor
@Suite struct NewCommandTests {
    let places = FakePlaces(FakePlaces.california.places) // its own: it records the last search

    init() {
        TextWidth.adoptUTF8Locale()
    }
    var finder: PlaceFinder { PlaceFinder(places: .fixed(places)) }

    @Test func eachPlaceIsLookedForNearTheOneBefore() throws {
        let stops = try NewCommand.stops(for: ["Monterey", "Big", "36.0, -121.5"], finder: finder)
        // The point is 41 km from Big Sur, the nearest place (issue 38: not "near" it), in California.
        #expect(stops.map(\.name) == ["Monterey", "Big Sur", "41 km SE of Big Sur, CA"])
        #expect(stops[2].region == "California" && stops[2].country == "United States")
        // Big was looked for from Monterey, the stop before it; then Monterey again near Big Sur,
        // the stop after it, the last search (issue 56).
        #expect(places.lastContext?.points == [FakePlaces.bigSur.coordinate])
    }

    /// Issue 56, item 6: the first place is looked for again near the second, so that its namesake
    /// near the trip is taken before a bigger one far off.
    @Test func theFirstPlaceIsLookedForNearTheSecond() throws {
        let stops = try NewCommand.stops(for: ["Monter", "Carmel"], finder: finder)
        #expect(stops.map(\.name) == ["Monterey", "Carmel-by-the-Sea"], "Monterey, California, 6 km from Carmel; not Monterrey, Mexico")
        #expect(try NewCommand.stops(for: ["Monter"], finder: finder).map(\.name) == ["Monterrey"], "alone, the bigger one")
    }

    @Test func everyPlaceNotFoundIsNamed() {
        #expect {
            try NewCommand.stops(for: ["Monterey", "Qqq", "Big Sur", "Zzz", "91, 0"], finder: finder)
        } throws: { error in
            let description = "\(error)"
            return description.contains("3 places were not found") && description.contains("“Qqq”") && description.contains("“Zzz”")
                && description.contains("“91, 0”: Latitude 91.0 is out of range")
        }
    }

    @Test func aPlaceFarOutOfLineIsWarnedAboutWithWhatToTypeInstead() {
        func stop(_ name: String, _ latitude: Double, _ longitude: Double, region: String? = nil, country: String? = nil) -> Stop {
            Stop(name: name, location: Coordinate(latitude: latitude, longitude: longitude), region: region, country: country)
        }
        let stops = [
            stop("Salzburg", 47.8, 13.04), stop("Paris", 33.66, -95.56, region: "Texas", country: "United States"),
            stop("Vienna", 48.21, 16.37),
        ]
        let warnings = NewCommand.outOfLineWarnings(stops, queries: ["Salzburg", "Paris", "Vienna"], unit: .km)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("“Paris” became Paris, Texas, United States, a ") == true, "\(warnings)")
        #expect(warnings.first?.contains("km detour between Salzburg and Vienna; add a region (“Paris, …”)") == true, "\(warnings)")
        #expect(NewCommand.outOfLineWarnings(Array(stops.dropFirst()), queries: ["Paris", "Vienna"], unit: .km).isEmpty)
    }
}
