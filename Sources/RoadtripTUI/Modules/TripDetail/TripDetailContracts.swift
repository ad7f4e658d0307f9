import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
import ScreenModels

// The boundaries of the TripDetail module: one trip, its stops, distances and estimates.

/// The forms the trip detail screen opens over itself (stops have their own module, Waypoint).
enum TripDetailForm: Equatable {
    /// How the trip is planned: start, daily limit, estimates, units (`TripSettingsForm`).
    case settings
    /// Where to export the trip (the file's extension gives the format).
    case export
}

@MainActor
protocol TripDetailViewInput: AnyObject {
    func display(_ viewModel: TripDetailViewModel)
    /// The basemap the map draws on (nil: none).
    func showBasemap(_ basemap: (any BasemapProviding)?)
    /// Starts editing the trip name in the title, beginning with `text`.
    func beginRenaming(text: String)
    func endRenaming()
    /// A yes/no question, with lines that show what a yes would do.
    func askToConfirm(_ question: String, details: [String])
    /// A form over the screen: its text fields and tick boxes.
    func beginForm(_ form: TripDetailForm, title: String, fields: [FormField])
    /// The trip's directions links for `service`, as text to read and copy.
    func showLinks(title: String, paragraphs: [String], service: DirectionsService)
    /// Shows why the form's values were refused; the form stays open.
    func showFormError(_ text: String)
    /// A line under the form's fields saying what its values will do (the full path of an export).
    func showFormNote(_ text: String?)
    func endForm()
}

/// The user's intents, never raw keys.
@MainActor
protocol TripDetailViewOutput: RowSelectingOutput, ListSearchingOutput {
    func didLoad()
    func didPressRename()
    func didChangeName(_ name: String)
    func didSubmitName(_ name: String)
    /// The name field left characters out: the name is at its longest.
    func didReachNameLengthLimit()
    func didCancelRename()
    /// A quit signal came while the name is edited: `name` is kept, as Enter would keep it
    /// (`QuitRequest`). Returns false when the rename stays open instead, having said why.
    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool
    /// A quit signal came while `form` holds `values` typed since it opened: the settings are set
    /// as Enter would set them; an export is work of its own, which only Enter starts.
    func didRequestQuit(in form: TripDetailForm, values: [String], _ request: QuitRequest) -> Bool
    /// `mapCentre`: where the user has moved the map to, if they have: a stop added to an empty
    /// trip is searched for around it.
    func didPressAddStop(mapCentre: Coordinate?)
    func didPressEditStop()
    func didPressDeleteStop()
    /// The answer to the question asked (delete the stop, use the new order).
    func didAnswerQuestion(_ confirmed: Bool)
    func didPressMoveStop(by offset: Int)
    func didPressSettings()
    func didPressItinerary()
    /// `A`: the places along the road.
    func didPressAlong()
    /// `M`: the regions manager, over the trip screen.
    func didPressRegions()
    func didPressOptimize()
    func didPressExport()
    /// `L`, or another service chosen while the links show.
    func didPressLinks(service: DirectionsService)
    /// `c`: the trip's link(s) for `service` to the clipboard.
    func didPressCopyLink(service: DirectionsService)
    /// `o`: the trip's (first) link for `service` in the browser.
    func didPressOpenLink(service: DirectionsService)
    func didSubmitForm(_ form: TripDetailForm, values: [String])
    /// A key changed the form's values.
    func didEditForm(_ form: TripDetailForm, values: [String])
    func didCancelForm()
    func didPressUndo()
    func didPressRedo()
    func didPressBack()
    func didPressSave()
    func didPressHelp()
}

