import Foundation

/// Reads trips from other programs' files: GPX 1.0/1.1, KML 2.2, GeoJSON, and trips files of
/// roadtrip or the iOS app. What a file is comes from its content, not its name. A file that cannot be read
/// whole gives an error naming it, the place and the cause, and nothing at all is imported.
package enum TripImport {
    /// One trip per route, track, line or trip in the file. GPX is streamed; files over
    /// `maximumBytes` (a trips file's bound, as an import may be a trips file) are refused before
    /// they are read.
    package static func read(contentsOf url: URL, maximumBytes: Int = TripFileStore.maximumBytes) throws(ImportError) -> [ImportedTrip] {
        do {
            let file = try ImportFile(url: url, maximumBytes: maximumBytes)
            switch try file.kind() {
            case .xml: return try XMLImport.read(file)
            case .json: return try JSONImport.read(file)
            }
        } catch {
            throw error.error(path: url.path)
        }
    }
}
