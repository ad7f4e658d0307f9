import Foundation
import RoadtripCore
import OSMImport
import RoadtripRegions
import RoadtripUseCases
import ScreenModels

/// Owns the regions manager's screen state (what the update check found, the catalogue browsed,
/// the download waiting for a y/n answer) and turns regions and extracts into view models. What
/// it has to say goes to the status bar of the trip list under it (`RegionsModuleOutput`).
@MainActor
final class RegionsPresenter: RegionsViewOutput {
    weak var view: RegionsViewInput?
    private let interactor: RegionsInteractorInput
    private let router: RegionsRouterInput
    private weak var output: RegionsModuleOutput?
    /// What the update check found of the downloaded regions since the panel opened; nil while it runs.
    private var regionUpdates: [String: Result<ExtractUpdate, DownloadError>]?
    /// The catalogue browser while it is open.
    private var browsing: CatalogueBrowsing?
    /// The extract whose download waits for a y/n answer (it is large).
    private var pendingDownload: ExtractCatalogue.Extract?

    init(interactor: RegionsInteractorInput, router: RegionsRouterInput, output: RegionsModuleOutput?) {
        self.interactor = interactor
        self.router = router
        self.output = output
    }

    private func say(_ message: StatusMessage) {
        output?.regionsDidSay(message)
    }

    // MARK: The panel

    /// The panel opens at once; whether the downloaded regions have updates comes later, off the main loop.
    func didLoad() {
        regionUpdates = nil
        view?.showRegions(regionsViewModel(), selecting: nil)
        interactor.checkForUpdates { [weak self] found in
            guard let self else { return }
            regionUpdates = found
            view?.updateRegions(regionsViewModel())
        }
    }

    private func regionsViewModel() -> RegionsViewModel {
        let rows = interactor.regions().map { region -> RegionsViewModel.Row in
            switch region.info {
            case .success(let info):
                if let problem = region.placesProblem { return .init(name: region.name, detail: problem.description, isDamaged: true) }
                return .init(
                    name: region.name, detail: "\(RegionText.counts(info)) · \(RegionText.area(info.bounds)) · added \(RegionText.day(info.added))",
                    hasUpdate: update(of: region.name) != nil)
            case .failure(let error):
                return .init(name: region.name, detail: error.description, isDamaged: true)
            }
        }
        return RegionsViewModel(rows: rows, folder: interactor.regionsFolder)
    }

    func didPressAddRegion() {
        view?.beginRegionAdd(path: "")
    }

