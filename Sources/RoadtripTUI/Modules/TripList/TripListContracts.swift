import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import ScreenModels

// The boundaries of the TripList module (Rambler's naming: View/Interactor/Router Input and
// Output, seen from the component that implements or calls them).

/// What the presenter tells the view.
@MainActor
protocol TripListViewInput: AnyObject {
    func display(_ viewModel: TripListViewModel)
    /// The same screen with new road figures: the status message shown stays.
    func displayFigures(_ viewModel: TripListViewModel)
    /// Starts editing the selected trip's name in its row, beginning with `text`.
    func beginRenaming(text: String)
    /// Starts editing the filter, beginning with `text`.
    func beginFiltering(text: String)
    func endEditing()
    func askToConfirm(_ question: String)
    /// The prompt for a new trip's name, beginning with `name` (selected: typing replaces it).
    func beginNewTrip(name: String)
    /// Why the name cannot be used; the prompt stays open.
    func showNewTripError(_ text: String)
    /// The import form: the file to read, beginning with `path`.
    func beginImport(path: String)
    /// Why the file could not be imported; the form stays open.
    func showImportError(_ text: String)
    /// The regions panel, with `name`'s row selected when given.
    func showRegions(_ regions: RegionsViewModel, selecting name: String?)
    /// The form to add a region: the extract to read, beginning with `path`.
    func beginRegionAdd(path: String)
    /// Why the region could not be added; the form stays open.
    func showRegionAddError(_ text: String)
    /// Asks whether to remove region `name`.
    func askToConfirmRegionRemoval(_ question: String, name: String)
    /// The regions panel's rows anew, its selection kept; nothing when the panel is not open.
    func updateRegions(_ regions: RegionsViewModel)
    /// The catalogue browser, its field beginning with `query`, `id`'s row chosen when given.
    func showCatalogue(_ catalogue: CatalogueViewModel, query: String, selecting id: String?)
    /// The browser's rows for what is typed now; nothing when the browser is not open.
    func updateCatalogue(_ catalogue: CatalogueViewModel)
    /// Asks whether to download a large extract.
    func askToConfirmDownload(_ question: String)
}

/// What the view reports: the user's intents, never raw keys.
@MainActor
protocol TripListViewOutput: RowSelectingOutput {
    func didLoad()
    /// Asks for the new trip's name; nothing is added until it is given.
    func didPressAdd()
    /// Adds the trip with the name typed in the prompt.
    func didSubmitNewTrip(name: String)
    func didPressRename()
    func didSubmitRename(_ name: String)
    /// The name field left characters out: the name is at its longest.
    func didReachNameLengthLimit()
    func didCancelEditing()
    func didPressDelete()
    func didAnswerDelete(_ confirmed: Bool)
    func didPressFilter()
    func didChangeFilter(_ text: String)
    func didSubmitFilter()
    func didPressClearFilter()
    func didPressOpen()
    /// A copy of the selected trip, "… (copy)", just below it.
    func didPressDuplicate()
    func didPressReverse()
    /// The next order of the list: as in the file, by name, by distance, by start date.
    func didPressSort()
    func didPressImport()
    func didSubmitImport(path: String)
    /// The regions: OpenStreetMap extracts whose places search finds.
    func didPressRegions()
    func didPressAddRegion()
    func didSubmitAddRegion(path: String)
    func didCancelAddRegion()
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
    func didPressUndo()
    func didPressRedo()
    func didPressSave()
    func didPressHelp()
    func didPressQuit()
}

