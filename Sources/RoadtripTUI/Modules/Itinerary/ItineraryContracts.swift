import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import ScreenModels

// The boundaries of the Itinerary module: one trip day by day (`i` on the trip detail screen).

@MainActor
protocol ItineraryViewInput: AnyObject {
    func display(_ viewModel: ItineraryViewModel)
}

/// The user's intents, never raw keys. The presenter owns the selected line, as it does the
/// other lists': the search (`/`, `n`, `N`) moves it.
@MainActor
protocol ItineraryViewOutput: RowSelectingOutput, ListSearchingOutput {
    func didLoad()
    func didPressUndo()
    func didPressRedo()
    func didPressSave()
    func didPressHelp()
    func didPressBack()
    /// `a` on line `row`: the station proposed on a fill-up line, else the place proposed for
    /// that line's day's night, becomes a stop.
    func didPressAddNight(row: Int)
    /// `A` on line `row`: the places along the road on that line's day.
    func didPressAlong(row: Int)
}

/// The trip and its plan; no screen state. Not a pass-through: it plans the days from the planning
/// services, the gazetteer's time zones and the routed legs, and turns a suggested town into a
/// stop with a night (refusing when the trip changed meanwhile).
@MainActor
protocol ItineraryInteractorInput: EditingSession {
    /// The trip, now and after every change (undone, or changed on another screen); nil once gone.
    var trip: AnyPublisher<Trip?, Never> { get }
    /// The trip's days, with each stop's time zone from the gazetteer; `unit` decides the default
    /// speed. Legs on roads take their road times (routed off the main loop as they are asked for).
    func itinerary(for trip: Trip, unit: DistanceUnit) -> Itinerary
    /// Road figures arrived for some leg: the days are planned again.
    var roadLegChanges: AnyPublisher<Void, Never> { get }
    /// Adds `place` as a stop after stop `index`, with a night there when `night` (a proposed
    /// night; else a station to fill up at); says what was done, or why not.
    func addStop(_ place: Place, after index: Int, night: Bool) -> StatusMessage
}

@MainActor
protocol ItineraryRouterInput: AnyObject {
    func closeItinerary()
    func openHelp()
    /// The places along the road on day `day` of the plan; `output` hears of one made a stop.
    func openAlong(day: Int, output: AlongModuleOutput)
}

/// Everything the screen shows, already formatted.
struct ItineraryViewModel: Equatable {
    var title = ""
    /// "3 days from Wed 1 Jul 2026, 09:00 PDT · at most 8 h 00 min driving a day".
    var subtitle = ""
    var rows: [ItineraryRow] = []
    var selectedRow: Int?
    /// The search in the lines (`/`): its prompt, and what the lines mark.
    var search = ListSearch()
    /// Totals and what to watch, for the line under the days.
    var summary = ""
    var emptyMessage: String?
    var message: StatusMessage?
    /// Made for no key (road figures arrived): the view keeps the message it shows.
    var keepsMessage = false
    var isReadOnly = false
}
