import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import Testing

/// A query and the place it must find: first, or among the first `within` results.
struct Expected: CustomTestStringConvertible, Sendable {
    let query: String
    let name: String
    let countryCode: String
    var admin1Code: String?
    var within = 1
    /// Where the search is made from (the trip around the stop), and what to call it.
    var near: (name: String, point: Coordinate)?

    var testDescription: String { "“\(query)”\(near.map { " near \($0.name)" } ?? "") → \(name) (\(countryCode))" }

    init(
        _ query: String, _ name: String, _ countryCode: String, _ admin1Code: String? = nil, within: Int = 1,
        near: (name: String, point: Coordinate)? = nil
    ) {
        self.query = query
        self.name = name
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.within = within
        self.near = near
    }

    func check(in gazetteer: Gazetteer) {
        let results = gazetteer.search(query, limit: max(10, within), near: near.flatMap { SearchContext([$0.point]) })
        let found = results.prefix(within).contains { place in
            place.name == name && place.countryCode == countryCode && (admin1Code.map { $0 == place.admin1Code } ?? true)
        }
        #expect(found, "\(testDescription): got \(results.prefix(within).map { "\($0.name), \($0.shortRegion), \($0.countryCode)" })")
    }
}

@Suite struct GazetteerSearchQualityTests {
    @Test(arguments: [
        Expected("zurich", "Zürich", "CH"),
        Expected("ZURICH", "Zürich", "CH"),
        Expected("zürich", "Zürich", "CH"),
        Expected("sao paulo", "São Paulo", "BR"),
        Expected("São Paulo", "São Paulo", "BR"),
        Expected("montreal", "Montréal", "CA", "QC"),
        Expected("malaga", "Málaga", "ES"),
        Expected("reykjavik", "Reykjavík", "IS"),
        Expected("krakow", "Kraków", "PL"),
        Expected("lodz", "Łódź", "PL"),
        Expected("bogota", "Bogotá", "CO"),
        Expected("koln", "Köln", "DE"),
    ])
    func caseAndDiacriticsAreIgnored(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("Munich", "Munich", "DE"),
        Expected("München", "Munich", "DE"),
        Expected("Munchen", "Munich", "DE"),
        Expected("Cologne", "Köln", "DE"),
        Expected("Lisboa", "Lisbon", "PT"),
        Expected("Bombay", "Mumbai", "IN"),
        Expected("Wien", "Vienna", "AT"),
        Expected("Firenze", "Florence", "IT"),
        Expected("Praha", "Prague", "CZ"),
        Expected("Peking", "Beijing", "CN"),
        Expected("Calcutta", "Kolkata", "IN"),
        Expected("Saigon", "Ho Chi Minh City", "VN"),
        Expected("Warschau", "Warsaw", "PL"),
    ])
    func alternateNamesAndExonymsFindThePlace(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("東京", "Tokyo", "JP"),
        Expected("Москва", "Moscow", "RU"),
        Expected("Αθήνα", "Athens", "GR"),
        Expected("서울", "Seoul", "KR"),
        Expected("北京", "Beijing", "CN"),
        Expected("القاهرة", "Cairo", "EG"),
    ])
    func namesInOtherScriptsFindThePlace(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("san fr", "San Francisco", "US", "CA"),
        Expected("salt la", "Salt Lake City", "US", "UT"),
        Expected("new yo", "New York City", "US", "NY"),
        Expected("los ang", "Los Angeles", "US", "CA"),
        Expected("rio de j", "Rio de Janeiro", "BR"),
        Expected("frankfurt am", "Frankfurt am Main", "DE"),
        Expected("sa fr", "San Francisco", "US", "CA"),
        Expected("monter", "Monterey", "US", "CA", within: 10),
        Expected("lake tahoe", "South Lake Tahoe", "US", "CA"),
        Expected("vegas", "Las Vegas", "US", "NV", within: 3),
    ])
    func everyWordIsMatchedAsAPrefix(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("st louis", "St. Louis", "US", "MO"),
        Expected("saint louis", "St. Louis", "US", "MO"),
        Expected("st paul", "Saint Paul", "US", "MN"),
        Expected("st augustine", "Saint Augustine", "US", "FL"),
        Expected("st petersburg", "Saint Petersburg", "RU"),
        Expected("st gallen", "Sankt Gallen", "CH"),
        Expected("ste foy", "Sainte-Foy", "CA", "QC"),
        Expected("ft lauderdale", "Fort Lauderdale", "US", "FL"),
        Expected("ft worth", "Fort Worth", "US", "TX"),
        Expected("fort worth", "Fort Worth", "US", "TX"),
        Expected("mt vernon", "Mount Vernon", "US", "NY"),
        Expected("mount vernon", "Mount Vernon", "US", "NY"),
        Expected("mt shasta", "Mount Shasta", "US", "CA"),
    ])
    func commonAbbreviationsWorkBothWays(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("winston salem", "Winston-Salem", "US", "NC"),
        Expected("winston-salem", "Winston-Salem", "US", "NC"),
        Expected("Winston–Salem", "Winston-Salem", "US", "NC"),
        Expected("wilkes barre", "Wilkes-Barre", "US", "PA"),
        Expected("coeur dalene", "Coeur d'Alene", "US", "ID"),
        Expected("coeur d'alene", "Coeur d'Alene", "US", "ID"),
        Expected("ofallon", "O'Fallon", "US", "MO"),
        Expected("carmel by the sea", "Carmel-by-the-Sea", "US", "CA"),
        Expected("St. Louis", "St. Louis", "US", "MO"),
    ])
    func punctuationAndHyphensAreIgnored(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("Portland, OR", "Portland", "US", "OR"),
        Expected("Portland, Oregon", "Portland", "US", "OR"),
        Expected("Portland, Maine", "Portland", "US", "ME"),
        Expected("Portland, ME", "Portland", "US", "ME"),
        Expected("Paris, TX", "Paris", "US", "TX"),
        Expected("Paris, Texas", "Paris", "US", "TX"),
        Expected("Paris, Tex", "Paris", "US", "TX"),
        Expected("Paris, France", "Paris", "FR"),
        Expected("Paris, FR", "Paris", "FR"),
        Expected("London, ON", "London", "CA", "ON"),
        Expected("London, Ontario", "London", "CA", "ON"),
        Expected("London, UK", "London", "GB"),
        Expected("London, England", "London", "GB"),
        Expected("Sydney, NSW", "Sydney", "AU", "NSW"),
        Expected("Sydney, Australia", "Sydney", "AU"),
        Expected("Perth, WA", "Perth", "AU", "WA"),
        Expected("Perth, Scotland", "Perth", "GB"),
        Expected("Springfield, IL", "Springfield", "US", "IL"),
        Expected("Vancouver, WA", "Vancouver", "US", "WA"),
        Expected("Vancouver, BC", "Vancouver", "CA", "BC"),
        Expected("St. Petersburg, FL", "St. Petersburg", "US", "FL"),
        Expected("Portland, USA", "Portland", "US", "OR"),
    ])
    func aQualifierNarrowsByRegionOrCountry(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    @Test(arguments: [
        Expected("Paris", "Paris", "FR"),
        Expected("Springfield", "Springfield", "US", "MO"),
        Expected("London", "London", "GB"),
        Expected("Portland", "Portland", "US", "OR"),
        Expected("Birmingham", "Birmingham", "GB"),
        Expected("San Jose", "San Jose", "US", "CA"),
    ])
    func theMostPopulousPlaceOfANameComesFirst(_ expected: Expected) throws {
        expected.check(in: try RealGazetteer.get())
    }

    /// A name people really use for a place (GeoNames gives it in some language) ranks as its own
    /// name, by population; any other alternate name comes after every place of that very name.
    @Test func aTrustedAlternateNameBeatsASmallerOwnNameADoubtfulOneNever() throws {
        let gazetteer = try RealGazetteer.get()
        #expect(gazetteer.search("Cologne", limit: 5).map(\.countryCode).prefix(2) == ["DE", "IT"])
        let monterey = gazetteer.search("Monterey", limit: 10)
        let mexico = try #require(monterey.firstIndex { $0.countryCode == "MX" })
        #expect(monterey.prefix(mexico).allSatisfy { $0.name == "Monterey" } && mexico > 0, "\(monterey.map(\.name))")
    }

    @Test func theRankingRules() {
        func candidate(_ quality: MatchQuality, alternate: Bool = false, trusted: Bool = false, length: Int = 8, population: UInt32) -> Candidate {
            Candidate(
                place: population, quality: quality, regionQuality: 0, alternate: alternate, trusted: trusted,
                matchedLength: length, population: population)
        }
        // A doubtful alternate typed whole comes after an own name however big its place, but
        // before a name that merely starts with the query.
        #expect(candidate(.exactName, population: 1_000) < candidate(.exactName, alternate: true, population: 1_000_000))
        #expect(candidate(.exactName, alternate: true, population: 1_000) < candidate(.namePrefix, population: 1_000_000))
        // A trusted one is an own name: population decides.
        #expect(candidate(.exactName, alternate: true, trusted: true, population: 1_000_000) < candidate(.exactName, population: 1_000))
        // A short doubtful alternate ("Sa", "LA") counts as a prefix, discounted.
        let short = candidate(.exactName, alternate: true, length: 2, population: 1_600_000)
        #expect(short.quality == .namePrefix && short.weight == 100_000)
        // With a trip around it, nearness weighs in: the square root of the population over (1 + km / 100)².
        let near = Candidate(place: 1, quality: .exactName, regionQuality: 0, alternate: false, population: 10_000, distance: 100)
        #expect(near.weight == 25)
    }

    /// A place found by a kind word read as its kind goes after the places whose names matched as
    /// well, however heavy, and before those whose names matched worse.
    @Test func aKindMatchRanksAfterANameMatchOfTheSameQuality() {
        func candidate(_ quality: MatchQuality, byKind: Bool, population: UInt32) -> Candidate {
            Candidate(place: population, quality: quality, byKind: byKind, regionQuality: 0, alternate: false, population: population)
        }
        #expect(candidate(.laterWord, byKind: false, population: 10) < candidate(.laterWord, byKind: true, population: 1_000_000))
        #expect(candidate(.laterWord, byKind: true, population: 10) < candidate(.wordPrefixes, byKind: false, population: 1_000_000))
        #expect(Candidate.ranks(candidate(.exactName, byKind: true, population: 5), before: candidate(.exactName, byKind: true, population: 5)) == nil)
    }

    /// Match quality first, then population (alternate names that only start like the query
    /// count for less, `Candidate.alternateDiscount`).
    @Test(arguments: ["salinas", "san", "monter", "st louis", "sa fr", "lake", "Portland, M"])
    func resultsAreRankedByQualityThenPopulation(_ query: String) throws {
        let candidates = GazetteerSearch(tables: try RealGazetteer.get().tables, limit: 30).run(query)
        #expect(candidates.count > 1)
        for (better, worse) in zip(candidates, candidates.dropFirst()) {
            #expect(
                better.quality < worse.quality || (better.quality == worse.quality && better.regionQuality < worse.regionQuality)
                    || (better.quality == worse.quality && better.regionQuality == worse.regionQuality && better.weight >= worse.weight))
        }
    }

    @Test func anExactNameComesBeforeNamesThatOnlyStartLikeIt() throws {
        let candidates = GazetteerSearch(tables: try RealGazetteer.get().tables, limit: 10).run("monterey")
        #expect(candidates.first?.quality == .exactName)
        #expect(candidates.contains { $0.quality == .namePrefix })
    }

    @Test func aQualifierKeepsOnlyItsRegion() throws {
        let results = try RealGazetteer.get().search("Springfield, MA", limit: 10)
        #expect(!results.isEmpty)
        #expect(results.first?.admin1Code == "MA")
        #expect(results.allSatisfy { $0.countryCode == "US" && $0.admin1Code.hasPrefix("M") })
    }
}

