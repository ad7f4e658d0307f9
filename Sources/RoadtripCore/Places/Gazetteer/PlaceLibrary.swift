import Foundation

/// Every place index the program searches, as one: the built-in gazetteer (GeoNames towns), the
/// built-in natural features (Natural Earth) and each added region (OpenStreetMap).
///
/// A search asks each index for its best places and merges them by the one ranking rule
/// (`Candidate`: match quality, a whole name before a kind word, then qualifier, then weight), so
/// a village of a region and a town of the gazetteer compete as if they were in one index. The
/// same place found in two of them (Ordino the GeoNames town and Ordino the OpenStreetMap village)
/// is shown once, as ranked first.
package final class PlaceLibrary: PlaceIndex, @unchecked Sendable {
    /// The built-in gazetteer first; `nearest` asks it alone, for its towns name coordinates
    /// and give time zones.
    package let indexes: [Gazetteer]
    /// Why indexes that would have been searched are not, one sentence each (a region added by
    /// an older roadtrip, or whose index is damaged): said with every search, as `problems`.
    package let leftOut: [String]
    /// The areas of the regions whose places are searched: where the services on the way are known.
    package let serviceAreas: [Area]

    /// A region's area, in degrees.
    package struct Area: Equatable, Sendable {
        package let south, west, north, east: Double

        package init(south: Double, west: Double, north: Double, east: Double) {
            (self.south, self.west, self.north, self.east) = (south, west, north, east)
        }

        package func contains(_ c: Coordinate) -> Bool {
            (south...north).contains(c.latitude) && (west...east).contains(c.longitude)
        }
    }

    package init(indexes: [Gazetteer], leftOut: [String] = [], serviceAreas: [Area] = []) {
        self.indexes = indexes
        self.leftOut = leftOut
        self.serviceAreas = serviceAreas
    }

    package func knowsServices(at coordinate: Coordinate) -> Bool {
        serviceAreas.contains { $0.contains(coordinate) }
    }

    /// A query that names a kind in plain words (`KindQuery`) gives the places of the kind nearest
    /// the place it names (else the trip), then what the words find as names.
    package func search(_ query: String, limit: Int, near context: SearchContext?) -> [Place] {
        guard limit > 0 else { return [] }
        let named = namedSearch(query, limit: limit, near: context)
        guard let kind = KindQuery(query) else { return named }
        let placeFound = kind.place.isEmpty ? nil : namedSearch(kind.place, limit: 1, near: context).first
        // Near the place named; with none, near the trip (its first points: the stops around).
        let origins = placeFound.map { [$0.coordinate] } ?? (kind.place.isEmpty ? Array(context?.points.prefix(KindQuery.mostOrigins) ?? []) : [])
        guard kind.isKindSearch(placeFound: placeFound), !origins.isEmpty else { return named }
        let ofTheKind = kind.places(near: origins, in: self)
        // A service, or a kind said to be somewhere, first; a sight beside a town's name after
        // what the words find as a name ("Coll d'Ordino" before the other passes near Ordino).
        let first = kind.saysWhere || kind.kinds.contains(where: \.isAmenity) ? ofTheKind : named
        let then = first == named ? ofTheKind : named
        return Array((first + then.filter { place in !first.contains { Self.isSame($0, place) } }).prefix(limit))
    }

    /// What the words find as names (and as a kind word beside a name: "Vaduz Castle").
    private func namedSearch(_ query: String, limit: Int, near context: SearchContext?) -> [Place] {
        if indexes.count == 1 { return indexes[0].search(query, limit: limit, near: context) }
        // A few more than asked from each, so that a duplicate dropped below leaves a full list.
        let asked = limit + 2
        var found: [(candidate: Candidate, index: Int)] = []
        for (number, index) in indexes.enumerated() {
            found += index.rankedSearch(query, limit: asked, near: context).map { ($0, number) }
        }
        found.sort { a, b in
            Candidate.ranks(a.candidate, before: b.candidate) ?? ((a.index, a.candidate.place) < (b.index, b.candidate.place))
        }
        var places: [(place: Place, index: Int)] = []
        for (candidate, number) in found where places.count < limit {
            let place = indexes[number].place(at: Int(candidate.place))
            if !places.contains(where: { $0.index != number && Self.isSame($0.place, place) }) { places.append((place, number)) }
        }
        return places.map(\.place)
    }

    package var problems: [String] {
        leftOut + indexes.flatMap(\.problems)
    }

    package func nearest(to coordinate: Coordinate) -> Place? {
        indexes.first?.nearest(to: coordinate)
    }

    /// From every index: a region's villages, camp sites and huts as well as the gazetteer's towns.
    package func places(within kilometers: Double, of coordinate: Coordinate) -> [(place: Place, kilometers: Double)] {
        indexes.flatMap { $0.places(within: kilometers, of: coordinate) }
    }

    package func bestPlace(
        within kilometers: Double, of coordinate: Coordinate, weight: (PlaceKind, Int) -> Int?,
        where isWanted: (Coordinate) -> Bool
    ) -> RankedPlace? {
        indexes.compactMap { $0.bestPlace(within: kilometers, of: coordinate, weight: weight, where: isWanted) }
            .reduce(nil) { best, next in best.map { next.outranks($0) ? next : $0 } ?? next }
    }

    /// From every index, the same place from two of them twice (`isSame` tells them).
    package func places(of kinds: Set<PlaceKind>, inCells cells: Set<Int>) -> [Place] {
        indexes.flatMap { $0.places(of: kinds, inCells: cells) }
    }

    /// Whether two results from different indexes are one place: the same name, alike in kind, and
    /// close (an area's inner point may lie far from another source's point for it).
    static func isSame(_ a: Place, _ b: Place) -> Bool {
        SearchText.key(of: a.name) == SearchText.key(of: b.name) && isSame(a, namedAlike: b)
    }

    /// Whether two places of one name (`SearchText.key`) are one place: alike in kind, and close.
    static func isSame(_ a: Place, namedAlike b: Place) -> Bool {
        guard a.kind == b.kind || (a.kind.isSettlement && b.kind.isSettlement) else { return false }
        // Two Shell stations (or two "Parking"s) a street apart are two: a service is the same
        // only where two overlapping regions both hold it.
        let limit = a.kind.isArea ? 30.0 : a.kind.isAmenity ? 0.1 : 5.0
        return Geodesy.sphericalKilometers(from: a.coordinate, to: b.coordinate) <= limit
    }
}
