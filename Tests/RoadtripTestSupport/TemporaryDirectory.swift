import Foundation

/// A fresh directory under the system temporary folder, removed when the value goes away (or
/// earlier, by `remove()`). The one the unit tests and the end-to-end tests both use.
package final class TemporaryDirectory {
    package let url: URL

    /// `roadtrip-tmp-<UUID>`: as long as the end-to-end tests' folder name always was, for the
    /// screens they compare show paths in it cut at the edge of the pane.
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-tmp-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    package var path: String { url.path }

    /// The data file the end-to-end tests point `ROADTRIP_FILE` at (absent until the program creates it).
    package var dataFile: URL { url.appendingPathComponent("trips.json") }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    package func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    package func write(_ text: String, to name: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    package var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
