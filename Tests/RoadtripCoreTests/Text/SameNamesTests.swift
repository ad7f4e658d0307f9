@testable import RoadtripCore
import Testing

@Suite struct SameNamesTests {
    private func place(_ name: String, _ region: String, _ country: String, _ code: String) -> Place {
        Place(
            name: name, admin1: region, admin1Code: "", country: country, countryCode: code,
            coordinate: Coordinate(latitude: 0, longitude: 0), population: 1_000)
    }

    @Test func namesThatRepeatAreMarkedAndOthersAreNot() {
        #expect(SameNames.repeated(["Fort William", "Fort William", "Fort William Henry"]) == [true, true, false])
        #expect(SameNames.repeated([]) == [])
        #expect(SameNames.repeated(["Nara"]) == [false])
    }

    /// On a screen "Koln" and "Köln", "NARA" and "Nara" read as the same name.
    @Test func caseAndAccentsDoNotTellNamesApart() {
        #expect(SameNames.repeated(["Köln", "Koln", "NARA", "Nara", "Narita"]) == [true, true, true, true, false])
    }

    @Test func aRepeatedNameGetsItsRegionAndCountryAndAUniqueOneStaysShort() {
        let places = [
            place("Fort William", "Scotland", "United Kingdom", "GB"),
            place("Fort William", "Newfoundland and Labrador", "Canada", "CA"),
            place("Fort Williams", "Ontario", "Canada", "CA"),
        ]
        #expect(
            SameNames.labels(for: places) == [
                "Fort William, Scotland, United Kingdom", "Fort William, Newfoundland and Labrador, Canada", "Fort Williams",
            ])
    }

    @Test func anUnknownRegionIsLeftOut() {
        let places = [place("Nara", "", "Mali", "ML"), place("Nara", "Nara", "Japan", "JP")]
        #expect(SameNames.labels(for: places) == ["Nara, Mali", "Nara, Nara, Japan"])
    }
}
