import BackgroundWork
import Foundation
import RoadtripCore
import OSMImport
import RoadtripRegions
import RoadtripStore
import RoadtripUseCases

/// The regions manager's adapter of the regions' use cases (`AddRegion`, `RemoveRegion`,
/// `JoinRegionRoads`, `SearchCatalogue`, `DownloadExtract`, `CheckRegionUpdates`, the command
/// line's too), their long work run off the main loop. No screen state.
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
    init(
        runner: any BackgroundRunner, services: ProgramServices, places: PlaceIndexProvider = .unavailable, regions: RegionShelf? = nil,
        extracts: ExtractSource? = nil, askingAbove askAbove: Int64 = ExtractDownload.askAbove, roadLegs: RoadLegs = .none
    ) {
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

    /// Region work's progress in the status bar, stopped by Esc.
    private nonisolated static func work(_ progress: BusyProgress) -> RegionWork {
        RegionWork(progress: { progress.say($0) }, isCancelled: { progress.isCancelled })
    }

    func regionImporter(for path: String) -> @Sendable (BusyProgress) -> Result<RegionInfo, RegionError> {
        let file = ExportFile.url(forTyped: path).path
        let add = shelf.map { AddRegion(shelf: $0, places: places) }
        return { progress in
            Result { () throws(RegionError) in
                guard let add else { throw RegionError.cannotWrite(path: file, reason: "no regions folder is set up here") }
                return try add.add(file, work: Self.work(progress))
            }
        }
    }

    func removeRegion(_ name: String) throws(RegionError) -> String {
        guard let shelf else { throw RegionError.noSuchRegion(name, known: []) }
        return try RemoveRegion(shelf: shelf).remove(name)
    }

    func roadJoiner() -> (@Sendable (BusyProgress) -> String?)? {
        guard let join = shelf.map(JoinRegionRoads.init(shelf:)), join.isNeeded else { return nil }
        return { progress in join.run(Self.work(progress))?.sentence }
    }

    func regionsChanged() {
        places.reload()
        roadLegs.reload()
    }

    func catalogueLoader() -> @Sendable (BusyProgress) -> Result<CatalogueLoad, DownloadError> {
        let search = extracts.map(SearchCatalogue.init(source:))
        return { progress in
            guard let search else { return .failure(.tool("No catalogue of extracts is set up here.")) }
            return Result { () throws(DownloadError) in try search.catalogue(isCancelled: { progress.isCancelled }) }
        }
    }

    var catalogueAddress: String { extracts?.catalogueURL.absoluteString ?? "" }

    func extractDownloader(for extract: ExtractCatalogue.Extract, confirmed: Bool) -> @Sendable (BusyProgress) -> ExtractDownloadOutcome {
        let download = shelf.flatMap { shelf in extracts.map { DownloadExtract(source: $0, shelf: shelf, places: places, askingAbove: askAbove) } }
        return { progress in
            guard let download else { return .failed("No regions folder is set up here: nothing was downloaded.") }
            return download.download(extract, confirmed: confirmed, work: Self.work(progress))
        }
    }

    func checkForUpdates(done: @escaping @MainActor ([String: Result<ExtractUpdate, DownloadError>]) -> Void) {
        cancelUpdateCheck()
        let downloaded = CheckRegionUpdates.downloaded(among: regions())
        guard let source = extracts, !downloaded.isEmpty else { return done([:]) }
        let check = CheckRegionUpdates(source: source)
        updateCheck = runner.run(
            "region-updates",
            work: { context in
                check.updates(of: downloaded, isCancelled: { context.isCancelled })
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
