import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import Terminal

/// Turns the trip's plan into the screen's lines, again whenever the trip changes.
@MainActor
final class ItineraryPresenter: ItineraryViewOutput {
    weak var view: ItineraryViewInput?
    private let interactor: ItineraryInteractorInput
    private let router: ItineraryRouterInput
    /// The units of trips that choose none.
    private let defaultUnit: DistanceUnit
    private var trip: Trip?
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
            self?.refresh()
        }
    }

    func didPressUndo() { show(interactor.undoMessage()) }
    func didPressRedo() { show(interactor.redoMessage()) }
    func didPressSave() { show(interactor.saveMessage()) }
    func didPressHelp() { router.openHelp() }
    func didPressBack() { router.closeItinerary() }

    private func show(_ message: StatusMessage) {
        self.message = message
        refresh()
    }

    private func refresh() {
        guard let trip else { return }
        let unit = trip.unit(default: defaultUnit)
        var viewModel = Self.makeViewModel(trip: trip, itinerary: interactor.itinerary(for: trip, unit: unit), unit: unit, unicode: TextWidth.isUTF8)
        viewModel.message = message
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
        viewModel.rows = ItineraryRows.rows(for: itinerary, stops: trip.stops, unit: unit, unicode: unicode)
        var summary = ["≈ \(RouteEstimate.formatDuration(seconds: itinerary.drivingSeconds)) driving in all"]
        let long = itinerary.longLegs.count
        if long > 0 { summary.append("\(long) \(long == 1 ? "leg is" : "legs are") longer than a day's driving") }
        let dark = itinerary.days.flatMap(\.legs).filter(\.isAfterDark).count
        if dark > 0 { summary.append("\(dark) \(dark == 1 ? "leg" : "legs") after dark") }
        viewModel.summary = summary.joined(separator: " · ")
        return viewModel
    }
}
