import Foundation
@testable import RoadtripCore
import OSMImport
import RoadtripRegions
@testable import RoadtripTUI
import RoadtripTestSupport
import ScreenModels

@MainActor
final class RegionsViewSpy: RegionsViewInput {
    var endEditingCount = 0
    func endEditing() { endEditingCount += 1 }
    var regionPanels: [(regions: RegionsViewModel, selected: String?)] = []
    var regionAddPaths: [String] = []
    var regionAddErrors: [String] = []
    var regionRemovals: [(question: String, name: String)] = []
    func showRegions(_ regions: RegionsViewModel, selecting name: String?) { regionPanels.append((regions, name)) }
    func beginRegionAdd(path: String) { regionAddPaths.append(path) }
    func showRegionAddError(_ text: String) { regionAddErrors.append(text) }
    func askToConfirmRegionRemoval(_ question: String, name: String) { regionRemovals.append((question, name)) }
    /// The panel's rows as the update check changed them.
    var regionUpdates: [RegionsViewModel] = []
    func updateRegions(_ regions: RegionsViewModel) { regionUpdates.append(regions) }
    /// The browser as opened (with its field's text and the row chosen), then each change of its rows.
    var catalogues: [(catalogue: CatalogueViewModel, query: String, selected: String?)] = []
    var catalogueUpdates: [CatalogueViewModel] = []
    var downloadQuestions: [String] = []
    func showCatalogue(_ catalogue: CatalogueViewModel, query: String, selecting id: String?) { catalogues.append((catalogue, query, id)) }
    func updateCatalogue(_ catalogue: CatalogueViewModel) { catalogueUpdates.append(catalogue) }
    func askToConfirmDownload(_ question: String) { downloadQuestions.append(question) }
}

@MainActor
final class RegionsInteractorSpy: RegionsInteractorInput {
    let busy = BusyWork()
    var busyTitles: [String] { busy.titles }
    var cancelledMessages: [String] { busy.cancelledMessages }
    func runBusy(_ task: BusyTask) { busy.run(task) }

    /// The regions the panel lists, and what adding one gives.
    var installedRegions: [RegionShelf.Installed] = []
    var regionResult: Result<RegionInfo, RegionError> = .failure(.cancelled)
    var removedRegions: [String] = []
    var regionsChangedCount = 0
    func regions() -> [RegionShelf.Installed] { installedRegions }
    var regionsFolder: String { "/data/roadtrip/regions" }
    func regionImporter(for path: String) -> @Sendable (BusyProgress) -> Result<RegionInfo, RegionError> {
        let result = regionResult
        return { _ in result }
    }
    func removeRegion(_ name: String) throws(RegionError) -> String {
        removedRegions.append(name)
        installedRegions.removeAll { $0.name == name }
        return "Removed region \(name)."
    }
    /// What joining the regions' roads says (nil: there is nothing to join).
    var joinNote: String??
    func roadJoiner() -> (@Sendable (BusyProgress) -> String?)? {
        guard let joinNote else { return nil }
        return { _ in joinNote }
    }
    func regionsChanged() { regionsChangedCount += 1 }

    /// The catalogue a load gives, and what each download comes to, by extract id (the downloads
    /// asked: id and whether confirmed).
    var catalogueResult: Result<CatalogueLoad, DownloadError> = .failure(.cancelled)
    var downloadOutcomes: [String: ExtractDownloadOutcome] = [:]
    var downloads: [(id: String, confirmed: Bool)] = []
    func catalogueLoader() -> @Sendable (BusyProgress) -> Result<CatalogueLoad, DownloadError> {
        let result = catalogueResult
        return { _ in result }
    }
    var catalogueAddress: String { "http://127.0.0.1/index-v1.json" }
    func extractDownloader(for extract: ExtractCatalogue.Extract, confirmed: Bool) -> @Sendable (BusyProgress) -> ExtractDownloadOutcome {
        downloads.append((extract.id, confirmed))
        let outcome = downloadOutcomes[extract.id] ?? .failed("not served")
        return { _ in outcome }
    }
    /// What the update check finds; nil, it is still running (`done` kept in `pendingCheck`).
    var updates: [String: Result<ExtractUpdate, DownloadError>]?
    var pendingCheck: (@MainActor ([String: Result<ExtractUpdate, DownloadError>]) -> Void)?
    var updateChecksCancelled = 0
    func checkForUpdates(done: @escaping @MainActor ([String: Result<ExtractUpdate, DownloadError>]) -> Void) {
        if let updates { done(updates) } else { pendingCheck = done }
    }
    func cancelUpdateCheck() { updateChecksCancelled += 1 }
}

@MainActor
final class RegionsRouterSpy: RegionsRouterInput {
    var closed = 0
    var helpShown = 0
    func closeRegions() { closed += 1 }
    func openHelp() { helpShown += 1 }
}

/// What the module said to the trip list under it.
@MainActor
final class RegionsOutputSpy: RegionsModuleOutput {
    var messages: [StatusMessage] = []
    /// The last sentence, as the trip list's status bar shows it.
    var last: StatusMessage? { messages.last }
    func regionsDidSay(_ message: StatusMessage) { messages.append(message) }
}

/// Records the intents a view reports.
@MainActor
final class RegionsPresenterSpy: RegionsViewOutput {
    var intents: [String] = []
    func didLoad() { intents.append("regions") }
    func didPressAddRegion() { intents.append("add region") }
    func didSubmitAddRegion(path: String) { intents.append("submit region \(path)") }
    func didCancelAddRegion() { intents.append("cancel region") }
    func didRequestQuit(addingRegionFrom path: String, _ request: QuitRequest) -> Bool {
        intents.append("quit \(request) adding \(path)")
        return !request.mayStayOpen
    }
    func didPressRemoveRegion(name: String) { intents.append("remove region \(name)") }
    func didAnswerRemoveRegion(name: String, confirmed: Bool) { intents.append("answer remove \(name) \(confirmed)") }
    func didCloseRegions() { intents.append("close regions") }
    func didPressDownloadRegion() { intents.append("download region") }
    func didChangeCatalogueQuery(_ text: String) { intents.append("find \(text)") }
    func didChooseExtract(id: String) { intents.append("choose \(id)") }
    func didCancelCatalogue() { intents.append("cancel catalogue") }
    func didAnswerDownload(_ confirmed: Bool) { intents.append("answer download \(confirmed)") }
    func didPressUpdateRegion(name: String) { intents.append("update region \(name)") }
    func didPressHelp() { intents.append("help") }
    func didSearch(saying message: StatusMessage) { intents.append("said \(message.text)") }
}
