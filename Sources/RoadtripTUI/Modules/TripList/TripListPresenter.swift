import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
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
        view?.beginNewTrip(name: Trip.defaultName)
    }

    func didSubmitNewTrip(name: String) {
        guard let trimmed = name.visibleName else {
            view?.showNewTripError("A trip needs a name: type one, or press Esc to add no trip.")
            return
        }
        filter = nil
        view?.endEditing()
        let trip = interactor.addTrip(named: trimmed)
        select(trip.id)
        message = StatusMessage("Added “\(trip.name)” — u undoes.")
        refresh()
    }

    func didPressRename() {
        guard refuseIfReadOnly() else { return }
        guard let trip = selectedTrip else { return }
        renamingID = trip.id
        view?.beginRenaming(text: trip.name)
    }

    func didSubmitRename(_ name: String) {
        guard let id = renamingID else { return }
        guard let trimmed = name.visibleName else {
            message = .error("A trip needs a name: type one, or press Esc to keep the old one.")
            refresh()
            return
        }
        renamingID = nil
        view?.endEditing()
        interactor.renameTrip(id: id, to: trimmed)
        message = StatusMessage("Renamed to “\(trimmed)”.")
        refresh()
    }

    func didReachNameLengthLimit() {
        guard renamingID != nil, !isShowingNameCut else { return }
        message = .nameCut
        refresh()
    }

    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool {
        guard renamingID != nil else { return true }
        if name.visibleName != nil {
            didSubmitRename(name)
            return true
        }
        guard request.mayStayOpen else {
            didCancelEditing()
            return true
        }
        message = .error("Not quit: a trip needs a name. Type one, or Esc or Ctrl-C again to keep the old one.")
        refresh()
        return false
    }

    func didRequestQuit(addingTripNamed name: String, _ request: QuitRequest) -> Bool {
        if name.visibleName != nil {
            didSubmitNewTrip(name: name)
            return true
        }
        guard request.mayStayOpen else { return true }
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
        interactor.runBusy(BusyTask(title: "Importing \(TripText.quoted(name))", job: "import", work: interactor.importReader(for: path)) { [weak self] result in
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
            message = StatusMessage(([ "Imported \(names)." ] + notes.map { $0.prefix(1).uppercased() + $0.dropFirst() + "." } + ["u undoes."]).joined(separator: " "))
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
        let visible = Self.sorted(Self.filtered(trips, by: filter, names: filterNames), by: order, meters: rows.meters(of:))
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
        var viewModel = Self.makeViewModel(trips: trips, filter: filter, selectedID: selectedID, unit: unit, message: message, rows: rows,
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
    nonisolated static func makeViewModel(trips: [Trip], filter: String?, selectedID: Trip.ID?, unit: DistanceUnit, message: StatusMessage?,
                                          rows: TripRowCache? = nil, visible: [Trip]? = nil) -> TripListViewModel {
        let visible = visible ?? filtered(trips, by: filter)
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
        return TripListViewModel.Row(id: trip.id, name: trip.name, stops: TripText.stopCount(trip.stops.count),
                                     distance: TripText.distance(meters: total.meters, isEstimate: total.isEstimate, legs: total.legs, unit: unit),
                                     route: TripText.route(of: trip.stops))
    }

    /// The trips in `order`: names in the user's alphabetical order, distances shortest first,
    /// start dates earliest first (trips without one last); ties keep the file's order.
    /// `meters` gives a trip's length when it is known already (`TripRowCache`).
    nonisolated static func sorted(_ trips: [Trip], by order: TripListOrder, meters length: ((Trip) -> Double)? = nil) -> [Trip] {
        let indexed = Array(trips.enumerated())
        func stable(_ before: (Trip, Trip) -> Bool?) -> [Trip] {
            indexed.sorted { lhs, rhs in before(lhs.element, rhs.element) ?? (lhs.offset < rhs.offset) }.map(\.element)
        }
        switch order {
        case .file:
            return trips
        case .name:
            return stable { lhs, rhs in
                let result = lhs.name.localizedStandardCompare(rhs.name)
                return result == .orderedSame ? nil : result == .orderedAscending
            }
        case .distance:
            let meters = Dictionary(trips.map { ($0.id, length?($0) ?? TripRowCache.Total(of: $0).meters) }, uniquingKeysWith: { first, _ in first })
            return stable { lhs, rhs in meters[lhs.id] == meters[rhs.id] ? nil : meters[lhs.id, default: 0] < meters[rhs.id, default: 0] }
        case .startDate:
            return stable { lhs, rhs in
                switch (lhs.settings.startDate, rhs.settings.startDate) {
                case let (left?, right?): return left == right ? nil : left < right
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return nil
                }
            }
        }
    }

    /// Trips whose name or any stop's name contains `filter`, ignoring case and accents.
    /// `names` remembers each trip's names as folded before.
    nonisolated static func filtered(_ trips: [Trip], by filter: String?, names: TripFilterNames? = nil) -> [Trip] {
        let needle = TripFilterNames.fold(filter ?? "")
        // Nothing to look for (no filter, or only punctuation and spaces): every trip.
        guard !needle.isEmpty else { return trips }
        return trips.filter { trip in
            (names?.folded(trip) ?? TripFilterNames.folded(trip)).contains { $0.contains(needle) }
        }
    }
}

/// Each trip's name and stop names as the filter compares them (case and accents folded), kept
/// until a change names the trip (`update`): folding is the costly part, and typing a filter over
/// 1,000 trips would fold 100,000 names at every key.
final class TripFilterNames {
    private var names: [Trip.ID: [String]] = [:]

    func folded(_ trip: Trip) -> [String] {
        if let known = names[trip.id] { return known }
        let folded = Self.folded(trip)
        names[trip.id] = folded
        return folded
    }

    /// Forgets the trips the change names, or all when it names none.
    func update(_ update: TripsUpdate) {
        names.forget(update)
    }

    static func folded(_ trip: Trip) -> [String] {
        [fold(trip.name)] + trip.stops.map { fold($0.name) }
    }

    /// As every list's search folds (`SearchText`, place search's folding): case, accents and
    /// punctuation, so that the filter finds what the rows mark.
    static func fold(_ text: String) -> String {
        SearchText.words(of: text).joined(separator: " ")
    }
}

/// The trip list's rows made before, and the trips' distances, each kept until a change names
/// its trip (`update`) or road figures arrive (`forgetDistances`): a key that changes nothing
/// (moving the selection) makes no row again, and a change to one trip remakes its row alone,
/// measuring only the legs the change touched.
final class TripRowCache {
    /// A trip's legs added up: their distance by road, whether an estimate is in it, and how many.
    struct Total: Equatable {
        let meters: Double
        let isEstimate: Bool
        let legs: Int

        init(_ legs: [LegFigures]) {
            let total = legs.total
            (meters, isEstimate, self.legs) = (total.meters, total.isEstimate, legs.count)
        }

        /// Every leg of `trip` its estimate, measured afresh.
        init(of trip: Trip) {
            self.init(LegFigures.estimated(legs: TripRoute(trip).legMeters, estimate: RouteEstimate(for: trip)))
        }
    }

    private var rows: [Trip.ID: (unit: DistanceUnit, row: TripListViewModel.Row)] = [:]
    private var totals: [Trip.ID: Total] = [:]
    let legs = LegLengths()
    /// The figures known of a trip's legs (`TripListInteractorInput.knownLegs`); none: each leg
    /// its estimate.
    var knownLegs: (Trip, RouteEstimate) -> [LegFigures] = { _, _ in [] }

    func row(for trip: Trip, unit: DistanceUnit) -> TripListViewModel.Row {
        if let known = rows[trip.id], known.unit == unit { return known.row }
        let row = TripListPresenter.row(for: trip, unit: unit, total: total(of: trip))
        rows[trip.id] = (unit, row)
        return row
    }

    /// The trip's legs added up in order, as the trip screen adds them: the figures known, else
    /// each leg the estimate of its length (`LegLengths`).
    func total(of trip: Trip) -> Total {
        if let known = totals[trip.id] { return known }
        let estimate = RouteEstimate(for: trip)
        let known = knownLegs(trip, estimate)
        let total = Total(LegFigures.known(known, legs: trip.stops.count - 1, orEstimating: legs.legMeters(of: trip), estimate: estimate))
        totals[trip.id] = total
        return total
    }

    /// The trip's distance as the row shows it.
    func meters(of trip: Trip) -> Double {
        total(of: trip).meters
    }

    /// Forgets the trips the change names, or all when it names none.
    func update(_ update: TripsUpdate) {
        rows.forget(update)
        totals.forget(update)
    }

    /// Road figures arrived for some legs: every distance is added up again.
    func forgetDistances() {
        rows.removeAll()
        totals.removeAll()
    }

    /// Drops the rows of deleted trips, once they are a good part of what is kept.
    func forgetTrips(notIn trips: [Trip]) {
        guard rows.count > 2 * trips.count + 64 else { return }
        let kept = Set(trips.map(\.id))
        rows = rows.filter { kept.contains($0.key) }
        totals = totals.filter { kept.contains($0.key) }
    }
}

private extension Dictionary where Key == Trip.ID {
    /// Drops what is kept for the trips `update` changed (for all, when it does not say which).
    mutating func forget(_ update: TripsUpdate) {
        guard let change = update.change else { return removeAll() }
        for id in change.changedIDs(in: update.trips) { self[id] = nil }
    }
}
