import BackgroundWork
import Foundation
import RoadtripCore
import OSMImport
import RoadtripRegions
import RoadtripStore

/// The regions manager's use cases: the regions folder, adding an extract from a file, joining
/// the regions' roads, the catalogue of extracts and downloads, the update check. No screen state.
@MainActor
final class RegionsInteractor: RegionsInteractorInput {
    private let places: PlaceIndexProvider
    private let shelf: RegionShelf?
    private let extracts: ExtractSource?
    /// A download larger than this is asked about first (`ExtractDownload.askAbove`; less in tests).
    private let askAbove: Int64
    private let roadLegs: RoadLegs
    /// Where the update check runs: the model's runner, as the program's other work.
    private let runner: any BackgroundRunner
    private var updateCheck: BackgroundJob?
    /// Busy work: adding, joining, reading the catalogue, downloading.
    private let services: ProgramServices

    /// `regions` nil: no regions here (the panel says so and cannot add one); `extracts` nil: no
    /// catalogue to download regions from.
    init(runner: any BackgroundRunner, services: ProgramServices, places: PlaceIndexProvider = .unavailable, regions: RegionShelf? = nil,
         extracts: ExtractSource? = nil, askingAbove askAbove: Int64 = ExtractDownload.askAbove, roadLegs: RoadLegs = .none) {
        self.runner = runner
        self.services = services
        self.places = places
        self.shelf = regions
        self.extracts = extracts
        self.askAbove = askAbove
        self.roadLegs = roadLegs
    }

    func regions() -> [RegionShelf.Installed] {
        shelf?.installed() ?? []
    }

    var regionsFolder: String { shelf?.directory.path ?? "" }

    /// The built-in towns, whose countries and regions a new region's places take: the library's first index.
    private var towns: (any PlaceIndex)? {
        (try? places.value.get() as? PlaceLibrary)?.indexes.first
    }

    func regionImporter(for path: String) -> @Sendable (BusyProgress) -> Result<RegionInfo, RegionError> {
        let file = ExportFile.url(forTyped: path).path
        let (towns, shelf) = (towns, shelf)
        return { progress in
            Result { () throws(RegionError) in
                guard let shelf else { throw RegionError.cannotWrite(path: file, reason: "no regions folder is set up here") }
                var job = try RegionImport(file: file, shelf: shelf, towns: towns)
                job.isCancelled = { progress.isCancelled }
                job.progress = { progress.say($0.text) }
                return try job.run()
            }
        }
    }

    func removeRegion(_ name: String) throws(RegionError) {
        guard let shelf else { throw RegionError.noSuchRegion(name, known: []) }
        try shelf.remove(name)
    }

    func roadJoiner() -> (@Sendable (BusyProgress) -> String?)? {
        guard let shelf, RoadJoin.isNeeded(on: shelf) else { return nil }
        return { progress in
            var join = RoadJoin(shelf: shelf)
            join.isCancelled = { progress.isCancelled }
            join.progress = { progress.say($0.text) }
            return RoadJoin.sentence(Result { () throws(RegionError) in try join.run() })
        }
    }

    func regionsChanged() {
        places.reload()
        roadLegs.reload()
    }

    func catalogueLoader() -> @Sendable (BusyProgress) -> Result<CatalogueLoad, DownloadError> {
        let source = extracts
        return { progress in
            guard let source else { return .failure(.tool("No catalogue of extracts is set up here.")) }
            var curl = Curl()
            curl.isCancelled = { progress.isCancelled }
            return Result { () throws(DownloadError) in try source.catalogue(curl: curl) }
        }
    }

    var catalogueAddress: String { extracts?.catalogueURL.absoluteString ?? "" }

    func extractDownloader(for extract: ExtractCatalogue.Extract, confirmed: Bool) -> @Sendable (BusyProgress) -> ExtractDownloadOutcome {
        let (towns, shelf, source, askAbove) = (towns, shelf, extracts, askAbove)
        return { progress in
            guard let shelf, let source else { return .failed("No regions folder is set up here: nothing was downloaded.") }
            var curl = Curl()
            curl.isCancelled = { progress.isCancelled }
            var job = ExtractDownload(extract: extract, source: source, shelf: shelf, towns: towns)
            job.isCancelled = { progress.isCancelled }
            job.progress = { progress.say($0.text) }
            do {
                if !confirmed, let bytes = try curl.head(extract.pbf).bytes, bytes > askAbove {
                    return .needsConfirmation(bytes: bytes)
                }
                return .added(try job.run())
            } catch {
                return .failed("\(error)")
            }
        }
    }

    func checkForUpdates(done: @escaping @MainActor ([String: Result<ExtractUpdate, DownloadError>]) -> Void) {
        cancelUpdateCheck()
        let downloaded = regions().compactMap { region in region.origin.map { (name: region.name, origin: $0) } }
        guard let source = extracts, !downloaded.isEmpty else { return done([:]) }
        updateCheck = runner.run("region-updates", work: { context in
            var curl = Curl()
            curl.isCancelled = { context.isCancelled }
            let catalogue = Result { () throws(DownloadError) in try source.catalogue(curl: curl).catalogue }
            var found: [String: Result<ExtractUpdate, DownloadError>] = [:]
            for region in downloaded {
                found[region.name] = catalogue.flatMap { catalogue in Result { () throws(DownloadError) in try region.origin.update(in: catalogue, curl: curl) } }
            }
            return found
        }, done: done)
    }

    func cancelUpdateCheck() {
        updateCheck?.cancel()
        _ = updateCheck?.withdraw()
        updateCheck = nil
    }

    func runBusy(_ task: BusyTask) {
        services.runBusy(task)
    }
}