    func didSubmitAddRegion(path: String) {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            return view?.showRegionAddError("Type the extract to add: an .osm.pbf, .osm, .osm.gz or .osm.bz2 file.") ?? ()
        }
        view?.endEditing()
        let name = (path as NSString).lastPathComponent
        interactor.runBusy(
            BusyTask(title: "Adding region \(TripText.quoted(name))", job: "region-import", reporting: interactor.regionImporter(for: path)) {
                [weak self] result in
                self?.didAddRegion(result, from: path)
            })
    }

    private func didAddRegion(_ result: Result<RegionInfo, RegionError>, from path: String) {
        switch result {
        case .success(let info):
            didAdd(info)
        case .failure(let error):
            view?.beginRegionAdd(path: path)
            view?.showRegionAddError(error.description)
        }
    }

    /// A region was added (from a file or downloaded): searches and legs load it, the panel shows
    /// it selected, and the regions' roads are joined again.
    private func didAdd(_ info: RegionInfo) {
        interactor.regionsChanged()
        regionUpdates?[info.name] = .success(.current)
        let added = "Added region \(info.name): \(RegionText.counts(info)). Its places are found when adding a stop."
        view?.showRegions(regionsViewModel(), selecting: info.name)
        say(StatusMessage(added))
        joinRoads(after: added)
    }

    func didRequestQuit(addingRegionFrom path: String, _ request: QuitRequest) -> Bool {
        guard request.mayStayOpen else { return true }
        view?.showRegionAddError("Not added yet: Enter adds the region, Esc closes the form. \(QuitRequest.notQuit("without adding it"))")
        return false
    }

    func didCancelAddRegion() {
        view?.showRegions(regionsViewModel(), selecting: nil)
    }

    func didPressRemoveRegion(name: String) {
        let places = interactor.regions().first { $0.name == name }.flatMap { try? $0.info.get().places }
        view?.askToConfirmRegionRemoval("Remove region “\(name)”\(places.map { " and its \(DistanceUnit.grouped($0)) places" } ?? "")?", name: name)
    }

    func didAnswerRemoveRegion(name: String, confirmed: Bool) {
        var removed: String?
        if confirmed {
            do {
                let sentence = try interactor.removeRegion(name)
                interactor.regionsChanged()
                removed = sentence
                say(StatusMessage(sentence))
            } catch {
                say(StatusMessage(error.description, isError: true))
            }
        }
        view?.showRegions(regionsViewModel(), selecting: nil)
        if confirmed { joinRoads(after: removed) }
    }

    /// After a region was added or removed: joins the regions' roads again off the main loop
    /// when they changed, then says what the join did after what the status bar `said`.
    private func joinRoads(after said: String?) {
        guard let joiner = interactor.roadJoiner() else { return }
        interactor.runBusy(
            BusyTask(title: "Joining the regions' roads", job: "road-join", reporting: joiner) { [weak self] note in
                guard let self else { return }
                interactor.regionsChanged()
                say(StatusMessage([said, note].compactMap { $0 }.joined(separator: " ")))
            })
    }

    func didCloseRegions() {
        interactor.cancelUpdateCheck()
        router.closeRegions()
    }

    func didSearch(saying message: StatusMessage) {
        say(message)
    }

    func didPressHelp() {
        router.openHelp()
    }

    // MARK: Regions by name

    /// The catalogue loads off the main loop (Esc cancels, the panel stays); the browser then
    /// opens on it, or on the sentence saying why it cannot be read.
    func didPressDownloadRegion() {
        interactor.runBusy(
            BusyTask(title: "Reading the catalogue of extracts", job: "extract-catalogue", reporting: interactor.catalogueLoader()) { [weak self] result in
                self?.didLoadCatalogue(result)
            })
    }

    private func didLoadCatalogue(_ result: Result<CatalogueLoad, DownloadError>) {
        var browsing = CatalogueBrowsing(address: interactor.catalogueAddress, installed: interactor.regions())
        switch result {
        case .success(let loaded):
            browsing.catalogue = loaded.catalogue
            browsing.note = loaded.stale.map { "The catalogue could not be fetched again (\($0)); this is the copy of \(RegionText.day(loaded.fetched))." }
        case .failure(let error):
            browsing.note = error.description
            browsing.isError = true
        }
        self.browsing = browsing
        view?.showCatalogue(Self.catalogueViewModel(browsing), query: "", selecting: nil)
    }

    func didChangeCatalogueQuery(_ text: String) {
        guard var browsing else { return }
        browsing.query = text
        // A failed download's sentence goes once the user types on; a catalogue that cannot be read stays said.
        if browsing.catalogue != nil, browsing.isError { (browsing.note, browsing.isError) = (nil, false) }
        self.browsing = browsing
        view?.updateCatalogue(Self.catalogueViewModel(browsing))
    }

    func didChooseExtract(id: String) {
        guard let extract = browsing?.catalogue?.extracts.first(where: { $0.id == id }) else { return }
        download(extract, confirmed: false)
    }

    func didCancelCatalogue() {
        browsing = nil
        view?.showRegions(regionsViewModel(), selecting: nil)
    }

    func didAnswerDownload(_ confirmed: Bool) {
        guard let extract = pendingDownload else { return }
        pendingDownload = nil
        guard confirmed else { return say(StatusMessage("Nothing was downloaded.")) }
        download(extract, confirmed: true)
    }

    func didPressUpdateRegion(name: String) {
        if let extract = update(of: name) { return download(extract, confirmed: false) }
        let origin = interactor.regions().first { $0.name == name }?.origin
        switch (origin, regionUpdates?[name]) {
        case (nil, _): say(StatusMessage("Region \(name) was added from a file, not downloaded: a adds it again from a newer file."))
        case (_?, nil): say(StatusMessage("Still asking the server whether region \(name) has an update."))
        case (let origin?, .success(.notListed)): say(StatusMessage("Region \(name): the catalogue no longer lists \(origin.extract); left as it is."))
        case (_?, .failure(let error)): say(.error("Whether region \(name) has an update cannot be said: \(error)"))
        case (_?, .success): say(StatusMessage("Region \(name) is up to date."))
        }
    }

    /// The extract to download again when region `name` has an update.
    private func update(of name: String) -> ExtractCatalogue.Extract? {
        guard case .success(.available(let extract)) = regionUpdates?[name] else { return nil }
        return extract
    }

    /// Downloads `extract` off the main loop with its progress in the status bar; the browser or
    /// the panel stays under it, and Esc cancels, keeping what came for the next attempt.
    private func download(_ extract: ExtractCatalogue.Extract, confirmed: Bool) {
        let task = BusyTask(
            title: "Downloading \(extract.name)", job: "region-download",
            reporting: interactor.extractDownloader(for: extract, confirmed: confirmed)
        ) { [weak self] outcome in
            self?.didDownload(outcome, of: extract)
        }
        task.cancelledMessage = "Downloading \(extract.name) was cancelled: what came is kept, and downloading it again continues it."
        interactor.runBusy(task)
    }

    private func didDownload(_ outcome: ExtractDownloadOutcome, of extract: ExtractCatalogue.Extract) {
        switch outcome {
        case .added(let info):
            browsing = nil
            didAdd(info)
        case .needsConfirmation(let bytes):
            pendingDownload = extract
            view?.askToConfirmDownload(
                "\(ExtractCatalogue.label(extract)) is \(RegionText.bytes(bytes)); \(ExtractDownload.estimate(bytes: bytes)). Download it?")
        case .failed(let sentence):
            guard var browsing else {
                var regions = regionsViewModel()
                regions.failure = sentence
                return view?.showRegions(regions, selecting: extract.regionName) ?? ()
            }
            (browsing.note, browsing.isError) = (sentence, true)
            self.browsing = browsing
            view?.showCatalogue(Self.catalogueViewModel(browsing), query: browsing.query, selecting: extract.id)
        }
    }

    // MARK: Mapping (pure)

    /// The browser's rows: the extracts `browsing.query` finds, "added" where a region was made of one.
    nonisolated static func catalogueViewModel(_ browsing: CatalogueBrowsing) -> CatalogueViewModel {
        guard let catalogue = browsing.catalogue else { return CatalogueViewModel(summary: browsing.address, note: browsing.note, isError: browsing.isError) }
        // The command line's search (`region catalogue QUERY`), one for both.
        let found = SearchCatalogue.extracts(matching: browsing.query, in: catalogue, installed: browsing.installed)
        let rows = found.map { match in
            CatalogueViewModel.Row(id: match.extract.id, name: match.extract.name, path: match.extract.path, added: match.addedAs == nil ? nil : "added")
        }
        let count =
            found.count == catalogue.extracts.count
            ? "\(DistanceUnit.grouped(found.count)) extracts"
            : "\(DistanceUnit.grouped(found.count)) of \(DistanceUnit.grouped(catalogue.extracts.count)) extracts"
        return CatalogueViewModel(rows: rows, summary: "\(count) · \(browsing.address)", note: browsing.note, isError: browsing.isError)
    }
}
