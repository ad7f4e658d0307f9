import Foundation

/// A region's drivable roads as plain data: the points of every road (with their OpenStreetMap
/// ids, so that two regions' roads meet where they share a point) and each road's class and
/// rules. What a `RoadGraph` is built from, and what a region keeps of its roads for it
/// (`roads.graph`, `encoded()`), read from the region's roads with osmium when it is added.
package struct RoadNetwork: Equatable, Sendable {
    /// Each point's OpenStreetMap node id and where it is.
    package internal(set) var ids: [Int64] = []
    package internal(set) var points: [Coordinate] = []
    package internal(set) var ways: [RoadWay] = []

    package init() {}

    /// A network of `ways` through `points`, each point named by `ids` (an OpenStreetMap node id,
    /// or the place a Routino database gives it): two networks share the points whose ids are equal.
    package init(ids: [Int64], points: [Coordinate], ways: [RoadWay]) {
        (self.ids, self.points, self.ways) = (ids, points, ways)
    }

    /// Adds the road `way` along the points of `nodeIDs` (those not added are left out; a road
    /// left with fewer than two points is not added).
    package mutating func add(_ way: RoadWay.Rules, id: Int64, along nodeIDs: [Int64], index: [Int64: Int32]) {
        let nodes = nodeIDs.compactMap { index[$0] }
        guard nodes.count >= 2 else { return }
        ways.append(RoadWay(id: id, rules: way, nodes: nodes))
    }

    /// Adds a point; its index for `add(_:id:along:index:)`.
    package mutating func addPoint(id: Int64, at point: Coordinate) -> Int32 {
        ids.append(id)
        points.append(point)
        return Int32(ids.count - 1)
    }

    /// The roads of every network in one, a point shared by two (the same node id) once and a
    /// road in two (overlapping regions) once.
    package static func joining(_ networks: [RoadNetwork]) -> RoadNetwork {
        guard networks.count > 1 else { return networks.first ?? RoadNetwork() }
        var joined = RoadNetwork()
        var index: [Int64: Int32] = [:], seenWays = Set<Int64>()
        for network in networks {
            let local = network.ids.indices.map { i in
                if let known = index[network.ids[i]] { return known }
                let added = joined.addPoint(id: network.ids[i], at: network.points[i])
                index[network.ids[i]] = added
                return added
            }
            for way in network.ways where seenWays.insert(way.id).inserted {
                joined.ways.append(RoadWay(id: way.id, rules: way.rules, nodes: way.nodes.map { local[Int($0)] }))
            }
        }
        return joined
    }
}

/// One road of a `RoadNetwork`: its OpenStreetMap way id, its rules and its points in order.
package struct RoadWay: Equatable, Sendable {
    package let id: Int64
    package let rules: Rules
    /// Indices into the network's points.
    package let nodes: [Int32]

    package init(id: Int64, rules: Rules, nodes: [Int32]) {
        (self.id, self.rules, self.nodes) = (id, rules, nodes)
    }

    /// How a road may be driven, from its OpenStreetMap tags as Routino's driving rules
    /// (`/usr/share/routino/tagging-drive.xml`) read them, so that the graph drives where Routino does.
    package struct Rules: Equatable, Sendable {
        package enum Direction: UInt8, Sendable { case both, forward, backward }

        package var roadClass: RoadClass
        package var direction: Direction
        /// The traffic allowed on it.
        package var open: Set<Transport>
        /// A tagged speed limit, in km/h.
        package var maxKmh: Double?
        /// Tagged limits, in tonnes and meters: a heavier or larger vehicle does not use the road.
        package var maxWeight: Double?, maxHeight: Double?, maxWidth: Double?, maxLength: Double?

        package init(
            roadClass: RoadClass, direction: Direction = .both, open: Set<Transport> = Set(Transport.allCases), maxKmh: Double? = nil,
            maxWeight: Double? = nil, maxHeight: Double? = nil, maxWidth: Double? = nil, maxLength: Double? = nil
        ) {
            self.roadClass = roadClass
            self.direction = direction
            self.open = open
            self.maxKmh = maxKmh
            self.maxWeight = maxWeight
            self.maxHeight = maxHeight
            self.maxWidth = maxWidth
            self.maxLength = maxLength
        }

        /// Whether a vehicle of `profile` may drive it (its class, its traffic, its size).
        package func admits(_ profile: DrivingProfile) -> Bool {
            profile.drives(roadClass) && open.contains(profile.transport)
                && (maxWeight ?? .infinity) >= profile.weightTonnes && (maxHeight ?? .infinity) >= profile.heightMeters
                && (maxWidth ?? .infinity) >= profile.widthMeters && (maxLength ?? .infinity) >= profile.lengthMeters
        }
    }
}

