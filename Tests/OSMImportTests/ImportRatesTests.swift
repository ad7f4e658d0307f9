import Foundation
import OSMImport
import RoadtripCore
import Testing

/// What a user is told an import takes (issue 59, item 5): the rates `make bench` measured and
/// wrote among the resources, never a figure typed into the code.
@Suite struct ImportRatesTests {
    static let rates = ImportRates(
        bytesPerSecond: 1_000_000, diskBytesPerExtractByte: 4.5, peakMemoryBytes: 150_000_000, extractBytes: 150_000_000, measured: "2026-12-03",
        command: "python3 Scripts/bench-regions.py .build/release/roadtrip --scaled 30 --rates Resources/import-rates.json")

    @Test func theEstimateGrowsWithTheExtractAndSaysTheMeasuredMemory() {
        #expect(Self.rates.estimate(bytes: 565_000) == "the import takes about 1 s, 2.5 MB of disk and 150 MB of memory")
        #expect(Self.rates.estimate(bytes: 31_000_000_000) == "the import takes about 517 min, 140 GB of disk and 150 MB of memory")
        #expect(ExtractDownload.estimate(bytes: 565_000, rates: nil).contains("not known"))
    }

    @Test func theShippedRatesAreTheBenchsOwn() throws {
        let rates = try #require(ImportRates.shipped, "Resources/import-rates.json is missing or does not read")
        #expect(rates.command.hasPrefix("python3 Scripts/bench-regions.py ") && rates.command.contains("--rates Resources/import-rates.json"))
        #expect(rates.bytesPerSecond > 0 && rates.diskBytesPerExtractByte > 1 && rates.peakMemoryBytes > 0 && rates.extractBytes > 10_000_000)
        #expect(ExtractDownload.estimate(bytes: 1_000_000) == rates.estimate(bytes: 1_000_000))
    }
}
