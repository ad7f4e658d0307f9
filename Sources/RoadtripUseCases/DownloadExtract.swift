import OSMImport
import RoadtripCore
import RoadtripRegions

/// Downloading an extract of the catalogue and adding it as a region, once for both front ends
/// (`roadtrip region download`, `update`; Enter in the planner's catalogue browser, `U` in its
/// regions panel): the size asked of the server first, a file over 1 GB asked about
/// (`ExtractDownload.askAbove`), the download resumed where one stopped and checked against its
/// published MD5, then imported as `AddRegion` imports a file (the built-in towns found the same
/// way). Runs on any thread.
package struct DownloadExtract: Sendable {
    /// What asking for a download came to (`download(_:confirmed:)`).
    package enum Outcome: Sendable {
        case added(RegionInfo)
        /// Over the size asked about, and not confirmed: nothing was downloaded.
        case needsConfirmation(bytes: Int64)
        /// Why it failed, in a sentence; what was downloaded is kept where it can be continued.
        case failed(String)
    }

    private let source: ExtractSource
    private let shelf: RegionShelf
    private let towns: (any PlaceIndex)?
    /// A download larger than this is asked about first (less in tests).
    private let askAbove: Int64

    @MainActor
    package init(source: ExtractSource, shelf: RegionShelf, places: PlaceIndexProvider, askingAbove askAbove: Int64 = ExtractDownload.askAbove) {
        self.source = source
        self.shelf = shelf
        towns = places.builtInTowns
        self.askAbove = askAbove
    }

    /// The size of `extract`'s file, as the server says it; nil when it does not.
    package func size(of extract: ExtractCatalogue.Extract, isCancelled: @escaping @Sendable () -> Bool = { false }) throws(DownloadError) -> Int64? {
        try SearchCatalogue.size(of: extract, isCancelled: isCancelled)
    }

    /// Whether a file of `bytes` is asked about before it is downloaded.
    package func asksAbout(bytes: Int64?) -> Bool {
        bytes.map { $0 > askAbove } ?? false
    }

    /// Downloads `extract`, checks it and adds it as a region; a `DownloadError` or a `RegionError`
    /// says why not (`.cancelled` when `work` stopped it; what came is kept).
    package func download(_ extract: ExtractCatalogue.Extract, work: RegionWork = RegionWork()) throws -> RegionInfo {
        var job = ExtractDownload(extract: extract, source: source, shelf: shelf, towns: towns)
        job.isCancelled = work.isCancelled
        job.progress = { work.progress($0.text) }
        return try job.run()
    }

    /// Downloads and adds `extract`, unless it is over the size asked about and not `confirmed`:
    /// then it is only measured, for the user to be asked.
    package func download(_ extract: ExtractCatalogue.Extract, confirmed: Bool, work: RegionWork = RegionWork()) -> Outcome {
        do {
            if !confirmed, let bytes = try size(of: extract, isCancelled: work.isCancelled), asksAbout(bytes: bytes) {
                return .needsConfirmation(bytes: bytes)
            }
            return .added(try download(extract, work: work))
        } catch {
            return .failed("\(error)")
        }
    }
}
