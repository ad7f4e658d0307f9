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
package enum DirectionsLinks {
    package static func links(for stops: [Coordinate], service: DirectionsService) -> [DirectionsLink] {
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

    /// "36.600200,-121.894700": six decimals, about 10 cm, as every service reads them.
    static func point(_ coordinate: Coordinate) -> String {
        coordinate.latitude.fixed(6) + "," + coordinate.longitude.fixed(6)
    }

    private static func url(_ stops: [Coordinate], service: DirectionsService) -> String {
        let origin = point(stops[0]), destination = point(stops[stops.count - 1])
        switch service {
        case .google:
            var url = "https://www.google.com/maps/dir/?api=1&origin=\(origin)&destination=\(destination)&travelmode=driving"
            let waypoints = stops.dropFirst().dropLast().map(point)
            if !waypoints.isEmpty { url += "&waypoints=" + waypoints.joined(separator: "%7C") }
            return url
        case .osm:
            return "https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=\(origin.replacingOccurrences(of: ",", with: "%2C"))%3B\(destination.replacingOccurrences(of: ",", with: "%2C"))"
        case .apple:
            return "https://maps.apple.com/?saddr=\(origin)&daddr=\(destination)&dirflg=d"
        }
    }
}
