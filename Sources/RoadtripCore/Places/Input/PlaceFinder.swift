import Foundation

/// Turns what a user typed for a place — a name or coordinates — into places or a stop. Shared by
/// the stop editor and the command line, so both read the same text the same way.
@MainActor
package struct PlaceFinder {
    let places: PlaceIndexProvider
    /// Where the borders run, to tell the region of a point typed as coordinates (`PointRegion`).
    let borders: BasemapProvider
    /// The unit of the distance in a point's name ("48 km SW of Beatty, NV").
    let unit: DistanceUnit

    /// How many of a search's places are looked through for one near the trip (`SearchContext.preferringNear`).
    static let nearLookAhead = 25

    package init(places: PlaceIndexProvider, borders: BasemapProvider = .unavailable, unit: DistanceUnit = .km) {
        self.places = places
        self.borders = borders
        self.unit = unit
    }

    /// What `text` finds, places ranked from `context` (the trip around the stop) when given.
    package func lookUp(_ text: String, limit: Int, near context: SearchContext? = nil) -> Lookup {
        let query = text.trimmingCharacters(in: .whitespaces)
        if query.isEmpty { return .empty }
        if CoordinateParser.looksLikeCoordinates(query) {
            do {
                let coordinate = try CoordinateParser.parse(query)
                return .coordinate(CoordinatePlace(coordinate, places: try? places.value.get(), borders: try? borders.value.get()))
            } catch {
                return .invalidCoordinates(error.description)
            }
        }
        switch places.value {
        case .success(let gazetteer):
            guard let context else { return .places(gazetteer.search(query, limit: limit)) }
            // Looked for among more than are shown: the place near the trip may rank below the first few.
            let found = gazetteer.search(query, limit: max(limit, Self.nearLookAhead), near: context)
            return .places(Array(context.preferringNear(found).prefix(limit)))
        case .failure(let error): return .searchUnavailable("\(error)")
        }
    }

    package struct NoStop: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// The stop a place query makes: the best match by name, or the exact point typed (named after
    /// the place nearest to it, in its own region and country).
    package func stop(for text: String, near context: SearchContext? = nil) throws -> Stop {
        switch lookUp(text, limit: 1, near: context) {
        case .places(let found):
            guard let place = found.first else { throw NoStop(description: "No place matches “\(text)”.") }
            return Stop(place: place)
        case .coordinate(let point):
            return Stop(point, unit: unit)
        case .invalidCoordinates(let reason):
            throw NoStop(description: reason)
        case .searchUnavailable(let reason):
            throw NoStop(description: "Place search is unavailable (\(reason)); give “\(text)” as coordinates instead.")
        case .empty:
            throw NoStop(description: "An empty place was given.")
        }
    }

    /// Whether `name` is what a place at `coordinate` is called, not a name a user gave the stop:
    /// a place of that name within a kilometer, the name of a stop made from the coordinates (in
    /// either unit, or as roadtrip named it before issue 38), or the coordinates themselves. A
    /// stop's name that is its place's follows a new place (issue 38).
    package func isOwnName(_ name: String, at coordinate: Coordinate) -> Bool {
        if name == coordinate.formatted { return true }
        guard let index = try? places.value.get() else { return false }
        let point = CoordinatePlace(coordinate, places: index, borders: nil)
        if DistanceUnit.allCases.contains(where: { point.name(unit: $0) == name }) { return true }
        if let town = index.nearest(to: coordinate), name == Self.earlierName(near: town) { return true }
        let key = SearchText.key(of: name)
        return index.search(name, limit: 5, near: SearchContext([coordinate])).contains { place in
            SearchText.key(of: place.name) == key && Geodesy.distance(from: place.coordinate, to: coordinate) <= 1_000
        }
    }

    /// The name roadtrip gave a stop made from coordinates before issue 38: "near" the nearest
    /// town, however far ("near Beatty, NV" for Stovepipe Wells, 48 km away).
    private static func earlierName(near town: Place) -> String {
        let region = town.shortRegion.isEmpty ? town.country : town.shortRegion
        return region.isEmpty ? "near \(town.name)" : "near \(town.name), \(region)"
    }
}

extension PlaceFinder {
    /// What a typed place finds.
    package enum Lookup: Equatable, Sendable {
        /// Nothing typed.
        case empty
        /// Places by name, best first (maybe none).
        case places([Place])
        /// A point typed as coordinates, with the place nearest to it and its region.
        case coordinate(CoordinatePlace)
        /// Coordinates that cannot be used, with the reason.
        case invalidCoordinates(String)
        /// Place search cannot work (the gazetteer did not load); coordinates still do.
        case searchUnavailable(String)
    }
}
