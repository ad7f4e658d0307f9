import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
import ScreenModels

/// Owns the trip list's screen state (selection, filter, what is being renamed or deleted) and
/// turns trips into the view model.
@MainActor
final class TripListPresenter: TripListViewOutput, RegionsModuleOutput {
    weak var view: TripListViewInput?
    private let interactor: TripListInteractorInput
    private let router: TripListRouterInput
    private let unit: DistanceUnit

    private var trips: [Trip] = []
    private var selectedID: Trip.ID?
    /// Row of the selection, to select a neighbour when the selected trip goes away.
    private var selectedRow = 0
    private var filter: String?
    /// The trip selected when the filter was opened: Esc while typing goes back to it.
    private var filterOrigin: Trip.ID?
    private var order = TripListOrder.file
    private var message: StatusMessage?
    private var renamingID: Trip.ID?
    /// Whether the status bar says the name was cut: said once, not again for every key of a paste.
    private var isShowingNameCut = false
    private var pendingDeletionID: Trip.ID?
    private var subscription: AnyCancellable?
    private var roadSubscription: AnyCancellable?
    private let rows = TripRowCache()
    /// The trips the filter let through, in the order shown, kept until the filter or the order
    /// change, or a change to the trips (which drops it).
    private var filterMemo: (filter: String?, order: TripListOrder, visible: [Trip])?
    private let filterNames = TripFilterNames()

    init(interactor: TripListInteractorInput, router: TripListRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.unit = unit
    }

    // MARK: TripListViewOutput

    func didLoad() {
        // A trip's distance is the sum of its legs as the trip screen shows them: by road where
        // known, else estimated, the unknown ones routed meanwhile (issue 35).
        let interactor = interactor
        rows.knownLegs = { trip, estimate in MainActor.assumeIsolated { interactor.knownLegs(of: trip, estimate: estimate) } }
        subscription = interactor.trips.sink { [weak self] update in
            self?.tripsDidChange(update)
        }
        roadSubscription = interactor.roadLegChanges.sink { [weak self] in
            self?.roadLegsDidArrive()
        }
    }

    /// Road figures arrived: the rows show them, and an order by distance takes them.
    private func roadLegsDidArrive() {
        rows.forgetDistances()
        if order == .distance { filterMemo = nil }
        refresh(figuresOnly: true)
    }

    func didSelect(row: Int) {
        let visible = visibleTrips
        guard visible.indices.contains(row) else { return }
        select(visible[row].id)
        refresh()
    }

    /// The name comes first (issue 25): Enter adds the trip so named, Esc adds nothing.
    func didPressAdd() {
        guard refuseIfReadOnly() else { return }
        view?.beginNewTrip(name: interactor.offeredName)
    }

    func didSubmitNewTrip(name: String) {
        _ = submitNewTrip(name: name)
    }

    /// Adds the trip named `name`; false, the form still open and the reason shown, when the name
    /// is empty or another trip's.
    private func submitNewTrip(name: String) -> Bool {
        guard let trimmed = name.visibleName else {
            view?.showNewTripError("A trip needs a name: type one, or press Esc to add no trip.")
            return false
        }
        let trip: Trip
        do throws(NameInUse) { trip = try interactor.addTrip(named: trimmed) } catch {
            view?.showNewTripError(error.description)
            return false
        }
        filter = nil
        view?.endEditing()
        select(trip.id)
        message = StatusMessage("Added “\(trip.name)” — u undoes.")
        refresh()
        return true
    }

    func didPressRename() {
        guard refuseIfReadOnly() else { return }
        guard let trip = selectedTrip else { return }
        renamingID = trip.id
        view?.beginRenaming(text: trip.name)
    }

    func didSubmitRename(_ name: String) {
        _ = submitRename(name)
    }