/// The trip's use cases on the shared DataModel; no screen state.
///
/// The edits (rename, delete and move a stop, the settings, the new order) are thin on purpose:
/// each is one described, undoable change of the `DataModel`, which holds the rule and the
/// history; the interactor binds them to this trip and keeps the model, the files and the services
/// out of the presenter. Its own use cases are those that are more than one change: the search for
/// the best order (saving first, on the roads when it can), exporting (refusals, the folder, the
/// routed legs, the calendar), directions links, the first stop's time zone and the days planned.
@MainActor
protocol TripDetailInteractorInput: EditingSession {
    /// The trip, now and after every change, with the run of its stops the change touched;
    /// the trip is nil once it no longer exists.
    var trip: AnyPublisher<TripUpdate, Never> { get }
    /// The road figures of the trip's legs as far as they are known (an empty list when no region
    /// has roads), and how many legs are still being routed; asking routes the unknown ones.
    func roadLegs(of trip: Trip, estimate: RouteEstimate) -> (legs: [LegFigures], pending: Int)
    /// Road figures arrived for some leg.
    var roadLegChanges: AnyPublisher<Void, Never> { get }
    /// Renames the trip; renames of one `session` are undone as one change. Refused when
    /// another trip has the name.
    func renameTrip(to name: String, session: String) throws(NameInUse)
    func deleteStop(id: Stop.ID)
    /// Moves a stop `offset` places (−1 up, +1 down); false when it is already at that end.
    func moveStop(id: Stop.ID, by offset: Int) -> Bool
    /// Sets how the trip is planned; a default is kept out of the file.
    func setSettings(_ settings: TripSettings)
    /// The basemap for the trip's map, loaded on first use; nil when there is none to load.
    func basemap() -> Result<(any BasemapProviding)?, any Error>
    /// The zone of the trip's first stop (the nearest gazetteer place's), if known.
    func firstStopTimeZone() -> String?
    /// The trip's days as the day view (`i`) and `roadtrip plan` plan them (`PlanDays`), on its
    /// legs as far as they are known; nil when the plan refuses the trip (too many stops, nights
    /// or hours of driving), which then shows no times rather than others.
    func plannedDays(of trip: Trip, unit: DistanceUnit) -> Itinerary?
    /// The search for the best order of the stops (first and last kept), to run on any thread,
    /// saying how far it is and stopping when cancelled; on the roads when one region covers
    /// every stop. Refused, in the command line's words, with too few stops or too many; nil when
    /// the trip is gone. Edits not saved yet are saved first.
    func orderSearch() throws(OptimizeOrder.Refusal) -> (@Sendable (BusyProgress) -> StopOrder)?
    /// The folder a file name typed alone is written to (`ExportFolder`): the session's last
    /// export's, else the one the planner was started in.
    var exportFolder: String { get }
    /// Where an export goes when the user types nothing else: the trip's name in `exportFolder`,
    /// as a full path.
    func suggestedExportPath() -> String
    /// The file a typed path names: absolute, `~/…`, or relative to `exportFolder`.
    func exportURL(forTyped path: String) -> URL
    /// Writes the trip to the file `path` names, in `format`; over an existing file only when
    /// `replacing`. Its folder is where the next export is proposed.
    func exportTrip(to path: String, format: TripExportFormat, replacing: Bool) throws(ExportFile.Failure) -> String
    /// Directions links for the trip's stops on `service`.
    func directionsLinks(service: DirectionsService) -> [DirectionsLink]
    /// Puts the stops in the order of `ids` as one change; false when the trip changed meanwhile.
    func reorderStops(_ ids: [Stop.ID]) -> Bool
    /// Runs long work off the main loop, with a spinner and Esc to cancel.
    func runBusy(_ task: BusyTask)
    /// Puts `text` on the terminal's clipboard (OSC 52).
    func copyToClipboard(_ text: String)
    /// Opens `url` in the desktop's browser, detached (`BrowserOpener`).
    func openInBrowser(_ url: String) -> Result<Void, BrowserOpener.Failure>
}

@MainActor
protocol TripDetailRouterInput: AnyObject {
    func closeTrip()
    func openHelp()
    /// The trip day by day.
    func openItinerary()
    /// The places along the trip's road; `output` hears of one made a stop.
    func openAlong(output: AlongModuleOutput)
    /// The regions manager, over the trip screen.
    func openRegions()
    /// The stop editor, to add a stop or edit one; it reports back to `output`.
    func openWaypointEditor(_ mode: WaypointEditorMode, mapCentre: Coordinate?, output: WaypointModuleOutput)
}

