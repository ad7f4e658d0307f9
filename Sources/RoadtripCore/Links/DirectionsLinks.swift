import Foundation

/// The map services a trip can be handed to as a directions link, and how many of its stops one
/// link can carry.
package enum DirectionsService: String, CaseIterable, Sendable {
    case google, osm, apple

    /// "Google Maps".
    package var title: String {
        switch self {
        case .google: return "Google Maps"
        case .osm: return "OpenStreetMap"
        case .apple: return "Apple Maps"
        }
    }

    /// Stops in one link, the ends included: Google Maps URLs take an origin, a destination and
    /// up to 9 waypoints; OpenStreetMap's and Apple's documented directions links go from one
    /// point to another.
    package var maximumStops: Int {
        switch self {
        case .google: return 11
        case .osm, .apple: return 2
        }
    }
}

/// One directions link: the stops it covers (indices, the ends included) and its URL.
package struct DirectionsLink: Equatable, Sendable {
    package let stops: ClosedRange<Int>
    package let url: String
}

/// Directions links for a trip's stops: as few as the service allows, each starting where the
/// last one ended, so that followed in order they drive the whole trip.
///
/// A stop that is a named place goes into Google's and Apple's links by its name, region and
/// country ("Monterey, California, United States"), which the service shows and routes to; any
/// other stop (a point named after what is near it, a place the user renamed) by its coordinates,
/// which OpenStreetMap's links always carry.
package enum DirectionsLinks {
    /// A stop as a link carries it: its point, and the name the service may take instead.
    package struct Waypoint: Equatable, Sendable {
        package let coordinate: Coordinate
        package let name: String?

        package init(_ coordinate: Coordinate, name: String? = nil) {
            self.coordinate = coordinate
            self.name = name
        }
    }

    /// How far a stop may be from the place its name finds to go by that name, kilometers: a
    /// town's centre is what a service routes a town's name to.
    static let nameReach = 2.0

    package static func links(for stops: [Coordinate], service: DirectionsService) -> [DirectionsLink] {
        links(through: stops.map { Waypoint($0) }, service: service)
    }

    /// The links of `stops`, each by name where `places` finds that name at the stop.
    package static func links(for stops: [Stop], places: (any PlaceIndex)?, service: DirectionsService) -> [DirectionsLink] {
        links(through: stops.map { stop in Waypoint(stop.location, name: places.flatMap { placeName(of: stop, in: $0) }) }, service: service)
    }

    package static func links(through stops: [Waypoint], service: DirectionsService) -> [DirectionsLink] {
        guard stops.count >= 2 else { return [] }
        var links: [DirectionsLink] = []
        var first = 0
        while first < stops.count - 1 {
            let last = min(stops.count - 1, first + service.maximumStops - 1)
            links.append(DirectionsLink(stops: first...last, url: url(Array(stops[first...last]), service: service)))
            first = last
        }
        return links
    }

    /// "Monterey, California, United States" when `stop` is named after a place of `places` that
    /// lies within `nameReach` of it; nil otherwise.
    package static func placeName(of stop: Stop, in places: any PlaceIndex) -> String? {
        let name = stop.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, stop.location.isValid else { return nil }
        let found = places.search(name, limit: 5, near: nil).first { place in
            SearchText.key(of: place.name) == SearchText.key(of: name) && place.kind.isSettlement
                && Geodesy.sphericalKilometers(from: place.coordinate, to: stop.location) <= nameReach
        }
        guard let found else { return nil }
        return ([found.name, found.admin1, found.country].filter { !$0.isEmpty }).joined(separator: ", ")
    }

    /// "36.600200,-121.894700": six decimals, about 10 cm, as every service reads them.
    static func point(_ coordinate: Coordinate) -> String {
        coordinate.latitude.fixed(6) + "," + coordinate.longitude.fixed(6)
    }

    /// The stop as Google or Apple take it: its name, escaped for a query, else its point.
    private static func named(_ stop: Waypoint) -> String {
        guard let name = stop.name else { return point(stop.coordinate) }
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~,")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? point(stop.coordinate)
    }

    private static func url(_ stops: [Waypoint], service: DirectionsService) -> String {
        switch service {
        case .google:
            var url = "https://www.google.com/maps/dir/?api=1&origin=\(named(stops[0]))&destination=\(named(stops[stops.count - 1]))&travelmode=driving"
            let waypoints = stops.dropFirst().dropLast().map(named)
            if !waypoints.isEmpty { url += "&waypoints=" + waypoints.joined(separator: "%7C") }
            return url
        case .osm:
            let origin = point(stops[0].coordinate), destination = point(stops[stops.count - 1].coordinate)
            return
                "https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=\(origin.replacingOccurrences(of: ",", with: "%2C"))%3B\(destination.replacingOccurrences(of: ",", with: "%2C"))"
        case .apple:
            return "https://maps.apple.com/?saddr=\(named(stops[0]))&daddr=\(named(stops[stops.count - 1]))&dirflg=d"
        }
    }
}