    /// Renames the trip being renamed; false, the rename still open and the reason shown, when
    /// the name is empty or another trip's.
    private func submitRename(_ name: String) -> Bool {
        guard let id = renamingID else { return true }
        guard let trimmed = name.visibleName else {
            message = .error("A trip needs a name: type one, or press Esc to keep the old one.")
            refresh()
            return false
        }
        do throws(NameInUse) { try interactor.renameTrip(id: id, to: trimmed) } catch {
            message = .error(error.description)
            refresh()
            return false
        }
        renamingID = nil
        view?.endEditing()
        message = StatusMessage("Renamed to “\(trimmed)”.")
        refresh()
        return true
    }

    func didReachNameLengthLimit() {
        guard renamingID != nil, !isShowingNameCut else { return }
        message = .nameCut
        refresh()
    }

    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool {
        guard renamingID != nil else { return true }
        if name.visibleName != nil, submitRename(name) { return true }
        guard request.mayStayOpen else {
            didCancelEditing()
            return true
        }
        if name.visibleName != nil { return false } // refused: submitRename said why
        message = .error("Not quit: a trip needs a name. Type one, or Esc or Ctrl-C again to keep the old one.")
        refresh()
        return false
    }

    func didRequestQuit(addingTripNamed name: String, _ request: QuitRequest) -> Bool {
        if name.visibleName != nil, submitNewTrip(name: name) { return true }
        guard request.mayStayOpen else { return true }
        if name.visibleName != nil { return false } // refused: submitNewTrip said why
        view?.showNewTripError("A trip needs a name: type one, or press Esc to add no trip. \(QuitRequest.notQuit("without adding a trip"))")
        return false
    }

    func didRequestQuit(importing path: String, _ request: QuitRequest) -> Bool {
        guard request.mayStayOpen else { return true }
        view?.showImportError("Not imported yet: Enter imports, Esc closes the form. \(QuitRequest.notQuit("without importing"))")
        return false
    }

    func didCancelEditing() {
        renamingID = nil
        view?.endEditing()
        refresh()
    }

    func didPressDelete() {
        guard refuseIfReadOnly() else { return }
        guard let trip = selectedTrip else { return }
        pendingDeletionID = trip.id
        view?.askToConfirm("Delete “\(trip.name)” and its \(TripText.stopCount(trip.stops.count))?")
    }

    func didAnswerDelete(_ confirmed: Bool) {
        guard let id = pendingDeletionID, let trip = trips.first(where: { $0.id == id }) else { return }
        pendingDeletionID = nil
        if confirmed {
            interactor.deleteTrip(id: id)
            message = StatusMessage("Deleted “\(trip.name)” — u undoes.")
        }
        refresh()
    }

    func didPressFilter() {
        filter = filter ?? ""
        filterOrigin = selectedID
        view?.beginFiltering(text: filter ?? "")
        refresh()
    }

    func didChangeFilter(_ text: String) {
        filter = text
        if let first = visibleTrips.first, !visibleTrips.contains(where: { $0.id == selectedID }) {
            select(first.id)
        }
        refresh()
    }

    func didSubmitFilter() {
        view?.endEditing()
        if filter?.isEmpty == true { filter = nil }
        refresh()
    }

    func didCancelFilter() {
        filter = nil
        view?.endEditing()
        if let origin = filterOrigin, trips.contains(where: { $0.id == origin }) { select(origin) }
        refresh()
    }

    func didPressClearFilter() {
        guard filter != nil else { return }
        filter = nil
        view?.endEditing()
        refresh()
    }

    func didPressNextMatch() { step(.forward) }
    func didPressPreviousMatch() { step(.backward) }

    /// Every trip shown matches the filter: the next one, round the ends.
    private func step(_ direction: ListSearch.Direction) {
        guard let filter, !filter.isEmpty else {
            message = StatusMessage("No filter: / filters the trips, n and N then go through those it keeps.")
            return refresh()
        }
        let visible = visibleTrips
        let current = visible.firstIndex { $0.id == selectedID }
        guard let found = ListSearch.find(direction, from: current, count: visible.count, matches: { _ in true }) else { return refresh() }
        select(visible[found.row].id)
        if found.row == current {
            message = StatusMessage("Only this trip matches “\(filter)”.")
        } else if found.wrapped {
            message = StatusMessage(direction == .forward ? "Past the last match: on from the top." : "Past the first match: on from the bottom.")
        }
        refresh()
    }

