import Foundation
import RoadtripCore
import RoadtripRegions

/// What importing an extract takes per byte of it, as the bench measured it on the largest file it
/// imports (`Scripts/bench-regions.py --scaled 30 --rates`, run by `make bench`, which writes
/// Resources/import-rates.json): the figures a user is told before a download, measured rather
/// than typed into the code (issue 59, item 5).
package struct ImportRates: Codable, Equatable, Sendable {
    /// The extract's bytes imported a second, its road database made.
    package let bytesPerSecond: Double
    /// The region's folder beside the extract, per byte of extract.
    package let diskBytesPerExtractByte: Double
    /// The largest memory of any process of the import (roadtrip, osmium, planetsplitter).
    package let peakMemoryBytes: Double
    /// The file it was measured on, and when and how.
    package let extractBytes: Int64
    package let measured: String
    package let command: String

    package init(
        bytesPerSecond: Double, diskBytesPerExtractByte: Double, peakMemoryBytes: Double, extractBytes: Int64, measured: String, command: String
    ) {
        self.bytesPerSecond = bytesPerSecond
        self.diskBytesPerExtractByte = diskBytesPerExtractByte
        self.peakMemoryBytes = peakMemoryBytes
        self.extractBytes = extractBytes
        self.measured = measured
        self.command = command
    }

    /// The rates among the program's resources; nil when they are missing or do not read.
    package static let shipped: ImportRates? = {
        guard let url = try? Resources.locate().importRates, let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(ImportRates.self, from: data)
    }()

    /// "the import takes about 3 min, 1.2 GB of disk and 150 MB of memory": time and disk grow with
    /// the extract; the memory is the largest measured (osmium's and planetsplitter's grow slower
    /// than the file, so it is said as measured, not scaled).
    package func estimate(bytes: Int64) -> String {
        let seconds = Double(bytes) / bytesPerSecond
        let time = seconds < 60 ? "\(max(1, Int(seconds.rounded()))) s" : "\(Int((seconds / 60).rounded())) min"
        let disk = RegionText.bytes(Int64(Double(bytes) * diskBytesPerExtractByte))
        let memory = RegionText.bytes(Int64(peakMemoryBytes))
        return "the import takes about \(time), \(disk) of disk and \(memory) of memory"
    }
}
