import Foundation

/// Turns what a user typed for a place — a name or coordinates — into places or a stop. Shared by
/// the stop editor and the command line, so both read the same text the same way.
@MainActor
package struct PlaceFinder {
    let places: PlaceIndexProvider

    package init(places: PlaceIndexProvider) {
        self.places = places
    }

    /// What `text` finds, places ranked from `context` (the trip around the stop) when given.
    package func lookUp(_ text: String, limit: Int, near context: SearchContext? = nil) -> Lookup {
        let query = text.trimmingCharacters(in: .whitespaces)
        if query.isEmpty { return .empty }
        if CoordinateParser.looksLikeCoordinates(query) {
            do {
                let coordinate = try CoordinateParser.parse(query)
                return .coordinate(coordinate, nearest: try? places.value.get().nearest(to: coordinate))
            } catch {
                return .invalidCoordinates(error.description)
            }
        }
        switch places.value {
        case .success(let gazetteer): return .places(gazetteer.search(query, limit: limit, near: context))
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
    /// the nearest place).
    package func stop(for text: String, near context: SearchContext? = nil) throws -> Stop {
        switch lookUp(text, limit: 1, near: context) {
        case .places(let found):
            guard let place = found.first else { throw NoStop(description: "No place matches “\(text)”.") }
            return Stop(place: place)
        case .coordinate(let coordinate, let nearest):
            return Stop(name: Self.stopName(at: coordinate, nearest: nearest), location: coordinate)
        case .invalidCoordinates(let reason):
            throw NoStop(description: reason)
        case .searchUnavailable(let reason):
            throw NoStop(description: "Place search is unavailable (\(reason)); give “\(text)” as coordinates instead.")
        case .empty:
            throw NoStop(description: "An empty place was given.")
        }
    }

    /// Whether `name` is what a place at `coordinate` is called, not a name a user gave the stop:
    /// a place of that name within a kilometre, the name of a stop made from the coordinates, or the
    /// coordinates themselves. A stop's name that is its place's follows a new place (issue 38).
    package func isOwnName(_ name: String, at coordinate: Coordinate) -> Bool {
        if name == coordinate.formatted { return true }
        guard let index = try? places.value.get() else { return false }
        if name == Self.stopName(at: coordinate, nearest: index.nearest(to: coordinate)) { return true }
        let key = SearchText.key(of: name)
        return index.search(name, limit: 5, near: SearchContext([coordinate])).contains { place in
            SearchText.key(of: place.name) == key && Geodesy.distance(from: place.coordinate, to: coordinate) <= 1_000
        }
    }

    /// The name of a stop made from coordinates: "near Big Sur, CA", or the coordinates themselves
    /// when the gazetteer has nothing.
    package nonisolated static func stopName(at coordinate: Coordinate, nearest: Place?) -> String {
        guard let nearest else { return coordinate.formatted }
        let region = nearest.shortRegion.isEmpty ? nearest.country : nearest.shortRegion
        return region.isEmpty ? "near \(nearest.name)" : "near \(nearest.name), \(region)"
    }
}

extension PlaceFinder {
    /// What a typed place finds.
    package enum Lookup: Equatable, Sendable {
        /// Nothing typed.
        case empty
        /// Places by name, best first (maybe none).
        case places([Place])
        /// A point typed as coordinates, and the gazetteer place nearest to it.
        case coordinate(Coordinate, nearest: Place?)
        /// Coordinates that cannot be used, with the reason.
        case invalidCoordinates(String)
        /// Place search cannot work (the gazetteer did not load); coordinates still do.
        case searchUnavailable(String)
    }
}
