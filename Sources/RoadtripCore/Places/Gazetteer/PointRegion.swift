/// The first-level region and country a point lies in. No index holds the regions' shapes; the
/// built-in towns (GeoNames) each know their region, and the basemap knows where the borders run
/// without their names. So a point is in the region of the nearest town that no border separates
/// from it: Stovepipe Wells is nearest to Beatty, but the California line runs between them, and
/// the next town, Death Valley, is in California like the point. The towns of a region's places
/// are not asked: their region is itself that of the nearest built-in town (`FeatureGazetteer`).
package enum PointRegion {
    /// Towns farther than this are not asked (past the nearest one): a point in the desert or on
    /// a small island, far from every town of its own region, is not said to be in another.
    static let townKilometers = 100.0
    /// The most towns tried, nearest first: where this many are all across a border, the point
    /// lies in a region with no town near (a nature reserve between state lines).
    static let townsTried = 20

    /// `around`: the places of every index within `townKilometers` of the point; `nearestTown`:
    /// the built-in town nearest to it, asked when none is that near. Without `borders` the
    /// nearest town's region is taken, right except across a border. When every town tried is
    /// across a state border, only the country of one not across a country border is known.
    static func of(
        _ coordinate: Coordinate, around: [(place: Place, kilometers: Double)], nearestTown: Place?,
        borders: (any BasemapProviding)?
    ) -> (region: String?, country: String?) {
        let all = around.filter { $0.place.source == Place.builtinSource && $0.place.kind == .populatedPlace }
        // Only the nearest are sorted: around a city a thousand towns lie within reach, and a
        // point typed in the stop editor is looked up at every key.
        let reach = all.map(\.kilometers).sorted().dropFirst(townsTried - 1).first ?? .infinity
        var towns = all.filter { $0.kilometers <= reach }.sorted(by: isNearer).prefix(townsTried).map(\.place)
        if towns.isEmpty, let nearestTown { towns = [nearestTown] }
        var country: String?
        for town in towns {
            let crossed = borders?.bordersCrossed(from: coordinate, to: town.coordinate) ?? []
            if crossed.isEmpty { return (nonEmpty(town.admin1), nonEmpty(town.country)) }
            if country == nil, !crossed.contains(.countryBorder) { country = nonEmpty(town.country) }
        }
        return (nil, country)
    }

    /// Whether `a` is nearer than `b`, ties going the same way every time (the indexes list
    /// places in no particular order): by name, then by index.
    static func isNearer(_ a: (place: Place, kilometers: Double), _ b: (place: Place, kilometers: Double)) -> Bool {
        if a.kilometers != b.kilometers { return a.kilometers < b.kilometers }
        return a.place.name != b.place.name ? a.place.name < b.place.name : a.place.source < b.place.source
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
