import CLocale
import Foundation
import RoadtripCore
import RoadtripRegions

extension RoadLegCache {
    /// A line of the file.
    struct Entry: Codable {
        /// The key (`key(…)`).
        let key: String
        let meters: Double
        let seconds: Double
        /// The road's line, "latitude,longitude" pairs apart by spaces, each number as Swift
        /// prints it (it reads back the same); empty for a leg of a matrix, kept for its
        /// figures only (`CachedRouting`).
        let line: String

        /// The names in the file, short as they were first written (a cache written before reads on).
        enum CodingKeys: String, CodingKey {
            case key = "k", meters = "metres", seconds, line
        }

        init(key: String, meters: Double, seconds: Double, line: [Coordinate]) {
            // Appended number by number: a string made for each point, then joined, was a third of
            // storing a leg.
            var text = ""
            text.reserveCapacity(line.count * 22)
            for (k, point) in line.enumerated() {
                if k > 0 { text += " " }
                text += point.latitude.description
                text += ","
                text += point.longitude.description
            }
            self.init(key: key, meters: meters, seconds: seconds, text: text)
        }

        /// A leg whose line is `text`, as the file holds it.
        init(key: String, meters: Double, seconds: Double, text: String) {
            self.key = key
            self.meters = meters
            self.seconds = seconds
            self.line = text
        }

        /// The entry of a kept leg, its line as kept (the file's text when its points were never read).
        init(key: String, meters: Double, seconds: Double, line: RoadLegCache.Line) {
            switch line {
            case .points(let points): self.init(key: key, meters: meters, seconds: seconds, line: points)
            case .text(let text): self.init(key: key, meters: meters, seconds: seconds, text: text)
            }
        }

        /// The entry's line of the file, its fields in a fixed order (the same leg is always the same
        /// bytes). The line's text is put in as it is, after the other fields
        /// (JSONEncoder escaped it a character at a time, most of storing a leg; `optimize` stores
        /// two for each stop). Digits, signs, points, commas and spaces are what a line is made of
        /// and what JSON takes unescaped; any other text is encoded with the rest.
        /// `encoder`: one of `makeEncoder()`, made once for a batch of entries.
        func encoded(by encoder: JSONEncoder = makeEncoder()) -> Data? {
            guard line.utf8.allSatisfy(Self.needsNoEscape), var data = try? encoder.encode(Figures(key: key, meters: meters, seconds: seconds)),
                data.last == UInt8(ascii: "}")
            else { return try? encoder.encode(self) }
            data.removeLast()
            data.append(contentsOf: #","line":"\#(line)"}"#.utf8)
            return data
        }

        static func makeEncoder() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return encoder
        }

        /// The fields but the line, encoded first.
        private struct Figures: Encodable {
            let key: String
            let meters: Double
            let seconds: Double

            enum CodingKeys: String, CodingKey {
                case key = "k", meters = "metres", seconds
            }
        }

        private static func needsNoEscape(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "-"),
                UInt8(ascii: "+"), UInt8(ascii: "e"):
                true
            default: false
            }
        }

        /// The leg the line holds, when every figure in it is one a drive between the key's two
        /// points can have; nil for anything else:
        /// - both points of the key on the Earth;
        /// - the length and time a drive between them can have (`LegFigures.implausibility`, the
        ///   rule a routing service's answers are checked by too: finite, not negative, at most
        ///   the Earth's circumference, at 1 to 300 km/h, not shorter than the straight line less
        ///   the kilometer a stop may be from its road at each end);
        /// - every point of the line one on the Earth, the first and last within that kilometer
        ///   (`RoutedLeg.farthestFromRoad`, and 1% for Routino's own measure of the Earth) of
        ///   their stops.
        func validated() -> (meters: Double, seconds: Double, line: [Coordinate])? {
            guard let points = coordinates, accepts(points) else { return nil }
            return (meters, seconds, points)
        }

        /// Whether the key, the figures and the line's `points` are what `validated` reads back:
        /// asked of a leg about to be kept, whose points are at hand, without reading its text
        /// back (issue 54: a country's legs have thousands of points, and reading them back was
        /// most of an `optimize`).
        func accepts(_ points: [Coordinate]) -> Bool {
            guard let (from, to) = ends, LegFigures.implausibility(meters: meters, seconds: seconds, from: from, to: to) == nil,
                points.allSatisfy(\.isValid)
            else { return false }
            let slack = RoutedLeg.farthestFromRoad * 1.01
            if let first = points.first, let last = points.last {
                guard Geodesy.distance(from: from, to: first) <= slack, Geodesy.distance(from: to, to: last) <= slack else { return false }
            }
            return true
        }

        /// The two points of the key (its last two fields), when both are on the Earth.
        private var ends: (Coordinate, Coordinate)? {
            let fields = key.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count >= 5, let from = Self.point(fields[fields.count - 2]), let to = Self.point(fields[fields.count - 1]) else { return nil }
            return (from, to)
        }

        /// The line's points, when every one reads and is on the Earth. One pass over the text with
        /// the C library's strtod in the C locale: `Double(Substring)` made a string of each number,
        /// a quarter of a warm `along`.
        private var coordinates: [Coordinate]? {
            line.utf8CString.withUnsafeBufferPointer { text in Self.points(in: text.baseAddress!) }
        }

        /// The "latitude,longitude" pairs, apart by spaces, of the NUL-terminated `text`.
        private static func points(in text: UnsafePointer<CChar>) -> [Coordinate]? {
            let (space, comma) = (CChar(UInt8(ascii: " ")), CChar(UInt8(ascii: ",")))
            var points: [Coordinate] = []
            var at = text
            while true {
                while at.pointee == space { at += 1 }
                if at.pointee == 0 { return points }
                guard let latitude = number(&at), at.pointee == comma else { return nil }
                at += 1
                guard let longitude = number(&at), at.pointee == space || at.pointee == 0 else { return nil }
                let point = Coordinate(latitude: latitude, longitude: longitude)
                guard point.isValid else { return nil }
                points.append(point)
            }
        }

        /// The number at `at`, which moves past it. strtod would skip white space first: a number
        /// of the line starts with a digit, a sign or a point.
        private static func number(_ at: inout UnsafePointer<CChar>) -> Double? {
            switch UInt8(bitPattern: at.pointee) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): break
            default: return nil
            }
            var end: UnsafeMutablePointer<CChar>?
            let value = rt_strtod_c(at, &end)
            guard let end, end > UnsafeMutablePointer(mutating: at) else { return nil }
            at = UnsafePointer(end)
            return value
        }

        private static func point(_ pair: Substring) -> Coordinate? {
            guard let comma = pair.firstIndex(of: ","), let latitude = Double(pair[..<comma]),
                let longitude = Double(pair[pair.index(after: comma)...])
            else { return nil }
            let point = Coordinate(latitude: latitude, longitude: longitude)
            return point.isValid ? point : nil
        }
    }
}