extension RoadWay.Rules {
    /// The rules of a way tagged `tags`; nil when it is no road a vehicle drives (a footway, a
    /// road being built, a ferry that carries no vehicles).
    package init?(tags: [String: String]) {
        let ferry = tags["route"] == "ferry"
        guard let roadClass = ferry ? .ferry : Self.roadClass(ofHighway: tags["highway"] ?? ""), tags["area"] != "yes" else { return nil }
        var open = Set<Transport>()
        for transport in Transport.allCases {
            // The most specific key tagged decides: the transport's own, then motor vehicles, vehicles, everyone.
            let keys = [transport.rawValue, "access:\(transport.rawValue)", "motor_vehicle", "vehicle", "access"]
            if let value = keys.lazy.compactMap({ tags[$0] }).first {
                if Self.allows(value) { open.insert(transport) }
            } else if !ferry {
                open.insert(transport)
            }
        }
        guard !open.isEmpty else { return nil }
        self.init(
            roadClass: roadClass, direction: Self.direction(of: tags, roadClass: roadClass), open: open,
            maxKmh: tags["maxspeed"].flatMap(Self.kmh), maxWeight: tags["maxweight"].flatMap(Self.number),
            maxHeight: tags["maxheight"].flatMap(Self.meters), maxWidth: tags["maxwidth"].flatMap(Self.meters),
            maxLength: tags["maxlength"].flatMap(Self.meters))
    }

    /// The class of an OpenStreetMap `highway` value, as Routino's driving rules map them (a link
    /// as its road, a living street as residential, a byway as a track).
    static func roadClass(ofHighway highway: String) -> RoadClass? {
        switch highway {
        case "motorway", "motorway_link": return .motorway
        case "trunk", "trunk_link": return .trunk
        case "primary", "primary_link": return .primary
        case "secondary", "secondary_link": return .secondary
        case "tertiary", "tertiary_link": return .tertiary
        case "unclassified", "minor", "road": return .unclassified
        case "residential", "living_street": return .residential
        case "service", "access", "services", "rest_area", "layby": return .service
        case "track", "byway", "unsurfaced", "unpaved": return .track
        default: return nil
        }
    }

    /// Whether an access value lets the traffic through: Routino reads `destination`, `private`,
    /// `delivery` and the like as no, as a trip's through traffic is not a destination's.
    static func allows(_ value: String) -> Bool {
        ["yes", "designated", "permissive", "true", "public", "official"].contains(value)
    }

    /// One way or both: a tagged `oneway`, else one way on motorways and roundabouts.
    static func direction(of tags: [String: String], roadClass: RoadClass) -> Direction {
        switch tags["oneway"] {
        case "yes", "true", "1": return .forward
        case "-1", "reverse": return .backward
        case "no", "false", "0": return .both
        default:
            let roundabout = tags["junction"] == "roundabout" || tags["junction"] == "circular"
            return roadClass == .motorway || roundabout ? .forward : .both
        }
    }

    /// A `maxspeed` in km/h ("50", "30 mph"); nil for none, "signals" or a country's default.
    static func kmh(_ value: String) -> Double? {
        guard let number = number(value), number > 0 else { return nil }
        return value.contains("mph") ? number * 1.609344 : number
    }

    /// A length in meters ("3.5", "3.5 m", `12'6"`).
    static func meters(_ value: String) -> Double? {
        guard let number = number(value) else { return nil }
        guard value.contains("'") || value.contains("ft") else { return number }
        let inches = value.split(separator: "'").dropFirst().first.flatMap { Self.number(String($0)) } ?? 0
        return number * 0.3048 + inches * 0.0254
    }

    /// The number a value starts with ("3.5 t" is 3.5).
    static func number(_ value: String) -> Double? {
        let digits = value.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber || $0 == "." }
        return Double(digits)
    }
}