/// Everything the trip detail screen shows, already formatted.
struct TripDetailViewModel: Equatable {
    struct Row: Equatable {
        let id: Stop.ID
        let number: String
        let name: String
        /// "California, US", as `roadtrip show` and `search` write it (`PlaceLabel.regionAndCountry`);
        /// empty when neither is known.
        let place: String
        let location: Coordinate
        let leg: String
        /// The leg's driving time, "≈ " before an estimate's (issue 56: a driver plans by time).
        let driving: String
        let total: String
        /// When the plan reaches the stop, for a trip with a start date ("≈ Tue 14:35", the first
        /// stop's "→ Tue 09:00"); "" without one (`ArrivalClocks`).
        let arrival: String

        /// "36.6002° N, 121.8947° W", made when a column shows it.
        var coordinates: String { location.formatted }
    }

    /// The rows of the stops, each made when it is read: the screen reads the visible ones, so
    /// a key in a 5,000-stop trip formats a screenful of rows, not 5,000.
    struct Rows: RandomAccessCollection, Equatable {
        let stops: [Stop]
        let unit: DistanceUnit
        /// Whether any stop has a region or country to show (found once, not on every frame).
        let hasPlaces: Bool
        /// Whether any stop has notes, a stay or a night.
        let hasNotes: Bool
        /// Each stop's arrival in the plan, for a trip with a start date that can be planned;
        /// nil: no Arrives column.
        let arrivals: ArrivalClocks?

        /// Each leg as Leg and Total show it (issue 35): by road where routed, else its estimate
        /// by road, marked "≈"; a total is the sum of the legs above it.
        let legs: [LegFigures]
        /// Whether the legs came from a region's roads (routed, or being routed); without any,
        /// each is an estimate because no region covers its start.
        let hasRoads: Bool
        /// The distance by road to each stop, and whether an estimate is in it.
        private let totals: [Double]
        private let totalIsEstimate: [Bool]

        /// `roadLegs`: the legs' figures as far as known (`RoadLegs`), one a leg; empty when no
        /// region has roads, and then each leg is `estimate`'s of its length in `route`.
        init(
            stops: [Stop] = [], route: TripRoute? = nil, unit: DistanceUnit = .km, roadLegs: [LegFigures] = [], estimate: RouteEstimate = RouteEstimate(),
            arrivals: ArrivalClocks? = nil
        ) {
            self.stops = stops
            self.arrivals = arrivals
            hasRoads = !roadLegs.isEmpty && roadLegs.count == Swift.max(0, stops.count - 1)
            legs = LegFigures.known(roadLegs, legs: Swift.max(0, stops.count - 1), orEstimating: route?.legMeters ?? [], estimate: estimate)
            // Each a pass that reads fields in place: copying a leg or a stop retains and releases
            // its strings and arrays, most of a 5,000-stop trip's refresh.
            var totals: [Double] = [], estimated: [Bool] = [], anyOnRoad = false
            if !stops.isEmpty {
                totals.reserveCapacity(legs.count + 1)
                estimated.reserveCapacity(legs.count + 1)
                var total = 0.0, isEstimate = false
                totals.append(total)
                estimated.append(isEstimate)
                legs.withUnsafeBufferPointer { legs in
                    for index in legs.indices {
                        total += legs[index].meters
                        let legIsEstimate = legs[index].source == .estimate
                        isEstimate = isEstimate || legIsEstimate
                        anyOnRoad = anyOnRoad || !legIsEstimate
                        totals.append(total)
                        estimated.append(isEstimate)
                    }
                }
            }
            (self.totals, totalIsEstimate) = (totals, estimated)
            roadLines = anyOnRoad ? legs.map(\.line) : []
            self.unit = unit
            (hasPlaces, hasNotes) = (stops.anyHasPlace, stops.anyHasNotesOrStay)
        }

