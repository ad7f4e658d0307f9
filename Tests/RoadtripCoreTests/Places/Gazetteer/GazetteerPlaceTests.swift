import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

@Suite struct GazetteerPlaceTests {
    private func first(_ query: String) throws -> Place {
        try #require(try RealGazetteer.get().search(query, limit: 1).first)
    }

    @Test func anAmericanPlaceHasItsStateAndPostalCode() throws {
        let portland = try first("Portland, OR")
        #expect(portland.name == "Portland")
        #expect(portland.admin1 == "Oregon")
        #expect(portland.admin1Code == "OR")
        #expect(portland.country == "United States")
        #expect(portland.countryCode == "US")
        #expect(portland.population > 500_000)
        #expect(abs(portland.coordinate.latitude - 45.523) < 0.01)
        #expect(abs(portland.coordinate.longitude - -122.676) < 0.01)
        #expect(portland.shortRegion == "OR")
    }

    @Test func californiaIsCA() throws {
        let monterey = try #require(try RealGazetteer.get().search("Monterey, California", limit: 1).first)
        #expect(monterey.admin1 == "California")
        #expect(monterey.admin1Code == "CA")
        #expect(monterey.shortRegion == "CA")
    }

    @Test func aCanadianPlaceHasItsProvinceAbbreviation() throws {
        let london = try first("London, ON")
        #expect(london.admin1 == "Ontario")
        #expect(london.admin1Code == "ON")
        #expect(london.country == "Canada")
        #expect(london.shortRegion == "ON")
    }

    @Test func anAustralianPlaceHasItsStateAbbreviation() throws {
        let sydney = try first("Sydney, Australia")
        #expect(sydney.admin1 == "New South Wales")
        #expect(sydney.admin1Code == "NSW")
        #expect(sydney.country == "Australia")
    }

    @Test func elsewhereTheRegionIsNamed() throws {
        let munich = try first("Munich")
        #expect(munich.admin1 == "Bavaria")
        #expect(munich.admin1Code == "02")
        #expect(munich.country == "Germany")
        #expect(munich.countryCode == "DE")
        #expect(munich.shortRegion == "Bavaria")
    }

    @Test func frenchRegionsAreTheCurrentOnes() throws {
        #expect(try first("Amiens").admin1 == "Hauts-de-France")
        #expect(try first("Strasbourg").admin1 == "Grand Est")
    }
}
