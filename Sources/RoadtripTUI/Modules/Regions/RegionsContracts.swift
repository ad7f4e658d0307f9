import Foundation
import RoadtripCore
import OSMImport
import RoadtripRegions
import RoadtripUseCases
import ScreenModels

// The boundaries of the Regions module: the regions manager the trip list opens with `M` (the
// added OpenStreetMap extracts, adding one from a file, downloading one by name, updating and
// removing one). Its view is a panel over the trip list, which hosts it.

/// What the presenter tells the view.
@MainActor
protocol RegionsViewInput: AnyObject {
    /// The regions panel, with `name`'s row selected when given.
    func showRegions(_ regions: RegionsViewModel, selecting name: String?)
    /// The regions panel's rows anew, its selection kept; nothing when the panel is not open.
    func updateRegions(_ regions: RegionsViewModel)
    /// The form to add a region: the extract to read, beginning with `path`.
    func beginRegionAdd(path: String)
    /// Why the region could not be added; the form stays open.
    func showRegionAddError(_ text: String)
    /// Asks whether to remove region `name`.
    func askToConfirmRegionRemoval(_ question: String, name: String)
    /// The catalogue browser, its field beginning with `query`, `id`'s row chosen when given.
    func showCatalogue(_ catalogue: CatalogueViewModel, query: String, selecting id: String?)
    /// The browser's rows for what is typed now; nothing when the browser is not open.
    func updateCatalogue(_ catalogue: CatalogueViewModel)
    /// Asks whether to download a large extract.
    func askToConfirmDownload(_ question: String)
    /// Shows nothing while long work runs (the trip list and the status bar's progress show);
    /// what the work comes to shows the panel or the form again.
    func endEditing()
}

/// What the view reports: the user's intents, never raw keys.
@MainActor
protocol RegionsViewOutput: AnyObject {
    /// The panel opens at once; whether the downloaded regions have updates comes later.
    func didLoad()
    func didPressAddRegion()
    func didSubmitAddRegion(path: String)
    func didCancelAddRegion()
    /// A quit signal came while the path of an extract is typed (`QuitRequest`): adding it is work
    /// of its own, which only Enter starts. Returns false when the form stays open, having said why.
    func didRequestQuit(addingRegionFrom path: String, _ request: QuitRequest) -> Bool
    func didPressRemoveRegion(name: String)
    func didAnswerRemoveRegion(name: String, confirmed: Bool)
    func didCloseRegions()
    /// The catalogue browser: regions by name.
    func didPressDownloadRegion()
    func didChangeCatalogueQuery(_ text: String)
    func didChooseExtract(id: String)
    func didCancelCatalogue()
    func didAnswerDownload(_ confirmed: Bool)
    /// Downloads the region again when its extract has an update.
    func didPressUpdateRegion(name: String)
    func didPressHelp()
    /// What the panel's search has to say (nothing matches, the end passed), for the status bar.
    func didSearch(saying message: StatusMessage)
}

/// What the presenter asks of the interactor. It keeps no screen state: the regions folder, the
/// catalogue and the downloads are its, and the work that is not the screen's (adding, joining
/// the roads, reading the catalogue, downloading) runs off the main loop.
@MainActor
protocol RegionsInteractorInput: AnyObject {
    /// The added regions, by name, and the folder they live in.
    func regions() -> [RegionShelf.Installed]
    var regionsFolder: String { get }
    /// Adds the extract at `path` (as typed) as a region, on whatever thread calls it, reporting
    /// how far it is and stopping when cancelled; nothing changes unless it succeeds.
    func regionImporter(for path: String) -> @Sendable (BusyProgress) -> Result<RegionInfo, RegionError>
    /// Removes the region `name`: the sentence saying so.
    func removeRegion(_ name: String) throws(RegionError) -> String
    /// Joins the regions' roads again after a region was added or removed (`RoadJoin`), on
    /// whatever thread calls it, reporting how far it is: the sentence saying what it did. nil
    /// when the joined roads are those of the regions already (nothing to do).
    func roadJoiner() -> (@Sendable (BusyProgress) -> String?)?
    /// The regions changed: the next search loads them again.
    func regionsChanged()
    /// Reads the catalogue of extracts (`ExtractSource`: cached a day, else fetched), on whatever
    /// thread calls it, stopping when cancelled.
    func catalogueLoader() -> @Sendable (BusyProgress) -> Result<CatalogueLoad, DownloadError>
    /// Where the catalogue comes from, for the browser to say.
    var catalogueAddress: String { get }
    /// Downloads `extract`, checks it and adds it as a region (`ExtractDownload`), on whatever
    /// thread calls it, reporting how far it is and stopping when cancelled (what came is kept for
    /// the next attempt). Unless `confirmed`, a file over 1 GB (`ExtractDownload.askAbove`) is
    /// only measured, for the user to be asked.
    func extractDownloader(for extract: ExtractCatalogue.Extract, confirmed: Bool) -> @Sendable (BusyProgress) -> ExtractDownloadOutcome
    /// Asks the server, off the main loop, whether the downloaded regions' extracts changed
    /// (their published MD5, a few bytes each); `done` gets each downloaded region's answer by
    /// name, at once and empty when no region was downloaded. A check under way is dropped.
    func checkForUpdates(done: @escaping @MainActor ([String: Result<ExtractUpdate, DownloadError>]) -> Void)
    /// Drops the check under way, if any (the panel closed).
    func cancelUpdateCheck()
    /// Runs long work off the main loop, with a spinner and Esc to cancel.
    func runBusy(_ task: BusyTask)
}

/// The catalogue as `SearchCatalogue.catalogue` gives it: when it was fetched, and why it could
/// not be fetched again when an older copy is used.
typealias CatalogueLoad = SearchCatalogue.Load

/// What downloading an extract came to (`DownloadExtract`).
typealias ExtractDownloadOutcome = DownloadExtract.Outcome

/// Where the presenter can send the user.
@MainActor
protocol RegionsRouterInput: AnyObject {
    /// Back to the trips: the panel goes.
    func closeRegions()
    func openHelp()
}

/// What the module tells the trip list that opened it.
@MainActor
protocol RegionsModuleOutput: AnyObject {
    /// A sentence for the status bar under the panel ("Added region krems …"): the trip list's,
    /// which shows it as it shows its own.
    func regionsDidSay(_ message: StatusMessage)
}

/// The catalogue browser's state while it is open: the catalogue (nil when it cannot be read),
/// what is typed, the regions that mark extracts "added", and the sentence under the field.
struct CatalogueBrowsing {
    var catalogue: ExtractCatalogue?
    var query = ""
    /// Where the catalogue comes from.
    let address: String
    let installed: [RegionShelf.Installed]
    var note: String?
    var isError = false

    init(catalogue: ExtractCatalogue? = nil, address: String, installed: [RegionShelf.Installed]) {
        self.catalogue = catalogue
        self.address = address
        self.installed = installed
    }
}
