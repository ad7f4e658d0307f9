import DurableWrites
import Foundation
import RoadtripCore
import RoadtripRegions

/// Routino's driving rules (`RegionInfo.drivingTagging`, Debian's `tagging-drive.xml`) with the
/// speed limits OpenStreetMap implies by a country's code, which Routino reads as no limit at all
/// (issue 56): a way tagged `maxspeed=DE:urban`, or with no `maxspeed` but `source:maxspeed`,
/// `maxspeed:type` or `zone:traffic` saying `AT:urban`, is limited as that country limits a
/// built-up area's roads; `XX:rural` and `XX:motorway` alike, `XX:zone30` and `XX:zone:30` at
/// 30 km/h. Most ways that say so carry the number too (all 78 of Krems', all 8 of central
/// Helsinki's); those that do not were slower than their cruising speed only by the town rule.
///
/// Only the codes of the countries the extract lies in are written (those of the built-in towns
/// nearest its header's box): Routino tries every rule on every road, and the rules of every
/// country would be some 600 on each road of a country's extract.
enum DrivingTagging {
    /// A country's general limits in km/h: in built-up areas, outside them, on motorways (nil where
    /// there is none, or only an advised speed), as the OpenStreetMap wiki's "Default speed limits"
    /// lists them. A country not listed (the United States' limits are its states') gets none.
    static let limits: [String: (urban: Int, rural: Int, motorway: Int?)] = [
        "AD": (50, 90, nil), "AT": (50, 100, 130), "BE": (50, 70, 120), "BG": (50, 90, 140), "CH": (50, 80, 120), "CZ": (50, 90, 130),
        "DE": (50, 100, nil), "DK": (50, 80, 130), "EE": (50, 90, nil), "ES": (50, 90, 120), "FI": (50, 80, 120), "FR": (50, 80, 130),
        "GB": (48, 97, 113), "GR": (50, 90, 130), "HR": (50, 90, 130), "HU": (50, 90, 130), "IE": (50, 80, 120), "IT": (50, 90, 130),
        "LI": (50, 80, nil), "LT": (50, 70, 130), "LU": (50, 90, 130), "LV": (50, 90, nil), "NL": (50, 80, 100), "NO": (50, 80, 110),
        "PL": (50, 90, 140), "PT": (50, 90, 120), "RO": (50, 90, 130), "RU": (60, 90, 110), "SE": (50, 70, 110), "SI": (50, 90, 130),
        "SK": (50, 90, 130), "UA": (50, 90, 130),
    ]

    /// The keys that say which limit applies where `maxspeed` itself is not tagged.
    static let impliedKeys = ["source:maxspeed", "maxspeed:type", "zone:traffic"]

    /// The countries of the built-in towns nearest the middle and the corners of `box` (within
    /// 300 km of them, as a place takes its country: `FeatureGazetteer`).
    static func countries(in box: RegionInfo.Bounds?, towns: (any PlaceIndex)?) -> Set<String> {
        guard let box, let towns else { return [] }
        let points = [
            ((box.south + box.north) / 2, (box.west + box.east) / 2), (box.south, box.west), (box.south, box.east),
            (box.north, box.west), (box.north, box.east),
        ].map { Coordinate(latitude: $0.0, longitude: $0.1) }
        return Set(
            points.compactMap { point in
                towns.nearest(to: point).flatMap { Geodesy.sphericalKilometers(from: $0.coordinate, to: point) <= 300 ? $0.countryCode : nil }
            }.filter { !$0.isEmpty })
    }

    /// The rules' file for `countries`, written into `folder`: its path. Routino's own rules' path
    /// when no country of them has limits, or Routino's rules cannot be read or lack the line the
    /// limits go before (another Routino's), or the file cannot be written: the roads are then
    /// read as before, without the implied limits.
    static func file(for countries: Set<String>, in folder: URL) -> String {
        let lines = implied(for: countries)
        guard !lines.isEmpty, let own = try? String(contentsOfFile: RegionInfo.drivingTagging, encoding: .utf8),
            let rules = rules(from: own, adding: lines)
        else { return RegionInfo.drivingTagging }
        let file = folder.appendingPathComponent("tagging-drive.xml")
        do { try DurableFile.write(Data(rules.utf8), to: file) } catch { return RegionInfo.drivingTagging }
        return file.path
    }

    /// Routino's `rules` with `lines` just before they output a way's `maxspeed`; nil when they
    /// have no such line.
    static func rules(from rules: String, adding lines: [String]) -> String? {
        let marker = #"<if k="maxspeed"> <output/> </if>"#
        guard let line = rules.range(of: marker) else { return nil }
        return rules.replacingCharacters(in: line, with: (lines + [marker]).joined(separator: "\n      "))
    }

    /// The rules that set `maxspeed` in km/h from the codes of `countries`.
    static func implied(for countries: Set<String>) -> [String] {
        var codes: [(value: String, kmh: Int)] = []
        for code in countries.sorted() {
            guard let limit = limits[code] else { continue }
            codes += [("\(code):urban", limit.urban), ("\(code):rural", limit.rural), ("\(code):zone30", 30), ("\(code):zone:30", 30)]
            if let motorway = limit.motorway { codes.append(("\(code):motorway", motorway)) }
        }
        guard !codes.isEmpty else { return [] }
        var lines = codes.map { #"<if k="maxspeed" v="\#($0.value)"> <set v="\#($0.kmh)"/> </if>"# }
        for key in impliedKeys {
            lines += codes.map { #"<ifnot k="maxspeed"> <if k="\#(key)" v="\#($0.value)"> <set k="maxspeed" v="\#($0.kmh)"/> </if> </ifnot>"# }
        }
        return lines
    }
}
