import Foundation

/// Where a point typed as coordinates is: the place it is named after, and the region and country
/// it lies in. The two are found apart because they differ across a border: Stovepipe Wells,
/// California is nearest to Beatty, Nevada, 48 km away; so it is "48 km SW of Beatty, NV", in
/// California.
package struct CoordinatePlace: Equatable, Sendable {
    package let coordinate: Coordinate
    /// The place of any index it is named after: the nearest that names a spot
    /// (`PlaceKind.namesAPoint`: a town of the built-in gazetteer, a built-in peak or waterfall, a
    /// region's village or castle) when it is near, else the nearest town or village, which more
    /// people know the way to than a peak (else the nearest spot, else the nearest built-in town
    /// however far); nil when the indexes know none.
    package let nearest: Place?
    /// How far the point is from `nearest`, in kilometers.
    package let kilometers: Double
    /// The direction from `nearest` to the point, degrees clockwise from north.
    package let bearing: Double
    /// The point's own first-level region and country (`PointRegion`), nil when not known.
    package let region: String?
    package let country: String?

    /// Up to this far the point is "near" the place it is named after: the spread of a small town,
    /// a few minutes' drive, so that someone looking for the stop by that name finds it. Beyond it
    /// the name gives the distance and the direction, as a stop 48 km from Beatty is not near it.
    package static let nearKilometers = 5.0
    /// How far around the point places are looked at; past it, the nearest built-in town names
    /// the point however far it is.
    static let searchKilometers = PointRegion.townKilometers

    package init(
        coordinate: Coordinate, nearest: Place?, kilometers: Double = 0, bearing: Double = 0, region: String? = nil,
        country: String? = nil
    ) {
        (self.coordinate, self.nearest, self.kilometers, self.bearing) = (coordinate, nearest, kilometers, bearing)
        (self.region, self.country) = (region, country)
    }

    /// The point as `places` and `borders` (the basemap's, to tell the point's region) know it.
    package init(_ coordinate: Coordinate, places: (any PlaceIndex)?, borders: (any BasemapProviding)?) {
        let around = places?.places(within: Self.searchKilometers, of: coordinate) ?? []
        func closest(_ kept: (PlaceKind) -> Bool) -> (place: Place, kilometers: Double)? {
            around.filter { kept($0.place.kind) }.min(by: PointRegion.isNearer)
        }
        // Near a spot, the spot; farther, a town or village, the way there being asked of it
        // ("48 km SW of Beatty"), not of a peak.
        let spot = closest(\.namesAPoint)
        let nearSpot = spot.flatMap { $0.kilometers <= Self.nearKilometers ? $0.place : nil }
        let nearest: Place? = nearSpot ?? closest(\.isSettlement)?.place ?? spot?.place ?? places?.nearest(to: coordinate)
        let path = nearest.map { Geodesy.inverse(from: $0.coordinate, to: coordinate) }
        let whereItIs = PointRegion.of(coordinate, around: around, nearestTown: places?.nearest(to: coordinate), borders: borders)
        self.init(
            coordinate: coordinate, nearest: nearest, kilometers: (path?.distance ?? 0) / 1000, bearing: path?.initialAzimuth ?? 0,
            region: whereItIs.region, country: whereItIs.country)
    }

    /// "near Big Sur, CA" within `nearKilometers`, else "48 km SW of Beatty, NV" (in `unit`); the
    /// coordinates themselves when no place is known. The place's region follows its name unless
    /// it repeats it ("near la Massana", not "near la Massana, La Massana").
    package func name(unit: DistanceUnit) -> String {
        guard let nearest else { return coordinate.formatted }
        let region = nearest.shortRegion.isEmpty ? nearest.country : nearest.shortRegion
        let place = region.isEmpty || SearchText.key(of: region) == SearchText.key(of: nearest.name) ? nearest.name : "\(nearest.name), \(region)"
        guard kilometers > Self.nearKilometers else { return "near \(place)" }
        let distance = Int((kilometers * 1000 / unit.meters).rounded())
        return "\(distance) \(unit.rawValue) \(Self.compassPoint(bearing)) of \(place)"
    }

    /// One of the eight points of the compass nearest to `bearing`: "N", "NE" … "NW".
    static func compassPoint(_ bearing: Double) -> String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let index = Int((bearing / 45).rounded()) % 8
        return points[(index + 8) % 8]
    }
}

extension Stop {
    /// A stop at the point, named after the place near it (`CoordinatePlace.name`), in the point's
    /// region and country.
    package init(_ point: CoordinatePlace, unit: DistanceUnit) {
        self.init(name: point.name(unit: unit), location: point.coordinate, region: point.region, country: point.country)
    }
}
