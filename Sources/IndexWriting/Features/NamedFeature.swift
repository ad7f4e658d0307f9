import Foundation
import RoadtripCore

/// A named thing to put in a place index that is not a GeoNames town: a village, peak, lake or
/// castle of an OpenStreetMap region, or a Natural Earth feature built in.
package struct NamedFeature: Sendable, Equatable {
    package var name: String
    /// Other names (`alt_name`, `old_name`): found, but ranked below a place of that very name.
    package var alternateNames: [String]
    /// The name in other languages (`name:en`, `name:de`): found as the place's own name.
    package var languageNames: [String]
    package var kind: PlaceKind
    package var coordinate: Coordinate
    package var elevation: Int?
    package var population: Int
    /// What it weighs in the ranking (see `PlaceKind.defaultWeight`).
    package var weight: Int
    /// A number that orders features of equal weight the same way every time (an OpenStreetMap id).
    package var identifier: Int
    /// Opening hours, brand, sockets…, where tagged: for showing only.
    package var details: PlaceDetails?

    package init(
        name: String, alternateNames: [String] = [], languageNames: [String] = [], kind: PlaceKind, coordinate: Coordinate,
        elevation: Int? = nil, population: Int = 0, weight: Int? = nil, identifier: Int = 0, details: PlaceDetails? = nil
    ) {
        self.name = name
        self.alternateNames = alternateNames
        self.languageNames = languageNames
        self.kind = kind
        self.coordinate = coordinate
        self.elevation = elevation
        self.population = population
        self.weight = weight ?? (population > 0 ? population : kind.defaultWeight)
        self.identifier = identifier
        self.details = details
    }
}

/// Makes the source of a place index from features: each gets the country, region and time zone
/// of the nearest town of the built-in gazetteer, so that "Durness" reads "village, Highland, GB"
/// and a qualifier ("Durness, Scotland") narrows it as it narrows a town.
package enum FeatureGazetteer {
    /// Beyond this distance from any town a feature gets no country or region.
    static let nearestTownKilometers = 300.0

    package static func source(for features: [NamedFeature], towns: (any PlaceIndex)?) -> GazetteerSource {
        var countries: [String: GazetteerSource.Country] = [:]
        var regions: [String: GazetteerSource.Region] = [:]
        var places: [GazetteerSource.Place] = []
        places.reserveCapacity(features.count)
        for feature in features {
            let town = towns?.nearest(to: feature.coordinate).flatMap {
                Geodesy.sphericalKilometers(from: $0.coordinate, to: feature.coordinate) <= nearestTownKilometers ? $0 : nil
            }
            if let town, !town.countryCode.isEmpty {
                countries[town.countryCode] = .init(code: town.countryCode, name: town.country)
                regions[town.countryCode + "\u{1F}" + town.admin1Code] = .init(
                    countryCode: town.countryCode, code: town.admin1Code,
                    name: town.admin1, shortCode: town.admin1Code)
            }
            let languageNames = feature.languageNames.filter { $0 != feature.name }
            places.append(
                .init(
                    geonameID: feature.identifier, name: feature.name,
                    latitude: feature.coordinate.latitude, longitude: feature.coordinate.longitude,
                    countryCode: town?.countryCode ?? "", admin1Code: town?.admin1Code ?? "",
                    population: feature.population, alternateNames: unique(languageNames + feature.alternateNames, except: feature.name),
                    trustedNames: languageNames, timeZone: town?.timeZone ?? "",
                    kind: feature.kind, elevation: feature.elevation, weight: feature.weight, details: feature.details))
        }
        return GazetteerSource(
            countries: countries.values.sorted { $0.code < $1.code },
            regions: regions.values.sorted { ($0.countryCode, $0.code) < ($1.countryCode, $1.code) },
            places: places)
    }

    private static func unique(_ names: [String], except own: String) -> [String] {
        var seen: Set<String> = [own]
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
