import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
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
    /// A quit signal came while a trip's name is edited in its row: `name` is kept, as Enter would
    /// keep it (`QuitRequest`). Returns false when the field stays open instead, having said why.
    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool
    /// A quit signal came while the new trip's name is typed: the trip is added, as Enter would.
    func didRequestQuit(addingTripNamed name: String, _ request: QuitRequest) -> Bool
    /// A quit signal came while the file to import is typed: importing is work of its own, which
    /// only Enter starts.
    func didRequestQuit(importing path: String, _ request: QuitRequest) -> Bool
    func didPressDelete()
    func didAnswerDelete(_ confirmed: Bool)
    func didPressFilter()
    func didChangeFilter(_ text: String)
    func didSubmitFilter()
    /// Esc while the filter is typed: no filter, and the selection back where it was at `/`.
    func didCancelFilter()
    func didPressClearFilter()
    /// `n`, `N`: the next or previous trip the filter keeps, on from the other end after the last.
    func didPressNextMatch()
    func didPressPreviousMatch()
    func didPressOpen()
    /// A copy of the selected trip, "… (copy)", just below it.
    func didPressDuplicate()
    func didPressReverse()
    /// The next order of the list: as in the file, by name, by distance, by start date.
    func didPressSort()
    func didPressImport()
    func didSubmitImport(path: String)
    /// The regions: OpenStreetMap extracts whose places search finds (the Regions module).
    func didPressRegions()
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
/// sees neither the model nor the files) and the work that is not the screen's: reading an
/// import off the main loop. The regions are the Regions module's. Which trip is selected after a
/// change, and what the status bar says, are the presenter's.
@MainActor
protocol TripListInteractorInput: EditingSession {
    /// The trips, now and after every change, with what the change was (`TripsUpdate`).
    var trips: AnyPublisher<TripsUpdate, Never> { get }
    /// Whether the trips are the data file's first ones only, the rest being read.
    var isReadingFile: Bool { get }
    /// The figures of `trip`'s legs as far as known, at once (`RoadLegs`: legs routed before by
    /// road, the estimate of the others, which are routed meanwhile); empty when no region has roads.
    func knownLegs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures]
    /// Road figures arrived for some leg.
    var roadLegChanges: AnyPublisher<Void, Never> { get }
    /// The name `a` offers: "New Trip", or the first free one like it.
    var offeredName: String { get }
    /// Adds a trip called `name` at the top, as one undoable change; refused when another has the name.
    func addTrip(named name: String) throws(NameInUse) -> Trip
    /// Refused when another trip has the name.
    func renameTrip(id: Trip.ID, to name: String) throws(NameInUse)
    func deleteTrip(id: Trip.ID)
    func duplicateTrip(id: Trip.ID) -> Trip?
    func reverseStops(ofTrip id: Trip.ID)
    /// Adds the trips of the file `path` names at the top, as one change; what was changed on the
    /// way ("a track of 12,345 points became 48 stops") comes with them.
    /// Reads the file at `path` (as typed) into trips, on whatever thread calls it: nothing is added yet.
    func importReader(for path: String) -> @Sendable () -> Result<[ImportedTrip], ImportError>
    /// Adds what `importReader` read, as one undoable change; returns the new trips and notes on the import.
    func addImported(_ imported: [ImportedTrip], from path: String) -> (trips: [Trip], notes: [String])
    /// Runs long work off the main loop, with a spinner and Esc to cancel.
    func runBusy(_ task: BusyTask)
}

/// Where the presenter can send the user.
@MainActor
protocol TripListRouterInput: AnyObject {
    func openTrip(id: Trip.ID)
    /// The regions manager over the list; `output` hears what it has to say.
    func openRegions(output: RegionsModuleOutput)
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
