import RoadtripCore

/// What a place index is made from: GeoNames places with their alternate names, the names of
/// their regions and countries. `gazetteer-builder` reads it from the file that
/// Scripts/make-gazetteer.py extracts; `GazetteerWriter` turns it into `gazetteer.bin`.
package struct GazetteerSource: Sendable {
    package struct Country: Sendable {
        /// ISO 3166-1 alpha-2.
        package var code: String
        package var name: String

        package init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    package struct Region: Sendable {
        package var countryCode: String
        /// The GeoNames admin-1 code, as places refer to it ("CA", "08", "ENG").
        package var code: String
        /// Empty when unknown.
        package var name: String
        /// What `Place.admin1Code` shows: a postal abbreviation ("ON", "NSW") or the GeoNames code.
        package var shortCode: String

        package init(countryCode: String, code: String, name: String, shortCode: String) {
            self.countryCode = countryCode
            self.code = code
            self.name = name
            self.shortCode = shortCode
        }
    }

    package struct Place: Sendable {
        package var geonameID: Int
        package var name: String
        package var latitude: Double
        package var longitude: Double
        package var countryCode: String
        /// The GeoNames admin-1 code (may be empty).
        package var admin1Code: String
        package var population: Int
        package var alternateNames: [String]
        /// The place's names that GeoNames tags with a language ("Cologne" in English, "Colonia" in
        /// Spanish for Köln): an alternate name among them is a trusted common name of the place.
        package var trustedNames: [String]
        /// The IANA time zone GeoNames gives the place ("America/Los_Angeles"); empty when unknown.
        package var timeZone: String
        package var kind: PlaceKind
        /// Meters above sea level, when known.
        package var elevation: Int?
        /// What the place weighs in the ranking (entries store it where a town's population goes):
        /// its population, or for a feature what its kind or its source says it is worth.
        package var weight: Int
        /// Opening hours, brand, sockets… of a region's place, for showing.
        package var details: PlaceDetails?

        package init(
            geonameID: Int, name: String, latitude: Double, longitude: Double, countryCode: String,
            admin1Code: String, population: Int, alternateNames: [String], trustedNames: [String] = [],
            timeZone: String = "", kind: PlaceKind = .populatedPlace, elevation: Int? = nil, weight: Int? = nil,
            details: PlaceDetails? = nil
        ) {
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
            self.kind = kind
            self.elevation = elevation
            self.weight = weight ?? population
            self.details = details
        }
    }

    package var countries: [Country]
    package var regions: [Region]
    package var places: [Place]

    package init(countries: [Country], regions: [Region], places: [Place]) {
        self.countries = countries
        self.regions = regions
        self.places = places
    }
}
