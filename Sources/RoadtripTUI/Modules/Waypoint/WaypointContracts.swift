import Foundation
import RoadtripCore
import ScreenModels

// The boundaries of the Waypoint module: the stop editor, which adds a stop to a trip or edits
// one, finding places offline as the user types. The module keeps the original app's name; the
// screen and everything it edits say "stop".

/// What the editor is for.
enum WaypointEditorMode: Equatable {
    /// A new stop, inserted at `index` of the trip's stops.
    case add(index: Int)
    case edit(Stop.ID)
}

/// What the module tells the one that opened it (Rambler's ModuleOutput).
@MainActor
protocol WaypointModuleOutput: AnyObject {
    /// A stop was added or changed; `summary` says which, for the status bar ("Added “Monterey”.").
    func waypointEditorDidSave(stopID: Stop.ID, summary: String)
}

@MainActor
protocol WaypointViewInput: AnyObject {
    func display(_ viewModel: WaypointViewModel)
    /// The basemap the small map draws on (nil: none).
    func showBasemap(_ basemap: (any BasemapProviding)?)
    /// The fields' starting text.
    func fill(place: String, name: String, notes: String, stay: String, overnight: Bool)
}

/// The user's intents.
@MainActor
protocol WaypointViewOutput: AnyObject {
    func didLoad()
    func didChangePlace(_ text: String)
    func didChangeName(_ text: String)
    /// The name field left characters out: the name is at its longest.
    func didReachNameLengthLimit()
    func didChangeNotes(_ text: String)
    /// The stay as typed ("2 h", "1 night").
    func didChangeStay(_ text: String)
    func didChangeOvernight(_ overnight: Bool)
    func didSelectResult(_ row: Int)
    func didPressConfirm()
    /// A quit signal came: what is typed is kept, as Enter would keep it (`QuitRequest`). Returns
    /// false when the editor stays open instead, having said why.
    func didRequestQuit(_ request: QuitRequest) -> Bool
    func didPressCancel()
    func didPressHelp()
}

/// Where the stop the editor adds or edits sits in its trip, as the presenter shows it: asked of
/// the interactor once, when the editor opens, and kept by the presenter, not asked again for every
/// keystroke. The editor covers the trip detail screen and changes nothing until Enter, and the
/// insertion index of `WaypointEditorMode.add` is fixed when it opens; the title, the neighbours
/// and the number it shows are fixed with it.
struct WaypointPlacement: Equatable {
    var tripName = ""
    /// The stop being edited as it was when the editor opened; nil when adding one (or when the
    /// stop is gone).
    var editedStop: Stop?
    /// The stop the new or edited stop comes after, for the title and the distance in the preview.
    var previousStop: Stop?
    /// The stop's number in the trip (from 1) once added or as it is.
    var stopNumber = 1
    /// Where search results are ranked from: the stop's neighbours, or where the map was moved to.
    var searchContext: SearchContext?
}

/// Finds places around the stop and knows where it sits in its trip; no screen state. Writing the
/// stop is thin on purpose (`insertStop`, `updateStop`: one described, undoable change of the
/// `DataModel` each); the search context, the out-of-line rule and the placement are its own.
@MainActor
protocol WaypointInteractorInput: AnyObject {
    /// Where the stop `mode` makes or edits sits in its trip; asked once, when the editor opens.
    func placement(for mode: WaypointEditorMode) -> WaypointPlacement
    /// What `text` finds around `context` (the placement's): places nearer the stop's neighbours first.
    func lookUp(_ text: String, near context: SearchContext?) -> PlaceFinder.Lookup
    /// Why some places cannot be searched any more (an index cut short on disk), or nil.
    func searchProblem() -> String?
    /// Whether `name` is what the place at `coordinate` is called (`PlaceFinder.isOwnName`).
    func isOwnName(_ name: String, at coordinate: Coordinate) -> Bool
    /// The stop as the trip has it now: read again on Enter, so that what the editor does not show
    /// (a change merged from the file meanwhile, fields a newer roadtrip wrote) is kept.
    func stop(id: Stop.ID) -> Stop?
    func distance(from: Coordinate, to: Coordinate) -> Double
    /// How far a stop at `coordinate` would be from its nearest neighbour, and that neighbour's
    /// name, when it would be far out of line with the trip; nil when it would not.
    func outOfLine(_ coordinate: Coordinate, for mode: WaypointEditorMode) -> (meters: Double, neighbour: String)?
    /// The basemap for the small map, loaded on first use; nil when there is none to load.
    func basemap() -> Result<(any BasemapProviding)?, any Error>
    func insertStop(_ stop: Stop, at index: Int)
    func updateStop(_ stop: Stop)
}

@MainActor
protocol WaypointRouterInput: AnyObject {
    func closeEditor()
    func openHelp()
}

/// Everything the editor shows, formatted.
struct WaypointViewModel: Equatable {
    struct Result: Equatable {
        let title: String
        let detail: String
        let trailing: String
        /// Shorter forms of a place's detail for a column too narrow for it ("Oregon, US", …:
        /// `PlaceLabel`).
        var shorterDetails: [String] = []
        /// The place is far out of line with the trip: `trailing` says how far, shown as a warning.
        var isOutOfLine = false
    }

    var title = ""
    var results: [Result] = []
    var selectedResult: Int?
    /// Shown in place of results: a hint, "no match", or why coordinates were refused.
    var resultsNote: String?
    var resultsNoteIsError = false
    /// What the empty Name field shows: the name the stop gets when it is left empty, said as such
    /// ("(Monterey, the place's name)"), so that it is not taken for a name typed.
    var namePlaceholder = ""
    /// The chosen place: name and region, then coordinates and distance from the previous stop.
    var preview: [String] = []
    var message: StatusMessage?
    /// The chosen place as a pin on the small map (numbered as the stop will be), if any.
    var mapStop: MapStop?
    var unit = DistanceUnit.km
}
