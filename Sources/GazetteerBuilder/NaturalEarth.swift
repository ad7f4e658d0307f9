import Foundation
import IndexWriting
import RoadtripCore

/// Reads the named features of Natural Earth's 10 m layers (public domain; `../shared/data/naturalearth`,
/// GeoJSON) for the built-in index of natural features (`Resources/features.bin`): peaks and other
/// elevation points, physical points and regions (capes, waterfalls, ranges, canyons), lakes (the
/// world layer and the North America and Europe supplements) and the US National Park Service units.
enum NaturalEarth {
    struct Layer: Sendable {
        let file: String
        /// The kind of a feature by its `featurecla` (lowercased); nil: not indexed.
        let kind: @Sendable (_ featureClass: String, _ properties: [String: Any]) -> PlaceKind?
    }

    /// Parks first (the area layer before the point layer: an area's inner point is the better),
    /// then the rest; a later feature of the same name and kind close to an earlier one is dropped.
    static let layers: [Layer] = [
        Layer(file: "ne_10m_parks_and_protected_lands_area.json", kind: parkKind),
        Layer(file: "ne_10m_parks_and_protected_lands_point.json", kind: parkKind),
        Layer(file: "ne_10m_geography_regions_elevation_points.json") { featureClass, _ in
            switch featureClass {
            case "mountain", "spot elevation": return .peak
            case "pass": return .mountainPass
            case "plateau": return .plateau
            case "cape": return .cape
            default: return .physicalFeature
            }
        },
        Layer(file: "ne_10m_geography_regions_points.json") { featureClass, _ in
            switch featureClass {
            case "island", "island group": return .island
            case "cape": return .cape
            case "waterfall": return .waterfall
            case "pole": return nil
            default: return .physicalFeature
            }
        },
        Layer(file: "ne_10m_geography_regions_polys.json") { featureClass, _ in
            switch featureClass {
            case "island", "island group": return .island
            case "range/mtn", "foothills": return .mountainRange
            case "plateau": return .plateau
            case "desert": return .desert
            case "pen/cape", "peninsula": return .cape
            case "gorge": return .canyon
            case "valley": return .valley
            case "lake": return .lake
            case "continent", "dragons-be-here": return nil
            default: return .physicalFeature
            }
        },
        Layer(file: "ne_10m_lakes.json") { _, _ in .lake },
        Layer(file: "ne_10m_lakes_north_america.json") { _, _ in .lake },
        Layer(file: "ne_10m_lakes_europe.json") { _, _ in .lake },
    ]

    /// The features of every layer in `directory`, duplicates across layers dropped.
    static func features(in directory: URL) throws -> [NamedFeature] {
        var result: [NamedFeature] = []
        var seen: [String: [NamedFeature]] = [:]
        for (number, layer) in layers.enumerated() {
            let url = directory.appendingPathComponent(layer.file)
            let data = try Data(contentsOf: url)
            guard let collection = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let list = collection["features"] as? [[String: Any]]
            else {
                throw SourceError(description: "\(url.path): not a GeoJSON FeatureCollection")
            }
            for (offset, object) in list.enumerated() {
                guard let properties = object["properties"] as? [String: Any],
                    var feature = feature(properties, geometry: object["geometry"], layer: layer)
                else { continue }
                feature.identifier = number * 100_000 + offset
                let key = SearchText.key(of: feature.name) + "\u{1F}\(feature.kind.rawValue)"
                let close = seen[key, default: []].contains {
                    Geodesy.sphericalKilometers(from: $0.coordinate, to: feature.coordinate) < 50
                }
                if close { continue }
                seen[key, default: []].append(feature)
                result.append(feature)
            }
        }
        return result
    }

    private static func feature(_ properties: [String: Any], geometry: Any?, layer: Layer) -> NamedFeature? {
        let featureClass = (properties["featurecla"] as? String ?? "").lowercased()
        guard let kind = layer.kind(featureClass, properties), let point = FeatureGeometry(geoJSON: geometry)?.representativePoint,
            var name = text(properties["name"])
        else { return nil }
        var alternates = [properties["name_alt"], properties["namealt"]].compactMap(text)
        var languages = properties.keys.filter { $0.hasPrefix("name_") && $0 != "name_alt" && $0.count <= 8 }.sorted()
            .compactMap { text(properties[$0]) }
        if featureClass == "national park service" {
            let unit = expanded(text(properties["unit_name"]) ?? name)
            if kind == .nationalPark {
                languages.append(unit) // "Yosemite National Park" beside "Yosemite"
            } else {
                alternates.append(name)
                name = unit
            }
        }
        let elevation = (properties["elevation"] as? NSNumber).map { Int($0.doubleValue.rounded()) }.flatMap { $0 > -500 ? $0 : nil }
        return NamedFeature(
            name: name, alternateNames: alternates, languageNames: languages, kind: kind, coordinate: point,
            elevation: elevation, weight: weight(scaleRank: properties["scalerank"] as? NSNumber, kind: kind))
    }

    /// Natural Earth ranks features by the scale they first show at (0 the most prominent): a
    /// national park of rank 3 weighs as a town of 30,000, a peak of rank 6 as a village of 1,000.
    static func weight(scaleRank: NSNumber?, kind: PlaceKind) -> Int {
        guard let rank = scaleRank?.doubleValue, rank.isFinite else { return kind.defaultWeight }
        return max(1, Int(pow(10, 6 - min(12, max(0, rank)) / 2)))
    }

    private static func parkKind(_ featureClass: String, _ properties: [String: Any]) -> PlaceKind? {
        let type = (properties["unit_type"] as? String ?? "").lowercased()
        return type.hasPrefix("national park") ? .nationalPark : type.contains("monument") || type.contains("memorial") ? .monument : .protectedArea
    }

    /// The Park Service's abbreviations written out: "Sunset Crater Volcano NM" → "… National Monument".
    static func expanded(_ unitName: String) -> String {
        let words = [
            "NP": "National Park", "NM": "National Monument", "NHS": "National Historic Site", "NHP": "National Historical Park",
            "NB": "National Battlefield", "NBP": "National Battlefield Park", "NBS": "National Battlefield Site",
            "NMP": "National Military Park", "NRA": "National Recreation Area", "NS": "National Seashore",
            "NST": "National Scenic Trail", "NL": "National Lakeshore", "MEM": "Memorial", "PKWY": "Parkway",
            "PRES": "Preserve", "RES": "Reserve", "SRR": "Scenic and Recreational River", "EHP": "Ecological and Historic Preserve",
            "IHS": "International Historic Site",
        ]
        return unitName.split(separator: " ").map { words[String($0)] ?? String($0) }.joined(separator: " ")
    }

    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
