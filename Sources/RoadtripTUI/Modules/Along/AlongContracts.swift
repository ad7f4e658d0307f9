import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import ScreenModels

// The boundaries of the Along module: the places of chosen kinds along a trip's road (issue 37),
// opened from the trip detail screen (the whole trip) and from the itinerary (a day of it).

/// What the module tells the screen that opened it.
@MainActor
protocol AlongModuleOutput: AnyObject {
    /// A place became the stop `stopID`; `summary` says so, for the status bar.
    func alongDidAddStop(stopID: Stop.ID, summary: String)
}

@MainActor
protocol AlongViewInput: AnyObject {
    func display(_ viewModel: AlongViewModel)
    /// The basemap the map draws on (nil: none).
    func showBasemap(_ basemap: (any BasemapProviding)?)
}

/// The user's intents, never raw keys.
@MainActor
protocol AlongViewOutput: RowSelectingOutput, ListSearchingOutput {
    func didLoad()
    /// The list now shows `rows` (it scrolled, or the panel was drawn at another size): their
    /// detours are the ones routed.
    func didShowRows(_ rows: Range<Int>)
    /// A kind's key: its places shown, or hidden.
    func didToggle(_ kind: AlongKind)
    /// `+` (1) looks farther from the road, `-` (−1) nearer.
    func didChangeReach(by steps: Int)
    /// Enter on row `row`: the place becomes a stop where it lies along the trip.
    func didPressAddStop(row: Int)
    func didPressUndo()
    func didPressRedo()
    func didPressSave()
    func didPressHelp()
    func didPressBack()
}

/// The places found along a trip, in the order they come, each with its day.
struct AlongFinding: Sendable {
    let found: [AlongTheRoute.Found]
    /// The whole trip's length, in the figures' meters ("km 6.4 of 155").
    let tripMeters: Double
    /// Each leg's road line as the map draws it (empty for an estimate); none when no leg is on roads.
    let roads: [[Coordinate]]
    /// Why nothing was looked for (`FindAlong.Refusal`), in the sentence `roadtrip along` says.
    var refusal: String?

    init(found: [AlongTheRoute.Found], tripMeters: Double, roads: [[Coordinate]], refusal: String? = nil) {
        (self.found, self.tripMeters, self.roads, self.refusal) = (found, tripMeters, roads, refusal)
    }
}

/// The trip and the search along it; no screen state. Not a pass-through: it hands `FindAlong`
/// the legs routed so far and runs it off the main loop (a search started supersedes the one
/// before), routes detours on the roads' lane, and inserts a place as a stop in one change.
@MainActor
protocol AlongInteractorInput: EditingSession {
    /// The trip, now and after every change; nil once it is gone.
    var trip: AnyPublisher<Trip?, Never> { get }
    /// Road figures arrived for some leg: the line along the trip may have changed.
    var roadLegChanges: AnyPublisher<Void, Never> { get }
    /// The basemap for the map, loaded on first use; nil when there is none to load.
    func basemap() -> Result<(any BasemapProviding)?, any Error>
    /// Looks for the places of `kinds` within `reach` meters of `trip`'s road line, only those
    /// along day `day` of its plan when given, off the main loop; `done` gets them at a later
    /// turn of the loop, unless another search was started since.
    func findPlaces(
        of kinds: Set<AlongKind>, within reach: Double, day: Int?, in trip: Trip, unit: DistanceUnit,
        done: @escaping @MainActor (AlongFinding) -> Void)
    /// The detour to `found` and back, routed off the main loop (an estimate without roads).
    func findDetour(to found: AlongTheRoute.Found, in trip: Trip, unit: DistanceUnit, done: @escaping @MainActor (LegFigures) -> Void)
    /// Drops the detours asked for and not yet handed over.
    func cancelDetours()
    /// Drops those of places other than `kept` (rows scrolled out of view), so that the roads'
    /// lane routes the rows in view first.
    func cancelDetours(except kept: Set<Place>)
    /// Drops every search and detour under way: the panel closes.
    func cancelWork()
    /// Inserts `place` as a stop at `index` of the trip, named after it, as one change; its id,
    /// or nil when the trip no longer has that place for it.
    func addStop(_ place: Place, at index: Int) -> Stop.ID?
}

@MainActor
protocol AlongRouterInput: AnyObject {
    func closeAlong()
    func openHelp()
}

/// Everything the panel shows, already formatted.
struct AlongViewModel: Equatable {
    /// A kind (in `AlongKind`'s order, which gives its key) and whether its places are shown.
    struct KindToggle: Equatable {
        let name: String
        let isOn: Bool
    }

    /// A place's row, narrower than `roadtrip along`'s line (issue 53, item 9): the figures alone
    /// under headings that say what they are, the side with how far off.
    struct Row: Equatable {
        /// "6.4 km" along the trip.
        let along: String
        /// "day 1", or "" without a plan.
        let day: String
        /// "0.3 km right", "on the road".
        let off: String
        let name: String
        /// "alpine hut": its elevation is on the line of the selected place.
        let kind: String
        /// "2.5 km, 5 min"; "" on the road and while it is routed.
        let detour: String

        /// In the order of `AlongColumns.headings`.
        var cells: [String] { [along, day, off, name, kind, detour] }
    }

    var title = ""
    /// "day 2", or "" for the whole trip.
    var subtitle = ""
    var kinds: [KindToggle] = []
    /// "within 2.0 km"
    var reach = ""
    var rows: [Row] = []
    var selectedRow: Int?
    /// The search in the places (`/`): its prompt, and what the rows mark.
    var search = ListSearch()
    /// The selected place in full, whatever the columns leave out: its whole name, its kind,
    /// where along the trip, its side and the detour.
    var selectedDetails = ""
    /// How many places, what ≈ means when a leg is an estimate, and how far the detours of the
    /// rows in view are routed while they are.
    var summary = ""
    var emptyMessage: String?
    var message: StatusMessage?
    /// Made for no key (places found, a detour routed): the view keeps the message it shows.
    var keepsMessage = false
    var isReadOnly = false
    /// The trip on the map, with the places found marked.
    var mapStops: [MapStop] = []
    var roads: [[Coordinate]] = []
    var places: [Coordinate] = []
    var unit = DistanceUnit.km
}
