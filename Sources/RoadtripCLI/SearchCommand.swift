import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions

/// `roadtrip search QUERY [--limit N] [--json]`: the offline gazetteer from the command line.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find places offline: towns, natural features, and everything named in the added regions.",
        discussion: """
            QUERY is a name or its beginning, with an optional region or country after a comma or as \
            its last words ("Portland, OR", "Paris Texas"), or coordinates (the nearest place). With \
            --near, places near that point rank first, as the stop editor ranks places near a trip's stops.

            Built in: GeoNames places of 500 people or more, and Natural Earth's peaks, lakes, ranges, \
            waterfalls and US national parks. `roadtrip region add` adds the villages, peaks, lakes and \
            sights of an OpenStreetMap extract, and its fuel, food and beds, whose opening hours, brand \
            and sockets (as mapped, for reading only) are shown last.

            Examples:
              roadtrip search Portland, OR
              roadtrip search Astoria --near "45.52, -122.68"
              roadtrip search -33.8688,151.2093 --json
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The place to find, or coordinates (-33.8688, 151.2093).",
            discussion: "Several words are one query: roadtrip search Paris, TX.",
            valueName: "query"))
    var query: [String]

    // `.unconditional`: `--limit -1` is a value, and gets the sentence of validate().
    @Option(name: .long, parsing: .unconditional, help: "How many places at most (1 to 1000).")
    var limit = 10

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Rank places near this point first, as the stop editor does near a trip's stops (\"45.52, -122.68\").",
            valueName: "lat,lon"))
    var near: String?

    @Flag(
        name: .long,
        help:
            "Print a JSON array of {name, label, kind, region, admin1, regionLabel, country, countryCode, latitude, longitude, population, elevation, source, details}, best first."
    )
    var json = false

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1.") }
        guard limit <= 1000 else { throw ValidationError("--limit must be at most 1000.") }
        _ = try CommandWords.values(query)
        _ = try context()
    }

    /// The point of `--near`, read as the stop editor reads coordinates.
    private func context() throws -> SearchContext? {
        guard let near else { return nil }
        do {
            return SearchContext([try CoordinateParser.parse(near)])
        } catch {
            throw ValidationError("--near takes a latitude and longitude (\"45.52, -122.68\"): \(error.description)")
        }
    }

    struct Entry: Encodable, Equatable {
        let name: String
        /// What the list calls the place: its name, with its region and country when another
        /// result has the same name ("Fort William, Scotland, United Kingdom"), as `SameNames` says.
        let label: String
        /// What it is: "town", "village", "peak", "lake", "national park"…
        let kind: String
        /// The first-level region's name ("Scotland", "Ontario"); empty when unknown.
        let region: String
        /// The same as `region`, under the name scripts written before it read.
        let admin1: String
        /// The region and country as the table, the stop list and `roadtrip show` write them
        /// ("Andorra la Vella, AD"; `PlaceLabel.regionAndCountry`); empty when neither is known.
        let regionLabel: String
        let country: String
        let countryCode: String
        let latitude: Double
        let longitude: Double
        let population: Int
        /// Meters, when known.
        let elevation: Int?
        /// `builtin`, or the name of the region the place came from.
        let source: String
        /// What a region's map says of it besides (opening hours, brand…), where it says it.
        let details: Details?

        /// `PlaceDetails`, as written by the map's mappers: for showing, not for deciding.
        struct Details: Encodable, Equatable {
            struct Socket: Encodable, Equatable {
                /// OpenStreetMap's type ("type2_combo") and what drivers call it ("CCS").
                let type: String
                let name: String
                /// Null when tagged as "yes".
                let count: Int?
                let output: String?

                enum CodingKeys: String, CodingKey { case type, name, count, output }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(every: [(.type, type), (.name, name), (.count, count), (.output, output)])
                }
            }

            let openingHours: String?
            let brand: String?
            let `operator`: String?
            let output: String?
            let sockets: [Socket]

            init(_ details: PlaceDetails) {
                (openingHours, brand, `operator`, output) = (details.openingHours, details.brand, details.operatorName, details.output)
                sockets = details.sockets.map { Socket(type: $0.type, name: $0.name, count: $0.count, output: $0.output) }
            }

            enum CodingKeys: String, CodingKey { case openingHours, brand, `operator`, output, sockets }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(every: [
                    (.openingHours, openingHours), (.brand, brand), (.operator, `operator`), (.output, output),
                    (.sockets, sockets),
                ])
            }
        }

        enum CodingKeys: String, CodingKey {
            case name, label, kind, region, admin1, regionLabel, country, countryCode, latitude, longitude, population, elevation, source, details
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(every: [
                (.name, name), (.label, label), (.kind, kind), (.region, region), (.admin1, admin1), (.regionLabel, regionLabel),
                (.country, country),
                (.countryCode, countryCode), (.latitude, latitude), (.longitude, longitude), (.population, population),
                (.elevation, elevation), (.source, source), (.details, details),
            ])
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let (query, limit, context) = (try CommandWords.values(self.query).joined(separator: " "), self.limit, try context())
        let (places, problems) = try MainActor.assumeIsolated { () throws -> ([Place], [String]) in
            let library = PlaceIndexProvider.library(environment: environment)
            let places = try Self.places(PlaceFinder(places: library).lookUp(query, limit: limit, near: context))
            return (places, (try? library.value.get())?.problems ?? [])
        }
        // A region left out of the search (added by an older roadtrip, say) is named, and how to bring it back.
        problems.forEach(CommandOutput.note)
        if json {
            try CommandOutput.printJSON(try Self.json(for: places))
        } else if places.isEmpty {
            CommandOutput.note("No place matches “\(query)”.")
            throw ExitCode(1)
        } else {
            try CommandOutput.printText(Self.table(for: places))
        }
    }

    /// The places a look-up found, or why it found none.
    private static func places(_ lookup: PlaceFinder.Lookup) throws -> [Place] {
        switch lookup {
        case .places(let found): return found
        case .coordinate(let point): return point.nearest.map { [$0] } ?? []
        case .empty: throw ValidationError("Give a place to search for.")
        case .invalidCoordinates(let reason): throw ValidationError(reason)
        case .searchUnavailable(let reason): throw PlaceFinder.NoStop(description: "Place search is unavailable: \(reason)")
        }
    }

    static func entries(for places: [Place]) -> [Entry] {
        zip(places, SameNames.labels(for: places)).map { place, label in
            Entry(
                name: place.name, label: label, kind: place.kind.label(population: place.population), region: place.admin1,
                admin1: place.admin1, regionLabel: regionLabel(of: place), country: place.country, countryCode: place.countryCode,
                latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                population: place.population, elevation: place.elevation, source: place.source, details: place.details.map(Entry.Details.init))
        }
    }

    private static func regionLabel(of place: Place) -> String {
        PlaceLabel.regionAndCountry(region: place.admin1, country: place.country, countryCode: place.countryCode)
    }

    static func json(for places: [Place]) throws -> String {
        String(decoding: try JSONEncoder.deterministic().encode(entries(for: places)), as: UTF8.self)
    }

    static func table(for places: [Place]) -> String {
        let rows = places.map { place in
            [
                place.name, place.kindText, regionLabel(of: place),
                place.coordinate.formatted, place.population > 0 ? DistanceUnit.grouped(place.population) : "",
                place.source == Place.builtinSource ? "" : place.source, place.details?.summary(besides: place.name) ?? "",
            ]
        }
        return TextTable.render(rows, rightAligned: [4])
    }
}

extension KeyedEncodingContainer {
    /// Every key of a command's JSON object, in order, a value not known as null (`"elevation":
    /// null`) where a synthesized `Encodable` would leave its key out: a script reads one shape.
    mutating func encode(every values: [(Key, any Encodable)]) throws {
        for (key, value) in values { try encode(value, forKey: key) }
    }
}
