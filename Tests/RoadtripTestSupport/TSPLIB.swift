import Foundation
import RoadtripCore

/// A TSPLIB 95 instance with `EDGE_WEIGHT_TYPE: GEO`, read from Tests/Fixtures/tsplib (see its
/// README): the cities, the TSPLIB GEO metric between them and the published optimal tour length.
package struct TSPLIB: Sendable {
    /// A city as the file writes it: latitude and longitude as DDD.MM, degrees then minutes
    /// (`38.24` is 38°24′, that is 38.4°).
    package struct City: Sendable {
        package var latitude: Double
        package var longitude: Double
    }

    /// The instances in Tests/Fixtures/tsplib and their optimal tour lengths in the GEO metric,
    /// as TSPLIB publishes them.
    package static let optima: [String: Int] = [
        "ulysses22": 7_013, "gr96": 55_209, "gr137": 69_853, "gr202": 40_160, "gr229": 134_602, "ali535": 202_339,
    ]

    package static let directory = TestsFolder.url.appendingPathComponent("Fixtures/tsplib")

    /// NAME, without a `.tsp` some files add to it (ulysses22).
    package let name: String
    /// City k of the file (numbered from 1) is `cities[k - 1]`.
    package let cities: [City]

    package struct Malformed: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads `Fixtures/tsplib/<name>.tsp`.
    package static func load(_ name: String) throws -> TSPLIB {
        try TSPLIB(String(contentsOf: directory.appendingPathComponent("\(name).tsp"), encoding: .utf8))
    }

    /// Parses the keywords NAME, DIMENSION and EDGE_WEIGHT_TYPE (`KEY: value` or `KEY : value`)
    /// and the NODE_COORD_SECTION, one `index latitude longitude` a line, up to EOF.
    package init(_ text: String) throws {
        var name: String?
        var dimension: Int?
        var cities: [City] = []
        var inCoordinates = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line == "EOF" { break }
            if inCoordinates {
                let fields = line.split(whereSeparator: \.isWhitespace)
                guard fields.count == 3, let index = Int(fields[0]), let latitude = Double(fields[1]), let longitude = Double(fields[2]) else {
                    throw Malformed(description: "not a node line: \(line)")
                }
                guard index == cities.count + 1 else { throw Malformed(description: "node \(index) where \(cities.count + 1) was expected") }
                cities.append(City(latitude: latitude, longitude: longitude))
                continue
            }
            if line.hasPrefix("NODE_COORD_SECTION") {
                inCoordinates = true
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "NAME": name = value.hasSuffix(".tsp") ? String(value.dropLast(4)) : value
            case "DIMENSION": dimension = Int(value)
            case "EDGE_WEIGHT_TYPE": guard value == "GEO" else { throw Malformed(description: "EDGE_WEIGHT_TYPE \(value), not GEO") }
            default: break
            }
        }
        guard let name else { throw Malformed(description: "no NAME") }
        guard let dimension, dimension == cities.count else {
            throw Malformed(description: "DIMENSION \(dimension.map(String.init) ?? "missing") but \(cities.count) cities")
        }
        self.name = name
        self.cities = cities
    }

    /// The published optimal tour length, in the GEO metric.
    package var optimum: Int? { Self.optima[name] }

    /// Decimal degrees from DDD.MM: 38.24 → 38.4, −5.21 → −5.35 (the minutes carry the sign).
    package static func degrees(_ value: Double) -> Double {
        let whole = value.rounded(.towardZero)
        return whole + 5 * (value - whole) / 3
    }

    /// The cities as coordinates in decimal degrees, in file order.
    package var coordinates: [Coordinate] {
        cities.map { Coordinate(latitude: Self.degrees($0.latitude), longitude: Self.degrees($0.longitude)) }
    }

    /// TSPLIB's `rad(x) = π · (trunc(x) + 5 · (x − trunc(x)) / 3) / 180`, on the raw DDD.MM value.
    /// (π in full, as the README writes it; TSPLIB's own code uses 3.141592, which moves a few
    /// edges of gr229 and ali535 by 1 and none of ulysses22.)
    package static func radians(_ value: Double) -> Double {
        let whole = value.rounded(.towardZero)
        return Double.pi * (whole + 5 * (value - whole) / 3) / 180
    }

    /// The TSPLIB GEO distance between cities `i` and `j` (indices into `cities`, from 0): on a
    /// sphere of radius 6378.388 km, `trunc(6378.388 · acos(½((1 + q1) q2 − (1 − q1) q3)) + 1)`.
    package func distance(_ i: Int, _ j: Int) -> Int {
        let latitudeI = Self.radians(cities[i].latitude), longitudeI = Self.radians(cities[i].longitude)
        let latitudeJ = Self.radians(cities[j].latitude), longitudeJ = Self.radians(cities[j].longitude)
        let q1 = cos(longitudeI - longitudeJ)
        let q2 = cos(latitudeI - latitudeJ)
        let q3 = cos(latitudeI + latitudeJ)
        // Clamped only so that rounding past ±1 (one place twice) cannot give NaN and trap in Int().
        let cosine = min(1, max(-1, 0.5 * ((1 + q1) * q2 - (1 - q1) * q3)))
        return Int(6378.388 * acos(cosine) + 1.0)
    }

    /// The GEO length of the closed tour visiting `tour` (indices into `cities`) in order and back
    /// to its first city.
    package func tourLength(_ tour: [Int]) -> Int {
        guard let first = tour.first, let last = tour.last else { return 0 }
        return zip(tour, tour.dropFirst()).reduce(distance(last, first)) { $0 + distance($1.0, $1.1) }
    }
}