    func didPressOpen() {
        guard let trip = selectedTrip else { return }
        router.openTrip(id: trip.id)
    }

    func didPressDuplicate() {
        guard refuseIfReadOnly() else { return }
        guard let trip = selectedTrip, let copy = interactor.duplicateTrip(id: trip.id) else { return }
        select(copy.id)
        message = StatusMessage("Made “\(copy.name)” — u undoes.")
        refresh()
    }

    func didPressReverse() {
        guard refuseIfReadOnly() else { return }
        guard let trip = selectedTrip else { return }
        guard trip.stops.count > 1 else {
            message = StatusMessage("“\(trip.name)” has \(TripText.stopCount(trip.stops.count)): nothing to reverse.")
            return refresh()
        }
        interactor.reverseStops(ofTrip: trip.id)
        message = StatusMessage("“\(trip.name)” now runs \(trip.stops[trip.stops.count - 1].name) → \(trip.stops[0].name) — u undoes.")
        refresh()
    }

    func didPressImport() {
        guard refuseIfReadOnly() else { return }
        view?.beginImport(path: "")
    }

    func didSubmitImport(path: String) {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            return view?.showImportError("Type the file to import: a .gpx, .geojson or trips.json file.") ?? ()
        }
        // A large file takes seconds to read: off the main loop, with Esc to cancel (issue 21).
        view?.endEditing()
        let name = (path as NSString).lastPathComponent
        interactor.runBusy(
            BusyTask(title: "Importing \(TripText.quoted(name))", job: "import", work: interactor.importReader(for: path)) { [weak self] result in
                self?.didReadImport(result, from: path)
            })
    }

    private func didReadImport(_ result: Result<[ImportedTrip], ImportError>, from path: String) {
        switch result {
        case .success(let imported):
            let (trips, notes) = interactor.addImported(imported, from: path)
            filter = nil
            if let first = trips.first { select(first.id) }
            let names = trips.count == 1 ? "“\(trips[0].name)” (\(TripText.stopCount(trips[0].stops.count)))" : "\(trips.count) trips"
            message = StatusMessage(
                (["Imported \(names)."] + notes.map { $0.prefix(1).uppercased() + $0.dropFirst() + "." } + ["u undoes."]).joined(separator: " "))
            refresh()
        case .failure(let error):
            // The form again, with the path as typed and the reason under it.
            view?.beginImport(path: path)
            view?.showImportError(error.description)
        }
    }

    // MARK: Regions

    /// The regions manager, a module of its own, over the list.
    func didPressRegions() {
        router.openRegions(output: self)
    }

    /// What the regions manager says shows in this screen's status bar, as its own messages do.
    func regionsDidSay(_ said: StatusMessage) {
        message = said
        refresh()
    }

    func didPressSort() {
        order = order.next
        if let id = selectedID { select(id) }
        message = StatusMessage("Trips \(order.label ?? "in the order of the file").")
        refresh()
    }

    func didPressUndo() {
        message = selectingTripsItBringsBack(interactor.undoMessage)
        refresh()
    }

    func didPressRedo() {
        message = selectingTripsItBringsBack(interactor.redoMessage)
        refresh()
    }

    /// Runs an undo or redo; a trip it brings back (a deleted one, undone) becomes the selection,
    /// so that the user sees what came back.
    private func selectingTripsItBringsBack(_ step: () -> StatusMessage) -> StatusMessage {
        let before = Set(trips.map(\.id))
        let description = step()
        if let back = visibleTrips.first(where: { !before.contains($0.id) }) { select(back.id) }
        return description
    }

    func didPressSave() {
        message = interactor.saveMessage()
        refresh()
    }

    func didPressHelp() {
        router.openHelp()
    }

    func didPressQuit() {
        router.closeApp()
    }

    /// Says why nothing can be changed; true when changes are allowed.
    private func refuseIfReadOnly() -> Bool {
        guard let refusal = interactor.refusal else { return true }
        message = refusal
        refresh()
        return false
    }

    // MARK: State

    /// The caches forget the trips the change names (all of them when it names none) and keep
    /// the rest without comparing them.
    private func tripsDidChange(_ update: TripsUpdate) {
        trips = update.trips
        rows.update(update)
        filterNames.update(update)
        filterMemo = nil
        let visible = visibleTrips
        if !visible.contains(where: { $0.id == selectedID }) {
            selectedID = visible.isEmpty ? nil : visible[min(selectedRow, visible.count - 1)].id
        }
        refresh()
    }

    private var visibleTrips: [Trip] {
        if filter?.isEmpty ?? true, order == .file { return trips }
        if let memo = filterMemo, memo.filter == filter, memo.order == order { return memo.visible }
        let visible = TripListOrder.sorted(TripFilterNames.matching(trips, by: filter, names: filterNames), by: order, meters: rows.meters(of:))
        filterMemo = (filter, order, visible)
        return visible
    }

    private var selectedTrip: Trip? {
        visibleTrips.first { $0.id == selectedID }
    }

    private func select(_ id: Trip.ID) {
        selectedID = id
        selectedRow = visibleTrips.firstIndex { $0.id == id } ?? 0
    }

    /// Shows the current state; the status message lasts until the next display after it.
    /// `figuresOnly`: only road figures changed, and the view keeps the message it shows.
    private func refresh(figuresOnly: Bool = false) {
        var viewModel = Self.makeViewModel(
            trips: trips, filter: filter, selectedID: selectedID, unit: unit, message: message, rows: rows,
            visible: visibleTrips)
        viewModel.isReadOnly = interactor.readOnlyReason != nil
        viewModel.order = order.label
        // How many trips the file holds is known once it is read whole.
        if interactor.isReadingFile {
            viewModel.subtitle = "\(trips.count == 1 ? "the first trip" : "the first \(trips.count) trips"); reading the rest"
        }
        if figuresOnly { view?.displayFigures(viewModel) } else { view?.display(viewModel) }
        isShowingNameCut = message == StatusMessage.nameCut
        message = nil
    }

    // MARK: Mapping (pure)

    /// `rows` remembers rows made before; without it every row is made afresh.
    nonisolated static func makeViewModel(
        trips: [Trip], filter: String?, selectedID: Trip.ID?, unit: DistanceUnit, message: StatusMessage?,
        rows: TripRowCache? = nil, visible: [Trip]? = nil
    ) -> TripListViewModel {
        let visible = visible ?? TripFilterNames.matching(trips, by: filter)
        var viewModel = TripListViewModel()
        viewModel.rows = TripListViewModel.Rows(trips: visible, unit: unit, cache: rows)
        rows?.forgetTrips(notIn: trips)
        viewModel.selectedRow = visible.firstIndex { $0.id == selectedID } ?? (visible.isEmpty ? nil : 0)
        viewModel.filter = filter
        viewModel.message = message
        let count = "\(trips.count) \(trips.count == 1 ? "trip" : "trips")"
        if let filter, !filter.isEmpty {
            viewModel.subtitle = "\(visible.count) of \(count)"
            if visible.isEmpty { viewModel.emptyMessage = "No trip or place matches “\(filter)”. Esc clears the filter." }
        } else {
            viewModel.subtitle = count
            if visible.isEmpty { viewModel.emptyMessage = "No trips yet. Press a to add one." }
        }
        return viewModel
    }

    /// `total`: the trip's legs added up (`TripRowCache.total`); nil, each leg its estimate.
    nonisolated static func row(for trip: Trip, unit: DistanceUnit, total: TripRowCache.Total? = nil) -> TripListViewModel.Row {
        let total = total ?? TripRowCache.Total(LegFigures.estimated(legs: TripRoute(trip).legMeters, estimate: RouteEstimate(for: trip)))
        return TripListViewModel.Row(
            id: trip.id, name: trip.name, stops: TripText.stopCount(trip.stops.count),
            distance: TripText.distance(meters: total.meters, isEstimate: total.isEstimate, legs: total.legs, unit: unit),
            route: TripText.route(of: trip.stops))
    }
}
