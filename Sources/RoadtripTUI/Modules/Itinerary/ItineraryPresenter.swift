import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import ScreenModels
import TextCanvas

/// Turns the trip's plan into the screen's lines, again whenever the trip changes; owns the
/// selected line and the search in the lines.
@MainActor
final class ItineraryPresenter: ItineraryViewOutput, RowSearchingPresenter, AlongModuleOutput {
    weak var view: ItineraryViewInput?
    private let interactor: ItineraryInteractorInput
    private let router: ItineraryRouterInput
    /// The units of trips that choose none.
    private let defaultUnit: DistanceUnit
    private var trip: Trip?
    /// The plan on screen and the day of each of its lines, for `a` to find the night proposed
    /// on a line's day.
    private var itinerary: Itinerary?
    private var rowDays: [Int] = []
    /// The fill-up of each line that proposes one (`Itinerary.fuelStops`), for `a`.
    private var rowFuelStops: [Int?] = []
    /// The lines as last planned: a key that only moves the selection shows them again, unplanned.
    private var planned: ItineraryViewModel?
    private var selectedRow = 0
    var rowSearch = RowSearch()
    private var message: StatusMessage?
    private var subscription: AnyCancellable?
    private var roadSubscription: AnyCancellable?

    init(interactor: ItineraryInteractorInput, router: ItineraryRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.defaultUnit = unit
    }

    func didLoad() {
        subscription = interactor.trip.sink { [weak self] trip in
            guard let self else { return }
            guard let trip else {
                subscription = nil
                return router.closeItinerary()
            }
            self.trip = trip
            refresh()
        }
        roadSubscription = interactor.roadLegChanges.sink { [weak self] in
            self?.refresh(keepingMessage: true)
        }
    }

    // MARK: Selection and search (`/`, `n`, `N`)

    func didSelect(row: Int) {
        guard planned?.rows.indices.contains(row) == true else { return }
        selectedRow = row
        display()
    }

    /// The line searched from: none in an empty plan.
    var searchedRow: Int? {
        planned?.rows.isEmpty == false ? selectedRow : nil
    }

    /// What the search looks in: each line's title and what follows it, as the screen shows them.
    var searchedTexts: [[String]] { planned?.rows.map { [$0.title, $0.detail] } ?? [] }

    var searchMessage: StatusMessage? {
        get { message }
        set { message = newValue }
    }

    func showFound(_ row: Int?) { selectLine(row) }

    private func selectLine(_ row: Int?) {
        if let row { selectedRow = row }
        display()
    }

    // MARK: Other keys

    func didPressUndo() { show(interactor.undoMessage()) }
    func didPressRedo() { show(interactor.redoMessage()) }
    func didPressSave() { show(interactor.saveMessage()) }
    func didPressHelp() { router.openHelp() }
    func didPressBack() { router.closeItinerary() }

    func didPressAddNight(row: Int) {
        guard let itinerary, rowDays.indices.contains(row) else { return }
        if let index = rowFuelStops[row] {
            let note = itinerary.fuelStops[index]
            guard let station = note.station else {
                return show(
                    .error("This line proposes no station: \(note.kind == .tooFar ? "none lies within the range" : "no added region covers the stretch")."))
            }
            return show(interactor.addStop(station, after: note.leg, night: false))
        }
        let day = itinerary.days[rowDays[row]]
        guard let stopover = day.stopover else {
            return show(.error("Day \(day.number) has no night to propose: it ends at a stop, within the daily limit."))
        }
        guard let suggestion = stopover.suggestion else {
            return show(.error("No town on day \(day.number)'s way lies within \(OvernightPlaces.reach) km of where its driving ends."))
        }
        show(interactor.addStop(suggestion.place, after: stopover.leg, night: true))
    }

    func didPressAlong(row: Int) {
        guard let itinerary, rowDays.indices.contains(row) else { return }
        guard let trip, trip.stops.count >= 2 else { return show(StatusMessage("A trip needs two stops for a road to look along.")) }
        router.openAlong(day: itinerary.days[rowDays[row]].number, output: self)
    }

    /// A place along the road became a stop: the plan follows the trip; the status bar says so.
    func alongDidAddStop(stopID: Stop.ID, summary: String) {
        show(StatusMessage(summary))
    }

    private func show(_ message: StatusMessage) {
        self.message = message
        refresh()
    }

    /// Plans the days again and shows them. `keepingMessage`: no key asked for it (road figures
    /// arrived), so what the last key said stays.
    private func refresh(keepingMessage: Bool = false) {
        guard let trip else { return }
        let unit = trip.unit(default: defaultUnit)
        let itinerary = interactor.itinerary(for: trip, unit: unit)
        self.itinerary = itinerary
        let viewModel = Self.makeViewModel(trip: trip, itinerary: itinerary, unit: unit, unicode: TextWidth.isUTF8)
        rowDays = viewModel.rows.map(\.day)
        rowFuelStops = viewModel.rows.map(\.fuelStop)
        planned = viewModel
        display(keepingMessage: keepingMessage)
    }

    /// Shows the lines as last planned, with the selection, the search and the message.
    private func display(keepingMessage: Bool = false) {
        guard var viewModel = planned else { return }
        selectedRow = min(selectedRow, max(0, viewModel.rows.count - 1))
        viewModel.selectedRow = viewModel.rows.isEmpty ? nil : selectedRow
        viewModel.search = rowSearch.state
        viewModel.message = message
        viewModel.keepsMessage = keepingMessage && message == nil
        viewModel.isReadOnly = interactor.readOnlyReason != nil
        view?.display(viewModel)
        message = nil
    }

    nonisolated static func makeViewModel(trip: Trip, itinerary: Itinerary, unit: DistanceUnit, unicode: Bool = true) -> ItineraryViewModel {
        var viewModel = ItineraryViewModel()
        viewModel.title = trip.name
        guard let first = itinerary.days.first, let zone = first.visits.first?.timeZone else {
            viewModel.emptyMessage = "No stops yet: add some on the trip detail screen to plan the days."
            return viewModel
        }
        let days = itinerary.days.count == 1 ? "1 day" : "\(itinerary.days.count) days"
        let start = "\(ItineraryRows.dateText(first.date)), \(ItineraryRows.clock(first.start, in: zone)) \(ItineraryRows.zoneName(zone, at: first.start))"
        viewModel.subtitle = "\(days) from \(start) · at most \(RouteEstimate.formatDuration(seconds: itinerary.dailyLimitSeconds)) driving a day"
        let costs = TripCosts(itinerary: itinerary, settings: trip.settings, unit: unit)
        viewModel.rows = ItineraryRows.rows(
            for: itinerary, stops: trip.stops, unit: unit, unicode: unicode, costs: costs,
            settings: trip.settings)
        var summary = ["In all: \(ItineraryRows.totals(itinerary, unit: unit, costs: costs))"]
        let long = itinerary.longLegs.count
        if long > 0 { summary.append("\(long) \(long == 1 ? "leg is" : "legs are") split over days") }
        let dark = itinerary.days.flatMap(\.legs).filter(\.isAfterDark).count
        if dark > 0 { summary.append("\(dark) \(dark == 1 ? "leg" : "legs") after dark") }
        if itinerary.isCut { summary.append("the plan stops here: it holds at most \(DistanceUnit.grouped(ItineraryPlanner.maximumDays)) days") }
        viewModel.summary = summary.joined(separator: " · ")
        return viewModel
    }
}