        /// Each leg's road line for the map (an estimate's empty); none when no leg is on roads.
        /// Made once with the rows, not on every frame: a 5,000-stop trip's legs are looked
        /// through once per change.
        let roadLines: [[Coordinate]]

        /// Whether the screen keeps a line for the selected stop's details (why its leg is an
        /// estimate, its notes), so that the list does not change height as the selection moves.
        var hasDetails: Bool {
            hasNotes || totalIsEstimate.last == true
        }

        var startIndex: Int { 0 }
        var endIndex: Int { stops.count }

        /// "Stay 2 h · Night here · Notes: Aquarium at 10".
        static func details(of stop: Stop) -> String {
            var parts: [String] = []
            if let stay = stop.stay { parts.append("Stay \(StayText.text(stay))") }
            // Nights of stay say the night already.
            if stop.overnight && Stay.nights(stop.stay, overnight: false) == 0 { parts.append("Night here") }
            let notes = stop.notesOnOneLine
            if !notes.isEmpty { parts.append("Notes: \(notes)") }
            return parts.joined(separator: " · ")
        }

        subscript(index: Int) -> Row {
            let stop = stops[index]
            return Row(
                id: stop.id,
                number: "\(index + 1).",
                name: stop.name,
                place: PlaceLabel.regionAndCountry(region: stop.region, country: stop.country),
                location: stop.location,
                leg: index == 0 ? "—" : legs[index - 1].mark + unit.format(meters: legs[index - 1].meters),
                driving: index == 0 ? "" : legs[index - 1].mark + RouteEstimate.formatDuration(seconds: legs[index - 1].shownSeconds),
                total: TripText.distance(meters: totals[index], isEstimate: totalIsEstimate[index], legs: 1, unit: unit),
                arrival: arrivals?.text(at: index) ?? ""
            )
        }

        /// The line under the list for the stop at `index` (the selected one): why its leg is an
        /// estimate, then its stay, night and notes, "2 → 3 ≈ 41 km: no region covers Durness · Stay 2 h";
        /// "" for none. Made for that stop alone, not for every row on screen.
        func details(at index: Int) -> String {
            [legNote(at: index), Self.details(of: stops[index])].filter { !$0.isEmpty }.joined(separator: " · ")
        }

        /// Why the leg to the stop at `index` is an estimate ("2 → 3 ≈ 41 km: no region covers
        /// Durness"); "" for a road leg and the first stop.
        func legNote(at index: Int) -> String {
            index == 0 ? "" : note(onLeg: index - 1)
        }

        /// "2 → 3 ≈ 41 km: no region covers Durness" (`TripText.estimatedLeg`): why leg `index` is
        /// an estimate, "" when it is not.
        private func note(onLeg index: Int) -> String {
            let leg = legs[index]
            guard leg.isEstimate else { return "" }
            let reason = leg.reason ?? (hasRoads ? "being routed…" : LegFigures.notCovered(stops[index].name))
            return TripText.estimatedLeg(from: index + 1, meters: leg.meters, reason: reason, unit: unit)
        }
    }

    var title = ""
    var subtitle = ""
    var rows = Rows()
    var selectedRow: Int?
    /// The search in the stops (`/`): its prompt, and what the rows mark.
    var search = ListSearch()
    /// "Total distance: 1,234 km" and the estimates beside it.
    var summary: String { summaries.first ?? "" }
    /// The summary line, then shorter forms of it: the view shows the longest that fits.
    var summaries: [String] = []
    var emptyMessage: String?
    var message: StatusMessage?
    /// Made for no key (road figures arrived): the view keeps the message it shows, which says
    /// what the last key did (the "Added …" of a stop would go as soon as its legs were routed).
    var keepsMessage = false
    /// The file cannot be changed here (another instance has it): no editing keys are offered.
    var isReadOnly = false
    /// The stops as the map shows them, and the unit of its scale bar.
    var mapStops: [MapStop] = []
    /// What changed in the stops since the view model before (nil: not known), for the map to
    /// keep the rest.
    var stopsChange: RunChange?
    var unit = DistanceUnit.km
}
