import Foundation
import IndexWriting
import RoadtripCore
import RoadtripRegions

/// The features of an import as they are read, each thing once, as it was drawn best: a point
/// before an area before a line (`rank`).
///
/// One thing comes as several features: a node and an area mapped for it, or a closed way, which
/// osmium writes as a line and an area. A town or a sight is the same as a feature of its name
/// and kind within 5 km (a lake's point and its water). A service (`PlaceKind.isAmenity`) goes by
/// where it is: the same object (the line and the area of one way), or a feature of its name and
/// kind within 50 m (a station's node and its building, its pumps mapped one by one), so that two
/// Shell stations across a motorway stay two. One named by its kind alone ("Restaurant",
/// "Parking": `OSMFeatures.kindName`) is the same as nothing but its own object: two such
/// restaurants in one street are two. Services are many and share names, so they are grouped by
/// cell as well, and each is compared with the groups of its cell and of the cells around it alone.
struct KeptFeatures {
    private struct Kept {
        var feature: NamedFeature
        var rank: Int
    }

    private var groups: [String: [Kept]] = [:]
    private var order: [String] = []
    /// Where each service's object is kept, by `OSMFeatures.objectIdentifier`.
    private var objects: [Int: (key: String, index: Int)] = [:]

    static let sameFeatureKilometers = 5.0
    static let sameServiceKilometers = 0.05
    /// A cell of services, in degrees: wider than `sameServiceKilometers` up to about 84° of latitude.
    static let serviceCell = 0.005

    /// What was kept, in the order first read.
    var features: [NamedFeature] {
        order.flatMap { groups[$0]!.map(\.feature) }
    }

    mutating func add(_ feature: NamedFeature, rank: Int) {
        let isService = feature.kind.isAmenity
        let object = OSMFeatures.objectIdentifier(feature.identifier)
        if isService, let (key, index) = objects[object] { return keep(feature, rank: rank, at: key, index) }
        let limit = isService ? Self.sameServiceKilometers : Self.sameFeatureKilometers
        let keys = Self.groupKeys(of: feature)
        for key in keys {
            guard let index = groups[key]?.firstIndex(where: { Geodesy.sphericalKilometers(from: $0.feature.coordinate, to: feature.coordinate) < limit })
            else { continue }
            keep(feature, rank: rank, at: key, index)
            if isService { objects[object] = (key, index) }
            return
        }
        if groups[keys[0]] == nil { order.append(keys[0]) }
        groups[keys[0], default: []].append(Kept(feature: feature, rank: rank))
        if isService { objects[object] = (keys[0], groups[keys[0]]!.count - 1) }
    }

    private mutating func keep(_ feature: NamedFeature, rank: Int, at key: String, _ index: Int) {
        if rank < groups[key]![index].rank { groups[key]![index] = Kept(feature: feature, rank: rank) }
    }

    /// The groups a feature may be the same as another in, its own first: its name and kind, and
    /// for a service its cell, then the cells around it; for a service named by its kind, its own object.
    private static func groupKeys(of feature: NamedFeature) -> [String] {
        let name = SearchText.key(of: feature.name) + "\u{1F}\(feature.kind.rawValue)"
        guard feature.kind.isAmenity else { return [name] }
        if feature.name == OSMFeatures.kindName(feature.kind) { return ["\u{1E}\(OSMFeatures.objectIdentifier(feature.identifier))"] }
        let row = Int((feature.coordinate.latitude / serviceCell).rounded(.down))
        let column = Int((feature.coordinate.longitude / serviceCell).rounded(.down))
        let around = [(0, 0), (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
        return around.map { "\(name)\u{1F}\(row + $0.0)\u{1F}\(column + $0.1)" }
    }
}
