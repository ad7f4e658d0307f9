import Foundation
import RoadtripCore
import RoadtripRegions

/// The extracts a server offers, read from a catalogue in the format of Geofabrik's public index
/// (`index-v1.json`: a GeoJSON FeatureCollection whose features carry `id`, `parent`, `name` and
/// `urls.pbf`, and the area's polygon, which roadtrip does not need).
package struct ExtractCatalogue: Equatable, Sendable {
    package struct Extract: Equatable, Sendable {
        /// "liechtenstein", "us/california".
        package let id: String
        /// The next larger extract that holds this one ("europe"), if any.
        package let parent: String?
        package let name: String
        package let pbf: URL

        /// "europe/liechtenstein": the id under its parent, as the server's folders go.
        package var path: String { parent.map { id.hasPrefix($0 + "/") ? id : "\($0)/\(id)" } ?? id }
        /// The region an extract becomes: its id's last part ("us/california": california).
        package var regionName: String { String(id.split(separator: "/").last ?? Substring(id)) }
    }

    package let extracts: [Extract]

    package init(extracts: [Extract]) {
        self.extracts = extracts
    }

    /// The catalogue in `data`, read from `url` (said in the error); features without an id, a
    /// name or a .pbf address are passed over.
    package init(json data: Data, from url: URL) throws(DownloadError) {
        struct Index: Decodable {
            struct Feature: Decodable {
                struct Properties: Decodable {
                    struct URLs: Decodable { let pbf: String? }
                    let id: String?
                    let parent: String?
                    let name: String?
                    let urls: URLs?
                }
                let properties: Properties?
            }
            let features: [Feature]
        }
        let index: Index
        do { index = try JSONDecoder().decode(Index.self, from: data) } catch {
            throw .catalogue(url: url.absoluteString, reason: "it is not an extract index (a GeoJSON FeatureCollection of extracts with id, name and urls.pbf)")
        }
        extracts = index.features.compactMap { feature in
            guard let properties = feature.properties, let id = properties.id, let name = properties.name,
                let address = properties.urls?.pbf, let pbf = URL(string: address, relativeTo: url)?.absoluteURL
            else { return nil }
            return Extract(id: id, parent: properties.parent, name: name, pbf: pbf)
        }
        guard !extracts.isEmpty else { throw .catalogue(url: url.absoluteString, reason: "it lists no extract with an .osm.pbf file") }
    }

    /// The extracts `query` names: a path exactly ("europe/liechtenstein"), else the extracts whose
    /// id or name it is (in any case and accents: several when names repeat, "Georgia"), else the
    /// names that begin with it, then those that hold it.
    package func find(_ query: String) -> [Extract] {
        let wanted = query.trimmingCharacters(in: .whitespaces)
        let byID = extracts.filter { $0.id == wanted || $0.path == wanted }
        // A path names one extract; a bare word may be an id and a name of others too ("georgia",
        // the country, and Georgia, the US state): then all are listed, not guessed.
        if wanted.contains("/"), !byID.isEmpty { return byID }
        let key = SearchText.key(of: wanted)
        guard !key.isEmpty else { return byID }
        let keyed = extracts.map { (extract: $0, key: SearchText.key(of: $0.name)) }
        let named = keyed.filter { $0.key == key }.map(\.extract)
        if !named.isEmpty || !byID.isEmpty { return byID + named.filter { !byID.contains($0) } }
        for matches in [{ (name: String) in name.hasPrefix(key) }, { $0.contains(key) }] {
            let found = keyed.filter { matches($0.key) }.map(\.extract)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// "Liechtenstein (europe/liechtenstein)": how a choice is listed.
    package static func label(_ extract: Extract) -> String {
        "\(extract.name) (\(extract.path))"
    }
}
