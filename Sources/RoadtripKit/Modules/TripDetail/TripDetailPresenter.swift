import Foundation
@preconcurrency import OpenCombine
import Terminal

@MainActor
final class TripDetailPresenter: TripDetailViewOutput {
    weak var view: TripDetailViewInput?
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    private let unit: DistanceUnit
    private var trip: Trip?
    private var selectedRow = 0
    private var message: StatusMessage?
    private var subscription: AnyCancellable?

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.unit = unit
    }

    func didLoad() {
        subscription = interactor.trip.sink { [weak self] trip in
            guard let self else { return }
            guard let trip else {
                // The trip is gone (deleted elsewhere): nothing left to show.
                self.router.closeTrip()
                return
            }
            self.trip = trip
            self.refresh()
        }
    }

    func didSelect(row: Int) {
        selectedRow = row
        refresh()
    }

    func didPressBack() {
        router.closeTrip()
    }

    func didPressSave() {
        do {
            message = StatusMessage("Saved to \(try interactor.save()).")
        } catch {
            message = .error(error.description)
        }
        refresh()
    }

    func didPressHelp() {
        router.openHelp()
    }

    private func refresh() {
        guard let trip else { return }
        view?.display(Self.makeViewModel(trip: trip, selectedRow: selectedRow, unit: unit, message: message))
        message = nil
    }

    nonisolated static func makeViewModel(trip: Trip, selectedRow: Int, unit: DistanceUnit, message: StatusMessage?) -> TripDetailViewModel {
        var viewModel = TripDetailViewModel()
        viewModel.title = trip.name
        let stops = TripListPresenter.stopCount(trip.waypoints.count)
        viewModel.subtitle = trip.waypoints.count < 2 ? stops : "\(stops) · \(unit.format(meters: trip.distanceMeters))"
        var total = 0.0
        var previous: Coordinate?
        viewModel.rows = trip.waypoints.enumerated().map { index, waypoint in
            let leg = previous.map { Geodesy.distance(from: $0, to: waypoint.location) }
            total += leg ?? 0
            previous = waypoint.location
            return TripDetailViewModel.Row(
                number: "\(index + 1).",
                name: waypoint.name,
                coordinates: waypoint.location.formatted,
                leg: leg.map { unit.format(meters: $0) } ?? "—",
                total: unit.format(meters: total)
            )
        }
        viewModel.selectedRow = trip.waypoints.isEmpty ? nil : min(selectedRow, trip.waypoints.count - 1)
        viewModel.emptyMessage = trip.waypoints.isEmpty ? "This trip has no stops yet." : nil
        viewModel.message = message
        return viewModel
    }
}