@Suite struct GazetteerSearchEdgeTests {
    @Test(arguments: ["xqzzyv", "Portland, Atlantis", "zzzz zzzz", "!!!"])
    func noMatchGivesNothing(_ query: String) throws {
        #expect(try RealGazetteer.get().search(query, limit: 10).isEmpty)
    }

    @Test(arguments: ["", "   ", ",", ", OR", " , "])
    func anEmptyQueryGivesNothing(_ query: String) throws {
        #expect(try RealGazetteer.get().search(query, limit: 10).isEmpty)
    }

    @Test func theLimitIsRespected() throws {
        let gazetteer = try RealGazetteer.get()
        #expect(gazetteer.search("san", limit: 5).count == 5)
        #expect(gazetteer.search("san", limit: 1).count == 1)
        #expect(gazetteer.search("san", limit: 0).isEmpty)
        #expect(gazetteer.search("san", limit: -3).isEmpty)
        #expect(gazetteer.search("san", limit: 200).count == 200)
    }

    @Test func everyPlaceAppearsOnce() throws {
        let results = try RealGazetteer.get().search("san", limit: 200)
        #expect(Set(results).count == results.count)
    }

    /// Short prefixes are answered from lists stored in the file; a long limit scans instead. Both
    /// must rank alike.
    @Test(arguments: ["s", "sa", "san", "st", "m", "new", "saint", "la", "b", "ft", "mt"])
    func storedListsAgreeWithAScan(_ query: String) throws {
        let gazetteer = try RealGazetteer.get()
        let stored = gazetteer.search(query, limit: 10)
        let scanned = Array(gazetteer.search(query, limit: TopLists.length + 1).prefix(10))
        #expect(stored.count == 10)
        #expect(stored == scanned)
    }

    @Test func aLongQueryOfManyWordsIsHandled() throws {
        let query = String(repeating: "st ", count: 20) + "louis"
        #expect(try RealGazetteer.get().search(query, limit: 10).isEmpty)
    }
}
