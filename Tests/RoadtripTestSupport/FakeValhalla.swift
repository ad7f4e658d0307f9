import Foundation
import RoadtripCore

/// A stand-in for a Valhalla service, to serve from a `LoopbackServer` (`.serve(FakeValhalla.answer)`):
/// `/status` gives a version, `/route` a leg every check passes (a road a third longer than the
/// geodesic, at 80 km/h, its shape the two stops), anything else a 404. For tests of what roadtrip
/// does with a service's answers (what it shows, what it keeps), not of Valhalla itself.
package enum FakeValhalla {
    package static let version = "3.9.1"

    package static let answer: @Sendable (LoopbackServer.Request) -> (status: Int, body: String) = { request in
        if request.path.hasSuffix("/status") { return (200, #"{"version":"\#(version)"}"#) }
        guard request.path.hasSuffix("/route"), let (from, to) = ends(of: request.body) else { return (404, "{}") }
        let kilometers = Geodesy.distance(from: from, to: to) * 4 / 3 / 1_000
        let shape = Polyline6.encode([from, to])
        return (200, #"{"trip":{"legs":[{"summary":{"length":\#(kilometers),"time":\#(kilometers / 80 * 3_600)},"shape":"\#(shape)"}]}}"#)
    }

    /// The two locations of a `/route` request.
    static func ends(of body: Data) -> (Coordinate, Coordinate)? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let locations = object["locations"] as? [[String: Any]], locations.count == 2
        else { return nil }
        let points = locations.compactMap { location -> Coordinate? in
            guard let lat = location["lat"] as? Double, let lon = location["lon"] as? Double else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }
        return points.count == 2 ? (points[0], points[1]) : nil
    }
}

/// Points as an encoded polyline at six decimals, as Valhalla gives a shape: each number the
/// difference from the point before, shifted left once and inverted when negative, then written
/// five bits a character from the lowest, 0x20 marking that more follow, 63 added to each.
package enum Polyline6 {
    package static func encode(_ points: [Coordinate]) -> String {
        var text = ""
        var previous = (latitude: 0, longitude: 0)
        for point in points {
            let latitude = Int((point.latitude * 1e6).rounded()), longitude = Int((point.longitude * 1e6).rounded())
            text += number(latitude - previous.latitude) + number(longitude - previous.longitude)
            previous = (latitude, longitude)
        }
        return text
    }

    private static func number(_ value: Int) -> String {
        var rest = value < 0 ? ~(value << 1) : value << 1
        var characters: [UInt8] = []
        while rest >= 0x20 {
            characters.append(UInt8((rest & 0x1F) | 0x20) + 63)
            rest >>= 5
        }
        characters.append(UInt8(rest) + 63)
        return String(decoding: characters, as: UTF8.self)
    }
}
