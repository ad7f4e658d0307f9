import Foundation
import RoadtripRegions

/// What `osmium fileinfo -j` says of a file, as far as a region needs it.
struct FileInfo {
    let object: [String: Any]

    init(_ json: String) {
        object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
    }

    /// The box the file's header declares (what the extract was cut to).
    var headerBounds: RegionInfo.Bounds? {
        ((object["header"] as? [String: Any])?["boxes"] as? [Any])?.first.flatMap(Self.bounds)
    }

    /// The box around the data.
    var dataBounds: RegionInfo.Bounds? {
        (object["data"] as? [String: Any])?["bbox"].flatMap(Self.bounds)
    }

    /// Whether the objects are in osmium's order (nodes, ways, relations, each by id), as every
    /// later pass needs them; osmium finds it out by reading them all (`fileinfo -e`), whatever
    /// the header claims (issue 35: a real extract's header said sorted, and it was not).
    var isSorted: Bool {
        ((object["data"] as? [String: Any])?["objects_ordered"] as? Bool) ?? true
    }

    /// How many objects of a kind ("nodes", "ways", "relations") the file holds (`fileinfo -e`).
    func count(_ kind: String) -> Int64 {
        (((object["data"] as? [String: Any])?["count"] as? [String: Any])?[kind] as? NSNumber)?.int64Value ?? 0
    }

    /// The region's box: the data's, as imported (osmium leaves out nodes off the globe), never
    /// the header's. A header's word alone (a box of the whole world around one town, issue 34)
    /// is not the region's box, nor is the box an extract was cut to: its roads run on past it
    /// (Krems's to Stein an der Donau, which was "not covered", issue 35), and some extracts have
    /// no header box at all (Monaco). Which points the roads really reach, RoadGrid knows.
    var regionBounds: RegionInfo.Bounds? {
        dataBounds
    }

    /// A box of four numbers, west, south, east, north, on the globe and not inside out.
    private static func bounds(_ value: Any) -> RegionInfo.Bounds? {
        guard let box = value as? [NSNumber], box.count == 4 else { return nil }
        let bounds = RegionInfo.Bounds(south: box[1].doubleValue, west: box[0].doubleValue, north: box[3].doubleValue, east: box[2].doubleValue)
        guard (-90...90).contains(bounds.south), (-90...90).contains(bounds.north), bounds.south <= bounds.north,
            (-180...180).contains(bounds.west), (-180...180).contains(bounds.east), bounds.west <= bounds.east
        else { return nil }
        return bounds
    }
}
