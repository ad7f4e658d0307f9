import Foundation
import RoadtripCore

/// Writes an exported trip where the user said: whole or not at all (`AtomicFile`), and never over
/// a file that is already there unless the user said to replace it.
package enum ExportFile {
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
        /// The file is there and was kept: asking again with `replacing` would write it.
        package var fileExists = false

        package init(description: String, fileExists: Bool = false) {
            self.description = description
            self.fileExists = fileExists
        }
    }

    /// Writes `data` to `url`. `dataFile` is the trips file the program has open: an export never
    /// lands on it, its lock or its recovery copies, whatever the name it is given by (a symbolic
    /// or hard link, `./`, `..`), nor among roadtrip's own files in `folders` (a region's, the
    /// cache), and never on anything but a regular file (a device, a pipe, a folder), with or
    /// without `replacing`.
    package static func write(_ data: Data, to url: URL, replacing: Bool, protecting dataFile: URL, folders: RoadtripFolders) throws(Failure) {
        if let refusal = ExportTarget.refusal(for: url, protecting: dataFile, folders: folders) {
            throw Failure(description: refusal)
        }
        do {
            if replacing {
                try AtomicFile.write(data, to: url)
            } else {
                try AtomicFile.writeNew(data, to: url)
            }
        } catch {
            let exists = !replacing && FileManager.default.fileExists(atPath: url.path)
            throw Failure(description: exists ? "\(url.path) already exists." : "Cannot write \(url.path): \(error.reason).", fileExists: exists)
        }
    }

    /// The format a file name asks for by its extension (.gpx, .geojson or .json, .kml, .ics).
    package static func format(of url: URL) -> TripExportFormat? {
        switch url.pathExtension.lowercased() {
        case "gpx": return .gpx
        case "geojson", "json": return .geojson
        case "kml": return .kml
        case "ics": return .ics
        default: return nil
        }
    }

    /// A path as typed: `~` is the home folder, a relative path is from the current folder.
    package static func url(forTyped path: String, home: String = NSHomeDirectory(), currentDirectory: String = FileManager.default.currentDirectoryPath) -> URL
    {
        var path = path.trimmingCharacters(in: .whitespaces)
        if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        return URL(fileURLWithPath: path, relativeTo: path.hasPrefix("/") ? nil : URL(fileURLWithPath: currentDirectory, isDirectory: true)).standardizedFileURL
    }

    /// "Pacific Coast Drive.gpx": the trip's name as a file name (no slashes, no leading dot).
    package static func suggestedName(for trip: Trip, format: TripExportFormat) -> String {
        var name = trip.name.map { $0 == "/" || $0.isNewline ? "-" : $0 }.map(String.init).joined().trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        return (name.isEmpty ? "trip" : name) + "." + format.fileExtension
    }
}
