import Foundation

/// Where the program's data files are (sample trips now; the gazetteer and basemap later), in a
/// source checkout and in an installed copy alike.
package struct Resources: Sendable {
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    package var sampleTrips: URL { directory.appendingPathComponent("sample-trips.json") }
    /// The gazetteer index made by `make data` (Scripts/make-gazetteer.py).
    package var gazetteer: URL { directory.appendingPathComponent("gazetteer.bin") }
    /// The built-in natural features (Natural Earth), made by `make data` (gazetteer-builder --features).
    package var features: URL { directory.appendingPathComponent("features.bin") }
    /// The basemap lines made by `make data` (Scripts/make-basemap.py).
    package var basemap: URL { directory.appendingPathComponent("basemap.bin") }
    /// What an import takes per byte of extract, as `make bench` measured it (Scripts/bench-regions.py --rates).
    package var importRates: URL { directory.appendingPathComponent("import-rates.json") }

    package struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        package var description: String {
            "roadtrip cannot find its resource files (sample-trips.json); looked in \(searched.joined(separator: ", ")). Set ROADTRIP_RESOURCES to the folder that holds them."
        }
    }

    /// Looks, in order, in `$ROADTRIP_RESOURCES`, in `share/roadtrip` beside the installed
    /// binary's `bin`, and in a `Resources` folder of a checkout above the binary (a build in
    /// `.build/…`) or above this source file.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Resources {
        var candidates: [URL] = []
        if let override = environment["ROADTRIP_RESOURCES"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        if let executable = runningExecutable() {
            let binDirectory = executable.deletingLastPathComponent()
            candidates.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/roadtrip"))
            candidates += ancestors(of: binDirectory).map { $0.appendingPathComponent("Resources") }
        }
        candidates += ancestors(of: URL(fileURLWithPath: #filePath).deletingLastPathComponent()).map { $0.appendingPathComponent("Resources") }
        for candidate in candidates {
            let resources = Resources(directory: candidate)
            if FileManager.default.fileExists(atPath: resources.sampleTrips.path) { return resources }
        }
        throw NotFound(searched: candidates.map(\.path).uniqued())
    }

    /// The program's own file, from the kernel (`/proc/self/exe` names it with every symlink
    /// resolved). Not `Bundle.main`: Foundation traps (SIGILL) when the user running the program
    /// cannot read the folders above it, as for a checkout under a 0700 home run as another user.
    static func runningExecutable() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: path)
    }

    private static func ancestors(of directory: URL) -> [URL] {
        var result: [URL] = []
        var current = directory.standardizedFileURL
        while current.path != "/" {
            result.append(current)
            current = current.deletingLastPathComponent()
        }
        return result
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