/// What the presenter asks of the interactor. It keeps no screen state.
///
/// Thin on purpose where it edits: adding, renaming, deleting, duplicating and reversing are each
/// one described, undoable change of the `DataModel`, which holds the rule and the history, so
/// those calls pass straight through. What the interactor is for is the boundary (the presenter
/// sees neither the model, the files nor the regions folder) and the work that is not the
/// screen's: reading an import and importing a region off the main loop, and loading the place
/// searches again when the regions change. Which trip is selected after a change, and what the
/// status bar says, are the presenter's.
@MainActor
protocol TripListInteractorInput: EditingSession {
    /// The trips, now and after every change, with what the change was (`TripsUpdate`).
    var trips: AnyPublisher<TripsUpdate, Never> { get }
    /// The figures of `trip`'s legs as far as known, at once (`RoadLegs`: legs routed before by
    /// road, the estimate of the others, which are routed meanwhile); empty when no region has roads.
    func knownLegs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures]
    /// Road figures arrived for some leg.
    var roadLegChanges: AnyPublisher<Void, Never> { get }
    /// Adds a trip called `name` at the top, as one undoable change.
    func addTrip(named name: String) -> Trip
    func renameTrip(id: Trip.ID, to name: String)
    func deleteTrip(id: Trip.ID)
    func duplicateTrip(id: Trip.ID) -> Trip?
    func reverseStops(ofTrip id: Trip.ID)
    /// Adds the trips of the file `path` names at the top, as one change; what was changed on the
    /// way ("a track of 12,345 points became 48 stops") comes with them.
    /// Reads the file at `path` (as typed) into trips, on whatever thread calls it: nothing is added yet.
    func importReader(for path: String) -> @Sendable () -> Result<[ImportedTrip], ImportError>
    /// Adds what `importReader` read, as one undoable change; returns the new trips and notes on the import.
    func addImported(_ imported: [ImportedTrip], from path: String) -> (trips: [Trip], notes: [String])
    /// The added regions, by name, and the folder they live in.
    func regions() -> [RegionShelf.Installed]
    var regionsFolder: String { get }
    /// Adds the extract at `path` (as typed) as a region, on whatever thread calls it, reporting
    /// how far it is and stopping when cancelled; nothing changes unless it succeeds.
    func regionImporter(for path: String) -> @Sendable (BusyProgress) -> Result<RegionInfo, RegionError>
    func removeRegion(_ name: String) throws(RegionError)
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

/// The catalogue as `ExtractSource.catalogue` gives it: when it was fetched, and why it could not
/// be fetched again when an older copy is used.
typealias CatalogueLoad = (catalogue: ExtractCatalogue, fetched: Date, stale: DownloadError?)

/// What downloading an extract came to.
enum ExtractDownloadOutcome: Sendable {
    case added(RegionInfo)
    /// Over 1 GB, and not confirmed: nothing was downloaded.
    case needsConfirmation(bytes: Int64)
    /// Why it failed, in a sentence; what was downloaded is kept where it can be continued.
    case failed(String)
}

/// Where the presenter can send the user.
@MainActor
protocol TripListRouterInput: AnyObject {
    func openTrip(id: Trip.ID)
    func openHelp()
    func closeApp()
}

/// Everything the trip list shows, already formatted.
struct TripListViewModel: Equatable {
    struct Row: Equatable {
        let id: Trip.ID
        let name: String
        let stops: String
        let distance: String
        let route: String
    }

    /// The rows of the trips shown, each made when it is read: the screen reads the visible
    /// ones, so a key in a list of 1,000 trips makes a screenful of rows, not 1,000.
    struct Rows: RandomAccessCollection, Equatable {
        let trips: [Trip]
        let unit: DistanceUnit
        /// Rows made before, reused while their trip is unchanged.
        let cache: TripRowCache?

        init(trips: [Trip] = [], unit: DistanceUnit = .km, cache: TripRowCache? = nil) {
            self.trips = trips
            self.unit = unit
            self.cache = cache
        }

        var startIndex: Int { 0 }
        var endIndex: Int { trips.count }

        /// Each trip in its own units when it has some, else in `unit`.
        subscript(index: Int) -> Row {
            let trip = trips[index]
            let unit = trip.settings.units ?? unit
            return cache?.row(for: trip, unit: unit) ?? TripListPresenter.row(for: trip, unit: unit)
        }

        static func == (lhs: Rows, rhs: Rows) -> Bool {
            lhs.unit == rhs.unit && lhs.trips == rhs.trips
        }
    }

    var title = "Roadtrips"
    /// How the rows are ordered, when not as in the file ("by name").
    var order: String?
    var subtitle = ""
    var rows = Rows()
    var selectedRow: Int?
    /// Shown instead of rows when there are none.
    var emptyMessage: String?
    /// The filter text while one is set.
    var filter: String?
    var message: StatusMessage?
    /// The file cannot be changed here (another instance has it): no editing keys are offered.
    var isReadOnly = false
}

/// The orders the trip list can be shown in (`S` goes to the next); the file keeps its own.
enum TripListOrder: CaseIterable, Equatable, Sendable {
    case file, name, distance, startDate

    var next: TripListOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// "by name"; nil for the file's own order.
    var label: String? {
        switch self {
        case .file: return nil
        case .name: return "by name"
        case .distance: return "by distance"
        case .startDate: return "by start date"
        }
    }
}
