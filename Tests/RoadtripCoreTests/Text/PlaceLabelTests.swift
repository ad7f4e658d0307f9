@testable import RoadtripCore
import Testing

@Suite struct PlaceLabelTests {
    /// Issue 38, item 9: one form for a list's region column, whatever the row: the region's name
    /// and the country's code, the country's name where the region is not known.
    @Test func aListWritesTheRegionsNameAndTheCountrysCodeOrTheCountryAlone() {
        #expect(PlaceLabel.regionAndCountry(region: "Andorra la Vella", country: "Andorra") == "Andorra la Vella, AD")
        #expect(PlaceLabel.regionAndCountry(region: "Escaldes-Engordany", country: "Andorra", countryCode: "AD") == "Escaldes-Engordany, AD")
        #expect(PlaceLabel.regionAndCountry(region: nil, country: "Andorra") == "Andorra")
        #expect(PlaceLabel.regionAndCountry(region: "", country: "United States", countryCode: "US") == "United States")
        #expect(PlaceLabel.regionAndCountry(region: "Bavaria", country: nil) == "Bavaria")
        // A country Foundation has no code for keeps its name.
        #expect(PlaceLabel.regionAndCountry(region: "North", country: "Atlantis") == "North, Atlantis")
        #expect(PlaceLabel.regionAndCountry(region: nil, country: "").isEmpty)
    }

    @Test func aRegionAndCountryShortenByWholeNames() {
        let forms = PlaceLabel.forms(region: "Oregon", country: "United States")
        #expect(forms == ["Oregon, United States", "Oregon, US", "Oregon", "US"])
        #expect(PlaceLabel.fitting(forms, width: 40) == "Oregon, United States")
        #expect(PlaceLabel.fitting(forms, width: 16) == "Oregon, US")
        #expect(PlaceLabel.fitting(forms, width: 8) == "Oregon")
        #expect(PlaceLabel.fitting(forms, width: 4) == "US")
    }

    @Test func theGazetteersCodeIsUsedAsGivenAndAccentsStay() {
        #expect(
            PlaceLabel.forms(region: "Île-de-France", country: "France", countryCode: "FR")
                == ["Île-de-France, France", "Île-de-France, FR", "Île-de-France", "FR"])
        // A long region too wide on its own leaves the country's code, never half a name.
        let forms = PlaceLabel.forms(region: "Provence-Alpes-Côte d'Azur", country: "France")
        #expect(PlaceLabel.fitting(forms, width: 17) == "FR")
    }

    @Test func aCountryAloneOrARegionAloneHasNoRepeats() {
        #expect(PlaceLabel.forms(region: nil, country: "United States") == ["United States", "US"])
        #expect(PlaceLabel.forms(region: "Bavaria", country: "") == ["Bavaria"])
        // A country Foundation has no code for keeps its name.
        #expect(PlaceLabel.forms(region: "North", country: "Atlantis") == ["North, Atlantis", "North", "Atlantis"])
        #expect(PlaceLabel.forms(region: nil, country: nil).isEmpty)
    }

    /// A place whose name repeats in a list keeps its region in every form, so "CA" (Canada or
    /// California?) is never all that tells two Fort Williams apart.
    @Test func formsForARepeatedNameAlwaysNameTheRegion() {
        let forms = PlaceLabel.formsNamingTheRegion(region: "Newfoundland and Labrador", country: "Canada", countryCode: "CA")
        #expect(forms == ["Newfoundland and Labrador, Canada", "Newfoundland and Labrador, CA", "Newfoundland and Labrador"])
        #expect(PlaceLabel.fitting(forms, width: 10) == "Newfoundland and Labrador")
        // Without a region there is nothing better than the country.
        #expect(PlaceLabel.formsNamingTheRegion(region: "", country: "Canada", countryCode: "CA") == ["Canada", "CA"])
    }

    /// Issue 59, item 1: the country names are a table written once, not ICU asked at every start;
    /// it must still say what Foundation says (a new toolchain's CLDR: run `make data`).
    @Test func theCountryNamesTableIsWhatFoundationSays() {
        #expect(CountryNames.byLowercasedName == CountryCodes.namesFromFoundation())
        #expect(CountryCodes.countryNamesSource().contains("\"andorra\": \"AD\","))
        #expect(CountryCodes.code(forName: "Côte d’Ivoire") == "CI" && CountryCodes.code(forName: "Ivory Coast") == "CI")
    }
}
