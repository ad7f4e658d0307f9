import Foundation

/// A place of a place index, as search results and stops use it: a populated place of the built-in
/// gazetteer (GeoNames "cities500"), a built-in natural feature (Natural Earth), or anything named
/// in an added region (OpenStreetMap).
package struct Place: Equatable, Hashable, Sendable {
    package let name: String
    /// First-level region name ("California", "Bavaria"); empty when unknown.
    package let admin1: String
    /// The region's short form where one is in common use ("CA", "ON", "NSW"), else its GeoNames
    /// code; empty when unknown.
    package let admin1Code: String
    /// Country name ("United States").
    package let country: String
    /// ISO 3166-1 alpha-2 ("US").
    package let countryCode: String
    package let coordinate: Coordinate
    package let population: Int
    /// The IANA time zone GeoNames gives the place ("America/Boise"); empty when unknown.
    package let timeZone: String
    /// What it is: a town, a peak, a lake…
    package let kind: PlaceKind
    /// Meters above sea level, when the source gives it (peaks, passes).
    package let elevation: Int?
    /// Which index found it: `Place.builtinSource`, or the name of the region it came from.
    package let source: String
    /// Opening hours, brand, operator, sockets, where a region's map gives them: for showing only.
    package let details: PlaceDetails?

    /// The `source` of places of the index that ships with the program.
    package static let builtinSource = "builtin"

    package init(
        name: String, admin1: String, admin1Code: String, country: String, countryCode: String, coordinate: Coordinate,
        population: Int, timeZone: String = "", kind: PlaceKind = .populatedPlace, elevation: Int? = nil,
        source: String = Place.builtinSource, details: PlaceDetails? = nil
    ) {
        self.name = name
        self.admin1 = admin1
        self.admin1Code = admin1Code
        self.country = country
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
        self.kind = kind
        self.elevation = elevation
        self.source = source
        self.details = details
    }

    /// What the place is, as a result line shows it: "village", "peak 3,143 m", "national park".
    package var kindText: String {
        let label = kind.label(population: population)
        guard let elevation else { return label }
        return "\(label) \(DistanceUnit.grouped(elevation)) m"
    }

    /// The place's time zone, for showing a stop's local time; nil when unknown or when this
    /// system's time zone database does not know the identifier.
    package var zone: TimeZone? { TimeZone(identifier: timeZone) }

    /// How a person names the region beside the place: the postal abbreviation in the United
    /// States, Canada and Australia ("Portland, OR"), the region's name elsewhere ("Füssen, Bavaria").
    package var shortRegion: String {
        ["US", "CA", "AU"].contains(countryCode) && !admin1Code.isEmpty ? admin1Code : admin1
    }
}

/// Finds places by name (and nearest to a point). The real one is the memory-mapped `Gazetteer`;
/// tests use small in-memory ones.
package protocol PlaceIndex: AnyObject, Sendable {
    /// Places matching `query`, best first: match quality, then population, weighed by distance
    /// from `context` when there is one. `query` may end in a qualifier ("Portland, OR", "Paris,
    /// France", "Seattle WA").
    func search(_ query: String, limit: Int, near context: SearchContext?) -> [Place]
    /// The place nearest to `coordinate` (by great-circle distance), if the gazetteer has any.
    func nearest(to coordinate: Coordinate) -> Place?
    /// The places at most `kilometers` from `coordinate` (great-circle), each with its distance, in
    /// no particular order.
    func places(within kilometers: Double, of coordinate: Coordinate) -> [(place: Place, kilometers: Double)]
    /// The place at most `kilometers` from `coordinate` that `weight` (of its kind and population;
    /// nil leaves it out) ranks highest, the nearer of equals, of those whose coordinate `isWanted`
    /// takes; the index reads only kind and population for the others, and asks `isWanted` only
    /// of a place that would rank first.
    func bestPlace(
        within kilometers: Double, of coordinate: Coordinate, weight: (PlaceKind, Int) -> Int?,
        where isWanted: (Coordinate) -> Bool
    ) -> RankedPlace?
    /// Why some of the places cannot be searched any more (an index file cut short on disk), one
    /// sentence each; empty while all can.
    var problems: [String] { get }
    /// The places of `kinds` in the cells of 1° numbered in `cells` (row from 90° S times 360,
    /// plus column from 180° W): what lies along a route is looked for cell by cell.
    func places(of kinds: Set<PlaceKind>, inCells cells: Set<Int>) -> [Place]
    /// Whether an index holds the services on the way (fuel, chargers…) at `coordinate`: inside an
    /// added region's area. Where none does, a stretch without a station is not known to have none.
    func knowsServices(at coordinate: Coordinate) -> Bool
}

extension PlaceIndex {
    package func places(of kinds: Set<PlaceKind>, inCells cells: Set<Int>) -> [Place] { [] }
    package func knowsServices(at coordinate: Coordinate) -> Bool { false }
}

/// A place found by its weight, with its distance.
package struct RankedPlace: Equatable, Sendable {
    package let place: Place
    package let kilometers: Double
    package let weight: Int

    /// Whether this one goes before `other`: heavier, else nearer.
    package func outranks(_ other: RankedPlace) -> Bool {
        weight != other.weight ? weight > other.weight : kilometers < other.kilometers
    }
}

extension PlaceIndex {
    package var problems: [String] { [] }

    package func bestPlace(
        within kilometers: Double, of coordinate: Coordinate, weight: (PlaceKind, Int) -> Int?,
        where isWanted: (Coordinate) -> Bool
    ) -> RankedPlace? {
        places(within: kilometers, of: coordinate).compactMap { found in
            weight(found.place.kind, found.place.population).map { RankedPlace(place: found.place, kilometers: found.kilometers, weight: $0) }
        }.sorted { $0.outranks($1) }.first { isWanted($0.place.coordinate) }
    }

    /// Places matching `query`, from nowhere in particular.
    package func search(_ query: String, limit: Int) -> [Place] {
        search(query, limit: limit, near: nil)
    }
}

extension Stop {
    /// A stop at `place`, named after it, with its region and country when the place knows them.
    package init(place: Place) {
        self.init(
            name: place.name, location: place.coordinate, region: place.admin1.isEmpty ? nil : place.admin1,
            country: place.country.isEmpty ? nil : place.country)
    }
}
