import Foundation
@preconcurrency import OpenCombine
import Terminal

/// Owns the trip screen's state (selected stop, the rename in progress, the stop awaiting a
/// yes/no) and turns the trip into the view model.
@MainActor
final class TripDetailPresenter: TripDetailViewOutput, WaypointModuleOutput {
    weak var view: TripDetailViewInput?
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    private let unit: DistanceUnit
    /// The route as last shown: a key that changes no stop makes it again, and a change
    /// measures only the legs it touched.
    private let routes = TripRouteCache()

    private var trip: Trip?
    private var selectedID: Waypoint.ID?
    /// Row of the selection, to select a neighbour when the selected stop goes away.
    private var selectedRow = 0
    private var message: StatusMessage?
    /// The rename in progress: its undo session and the name to restore on Esc.
    private var rename: (session: String, originalName: String)?
    private var pendingDeletionID: Waypoint.ID?
    /// Whether the status bar says the name was cut: said once, not again for every key of a paste.
    private var isShowingNameCut = false
    private var subscription: AnyCancellable?

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.unit = unit
    }

    // MARK: Lifecycle and selection

    func didLoad() {
        subscription = interactor.trip.sink { [weak self] trip in
            self?.tripDidChange(trip)
        }
    }

    private func tripDidChange(_ trip: Trip?) {
        guard let trip else {
            // Gone (deleted, or its creation undone): nothing left to show.
            subscription = nil
            router.closeTrip()
            return
        }
        self.trip = trip
        if let index = trip.waypoints.firstIndex(where: { $0.id == selectedID }) {
            selectedRow = index
        } else {
            selectedRow = min(selectedRow, max(0, trip.waypoints.count - 1))
            selectedID = trip.waypoints.isEmpty ? nil : trip.waypoints[selectedRow].id
        }
        refresh()
    }

    func didSelect(row: Int) {
        guard let trip, trip.waypoints.indices.contains(row) else { return }
        selectedRow = row
        selectedID = trip.waypoints[row].id
        refresh()
    }

    private var selectedStop: Waypoint? {
        trip?.waypoints.first { $0.id == selectedID }
    }

    // MARK: Renaming the trip

    func didPressRename() {
        guard refuseIfReadOnly() else { return }
        guard let trip else { return }
        rename = (UUID().uuidString, trip.name)
        view?.beginRenaming(text: trip.name)
    }

    /// The name follows every keystroke in the model, so the trip list behind follows too.
    func didChangeName(_ name: String) {
        guard let rename, name.visibleName != nil else { return }
        interactor.renameTrip(to: name, session: rename.session)
    }

    func didSubmitName(_ name: String) {
        guard let rename else { return }
        guard let trimmed = name.visibleName else {
            show(.error("A trip needs a name: type one, or press Esc to keep “\(rename.originalName)”."))
            return
        }
        interactor.renameTrip(to: trimmed, session: rename.session)
        self.rename = nil
        view?.endRenaming()
        show(StatusMessage(trimmed == rename.originalName ? "Name kept." : "Renamed to “\(trimmed)”."))
    }

    func didReachNameLengthLimit() {
        guard rename != nil, !isShowingNameCut else { return }
        show(NameLength.cutMessage)
    }

    func didCancelRename() {
        guard let rename else { return }
        interactor.renameTrip(to: rename.originalName, session: rename.session)
        self.rename = nil
        view?.endRenaming()
        refresh()
    }

    // MARK: Stops

    func didPressAddStop(mapCentre: Coordinate?) {
        guard refuseIfReadOnly() else { return }
        // After the selected stop; at the start of a trip without stops.
        let index = selectedStop.flatMap { selected in trip?.waypoints.firstIndex { $0.id == selected.id } }.map { $0 + 1 } ?? 0
        router.openWaypointEditor(.add(index: index), mapCentre: mapCentre, output: self)
    }

    func didPressEditStop() {
        guard refuseIfReadOnly() else { return }
        guard let stop = selectedStop else { return }
        router.openWaypointEditor(.edit(stop.id), mapCentre: nil, output: self)
    }

    /// The editor added or changed a stop: select it and say so.
    func waypointEditorDidSave(stopID: Waypoint.ID, summary: String) {
        selectedID = stopID
        if let index = trip?.waypoints.firstIndex(where: { $0.id == stopID }) { selectedRow = index }
        show(StatusMessage(summary))
    }

    func didPressDeleteStop() {
        guard refuseIfReadOnly() else { return }
        guard let stop = selectedStop else { return }
        pendingDeletionID = stop.id
        view?.askToConfirm("Delete the stop “\(stop.name)”?")
    }

    func didAnswerDelete(_ confirmed: Bool) {
        guard let id = pendingDeletionID, let stop = trip?.waypoints.first(where: { $0.id == id }) else { return }
        pendingDeletionID = nil
        guard confirmed else { return refresh() }
        interactor.deleteStop(id: id)
        show(StatusMessage("Deleted “\(stop.name)” — u undoes."))
    }

    func didPressMoveStop(by offset: Int) {
        guard refuseIfReadOnly() else { return }
        guard let stop = selectedStop else { return }
        if !interactor.moveStop(id: stop.id, by: offset) {
            show(StatusMessage("“\(stop.name)” is already the \(offset < 0 ? "first" : "last") stop."))
        }
    }

    func didPressEstimates() {
        guard refuseIfReadOnly() else { return }
        guard let trip else { return }
        let estimate = RouteEstimate(for: trip, unit: unit)
        view?.beginForm(.estimates, title: "Estimates for “\(trip.name)”", fields: [
            ("Road factor", Self.decimal(estimate.roadFactor)),
            ("Average speed (\(unit.speedSymbol))", Self.decimal(estimate.averageSpeedKmh / unit.metres * 1000)),
        ])
    }

    func didSubmitForm(_ form: TripDetailForm, values: [String]) {
        switch form {
        case .estimates: submitEstimates(values)
        }
    }

    func didCancelForm() {
        view?.endForm()
    }

    private func submitEstimates(_ values: [String]) {
        let speedRange = RouteEstimate.averageSpeedRange
        let factorText = values[0].trimmingCharacters(in: .whitespaces)
        let speedText = values[1].trimmingCharacters(in: .whitespaces)
        // Empty means the default; a value equal to the default is stored as none, so the file
        // keeps only real choices.
        let factor = Self.number(factorText)
        let speedKmh = Self.number(speedText).map { $0 * unit.metres / 1000 }
        guard factorText.isEmpty || factor.map(RouteEstimate.roadFactorRange.contains) == true else {
            view?.showFormError("The road factor must be a number from 1 to 3 (empty for the default, 1.25).")
            return
        }
        guard speedText.isEmpty || speedKmh.map(speedRange.contains) == true else {
            let low = Self.decimal(speedRange.lowerBound * 1000 / unit.metres), high = Self.decimal(speedRange.upperBound * 1000 / unit.metres)
            view?.showFormError("The average speed must be a number from \(low) to \(high) \(unit.speedSymbol) (empty for the default).")
            return
        }
        view?.endForm()
        interactor.setEstimates(
            roadFactor: factor == RouteEstimate.defaultRoadFactor ? nil : factor,
            averageSpeedKmh: speedKmh.flatMap { abs($0 - RouteEstimate.defaultAverageSpeedKmh(in: unit)) < 1e-6 ? nil : $0 }
        )
        show(StatusMessage("Estimates updated."))
    }

    /// A number typed with a point or a comma as the decimal separator.
    private static func number(_ text: String) -> Double? {
        Double(text.replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
    }

    // MARK: Undo, navigation, saving

    func didPressUndo() {
        guard refuseIfReadOnly() else { return }
        show(.undid(interactor.undo()))
    }

    func didPressRedo() {
        guard refuseIfReadOnly() else { return }
        show(.redid(interactor.redo()))
    }

    func didPressBack() {
        router.closeTrip()
    }

    func didPressSave() {
        show(.saved(interactor.save))
    }

    func didPressHelp() {
        router.openHelp()
    }

    /// Says why nothing can be changed; true when changes are allowed.
    private func refuseIfReadOnly() -> Bool {
        guard let reason = interactor.readOnlyReason else { return true }
        show(.readOnly(reason))
        return false
    }

    // MARK: Display

    private func show(_ message: StatusMessage) {
        self.message = message
        refresh()
    }

    private func refresh() {
        guard let trip else { return }
        var viewModel = Self.makeViewModel(trip: trip, selectedID: selectedID, unit: unit, message: message, routes: routes)
        viewModel.isReadOnly = interactor.readOnlyReason != nil
        view?.display(viewModel)
        isShowingNameCut = message == NameLength.cutMessage
        message = nil
    }

    /// `routes` remembers the route shown before; without it everything is made afresh.
    nonisolated static func makeViewModel(trip: Trip, selectedID: Waypoint.ID?, unit: DistanceUnit, message: StatusMessage?,
                                          routes: TripRouteCache? = nil) -> TripDetailViewModel {
        var viewModel = TripDetailViewModel()
        viewModel.title = trip.name
        viewModel.subtitle = TripListPresenter.stopCount(trip.waypoints.count)
        let route = routes?.route(of: trip) ?? TripRoute(trip)
        viewModel.rows = TripDetailViewModel.Rows(stops: trip.waypoints, route: route, unit: unit)
        viewModel.selectedRow = trip.waypoints.firstIndex { $0.id == selectedID } ?? (trip.waypoints.isEmpty ? nil : 0)
        viewModel.summaries = summaries(distance: route.totalMeters, estimate: RouteEstimate(for: trip, unit: unit), unit: unit)
        viewModel.emptyMessage = trip.waypoints.isEmpty ? "No stops yet. Press a to add the first one." : nil
        viewModel.message = message
        viewModel.mapStops = routes?.mapStops(of: trip) ?? MapStop.stops(of: trip)
        viewModel.unit = unit
        return viewModel
    }

    /// "Total distance: 1,234 km   ≈ 1,543 km by road · ≈ 19 h 17 min driving (×1.25 at 80 km/h)"
    nonisolated static func summary(distance: Double, estimate: RouteEstimate, unit: DistanceUnit) -> String {
        summaries(distance: distance, estimate: estimate, unit: unit)[0]
    }

    /// The summary line, then shorter forms of it for narrower screens, each dropping the least
    /// needed part whole: the settings, then the labels ("1,234 km · ≈ 1,543 km road · ≈ 19 h 17 min").
    nonisolated static func summaries(distance: Double, estimate: RouteEstimate, unit: DistanceUnit) -> [String] {
        let total = unit.format(meters: distance)
        let road = unit.format(meters: estimate.roadMeters(geodesicMeters: distance))
        let driving = RouteEstimate.formatDuration(seconds: estimate.drivingSeconds(geodesicMeters: distance))
        let speed = decimal(estimate.averageSpeedKmh * 1000 / unit.metres)
        let estimates = "≈ \(road) by road · ≈ \(driving) driving"
        return [
            "Total distance: \(total)   \(estimates) (×\(decimal(estimate.roadFactor)) at \(speed) \(unit.speedSymbol))",
            "Total distance: \(total)   \(estimates)",
            "Total \(total) · ≈ \(road) by road · ≈ \(driving)",
            "\(total) · ≈ \(driving)",
        ]
    }

    /// A number as a user would type it: "1.25", "80", "49.7".
    nonisolated static func decimal(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
