/// What a place index is made from: GeoNames places with their alternate names, the names of
/// their regions and countries. `gazetteer-builder` reads it from the file that
/// Scripts/make-gazetteer.py extracts; `GazetteerWriter` turns it into `gazetteer.bin`.
public struct GazetteerSource: Sendable {
    public struct Country: Sendable {
        /// ISO 3166-1 alpha-2.
        public var code: String
        public var name: String

        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    public struct Region: Sendable {
        public var countryCode: String
        /// The GeoNames admin-1 code, as places refer to it ("CA", "08", "ENG").
        public var code: String
        /// Empty when unknown.
        public var name: String
        /// What `Place.admin1Code` shows: a postal abbreviation ("ON", "NSW") or the GeoNames code.
        public var shortCode: String

        public init(countryCode: String, code: String, name: String, shortCode: String) {
            self.countryCode = countryCode
            self.code = code
            self.name = name
            self.shortCode = shortCode
        }
    }

    public struct Place: Sendable {
        public var geonameID: Int
        public var name: String
        public var latitude: Double
        public var longitude: Double
        public var countryCode: String
        /// The GeoNames admin-1 code (may be empty).
        public var admin1Code: String
        public var population: Int
        public var alternateNames: [String]
        /// The place's names that GeoNames tags with a language ("Cologne" in English, "Colonia" in
        /// Spanish for Köln): an alternate name among them is a trusted common name of the place.
        public var trustedNames: [String]
        /// The IANA time zone GeoNames gives the place ("America/Los_Angeles"); empty when unknown.
        public var timeZone: String

        public init(geonameID: Int, name: String, latitude: Double, longitude: Double, countryCode: String,
                    admin1Code: String, population: Int, alternateNames: [String], trustedNames: [String] = [],
                    timeZone: String = "") {
            self.geonameID = geonameID
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.countryCode = countryCode
            self.admin1Code = admin1Code
            self.population = population
            self.alternateNames = alternateNames
            self.trustedNames = trustedNames
            self.timeZone = timeZone
        }
    }

    public var countries: [Country]
    public var regions: [Region]
    public var places: [Place]

    public init(countries: [Country], regions: [Region], places: [Place]) {
        self.countries = countries
        self.regions = regions
        self.places = places
    }
}
