import Foundation

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

    private static func bounds(_ value: Any) -> RegionInfo.Bounds? {
        guard let box = value as? [NSNumber], box.count == 4 else { return nil }
        return RegionInfo.Bounds(south: box[1].doubleValue, west: box[0].doubleValue, north: box[3].doubleValue, east: box[2].doubleValue)
    }
}
