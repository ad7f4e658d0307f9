import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import ScreenModels

/// Owns the panel's state (the kinds shown, how far from the road, the places found and their
/// detours, the selection, the rows in view) and turns it into the view model; looks again
/// whenever the trip, its legs, the kinds or the distance change. The kinds and the distance are
/// the session's (`SessionChoices`): the panel opens again as it was left.
@MainActor
final class AlongPresenter: AlongViewOutput, RowSearchingPresenter {
    weak var view: AlongViewInput?
    /// The screen that opened the panel, told of a stop added.
    weak var output: AlongModuleOutput?
    private let interactor: AlongInteractorInput
    private let router: AlongRouterInput
    /// The units of trips that choose none.
    private let defaultUnit: DistanceUnit
    /// The day of the plan the panel is about (from the itinerary); nil: the whole trip.
    private let day: Int?

    /// How far from the road the panel looks, in the trip's unit: `+` and `-` step through them.
    static let reaches: [Double] = [0.5, 1, 2, 5, 10, 20]
    private var reachStep: Int
    /// The kinds shown: at first what `roadtrip along` looks for by default.
    private var kinds: Set<AlongKind>
    /// Where the kinds and the distance are kept for the next time the panel opens.
    private let choices: SessionChoices

    private var trip: Trip?
    /// The places last found, and whether a search is under way (they may be out of date).
    private var finding: AlongFinding?
    private var isSearching = false
    /// Detours by place and the foot of its way off the route (a new line moves the foot).
    private struct DetourKey: Hashable {
        let place: Place
        let foot: Coordinate
    }
    private var detours: [DetourKey: LegFigures] = [:]
    /// The detours asked for and not dropped since (those that came are in `detours` too).
    private var routing: Set<DetourKey> = []
    /// The rows the list shows (`didShowRows`): their detours, and the selected row's, are the
    /// ones routed (issue 53, item 4: routing only the rows around the selection left the
    /// others "routing…" for ever).
    private var rowsInView = 0..<0
    private var selected: Place?
    private var selectedRow = 0
    private var message: StatusMessage?
    private var subscription: AnyCancellable?
    private var roadSubscription: AnyCancellable?

    init(interactor: AlongInteractorInput, router: AlongRouterInput, unit: DistanceUnit, day: Int?, choices: SessionChoices = SessionChoices()) {
        self.interactor = interactor
        self.router = router
        self.defaultUnit = unit
        self.day = day
        self.choices = choices
        kinds = choices.alongKinds
        reachStep = Self.reaches.firstIndex(of: choices.alongReach) ?? Self.reaches.firstIndex(of: 2) ?? 0
    }

    private var unit: DistanceUnit { trip?.unit(default: defaultUnit) ?? defaultUnit }
    private var reach: Double { Self.reaches[reachStep] * unit.meters }

    // MARK: Lifecycle

    func didLoad() {
        switch interactor.basemap() {
        case .success(let basemap): view?.showBasemap(basemap)
        case .failure(let error): message = .basemapFailed(error)
        }
        subscription = interactor.trip.sink { [weak self] trip in
            guard let self else { return }
            guard let trip else {
                subscription = nil
                return close()
            }
            self.trip = trip
            search()
        }
        // The legs' roads replace their estimates' arcs as they arrive: positions move.
        roadSubscription = interactor.roadLegChanges.sink { [weak self] in
            self?.search(keepingMessage: true)
        }
    }

    /// `keepingMessage`: no key asked for it, so what the last key said stays.
    private func search(keepingMessage: Bool = false) {
        guard let trip else { return }
        isSearching = true
        interactor.findPlaces(of: kinds, within: reach, day: day, in: trip, unit: unit) { [weak self] finding in
            self?.didFind(finding)
        }
        refresh(keepingMessage: keepingMessage)
    }

    private func didFind(_ finding: AlongFinding) {
        self.finding = finding
        isSearching = false
        // Detours of a line gone are not wanted any more.
        interactor.cancelDetours()
        routing = []
        let keys = Set(finding.found.map(Self.key))
        detours = detours.filter { keys.contains($0.key) }
        selectedRow = finding.found.firstIndex { $0.place == selected } ?? min(selectedRow, max(0, finding.found.count - 1))
        selected = finding.found.indices.contains(selectedRow) ? finding.found[selectedRow].place : nil
        routeDetours()
        refresh(keepingMessage: true)
    }

    private static func key(_ found: AlongTheRoute.Found) -> DetourKey {
        DetourKey(place: found.place, foot: found.position.foot)
    }

    /// Routes the detours of the rows in view and of the selected row not routed yet, the
    /// selected one first; drops those asked for rows scrolled away that have not come yet, so
    /// that the roads' lane routes what the user sees first.
    private func routeDetours() {
        guard let trip, let found = finding?.found, !found.isEmpty else { return }
        let wanted = Self.rowsWantingDetours(found, inView: rowsInView, selected: selectedRow).map { ($0, Self.key(found[$0])) }
        let wantedKeys = Set(wanted.map(\.1))
        let dropped = routing.filter { detours[$0] == nil && !wantedKeys.contains($0) }
        if !dropped.isEmpty {
            routing.subtract(dropped)
            interactor.cancelDetours(except: Set(routing.map(\.place)))
        }
        for (index, key) in wanted where detours[key] == nil && routing.insert(key).inserted {
            interactor.findDetour(to: found[index], in: trip, unit: unit) { [weak self] figures in
                self?.detours[key] = figures
                self?.refresh(keepingMessage: true)
            }
        }
    }

    /// The rows of `found` whose detours are wanted, the selected one first: those in view and the
    /// selected one, but for places on the road (which have none).
    nonisolated static func rowsWantingDetours(_ found: [AlongTheRoute.Found], inView: Range<Int>, selected: Int) -> [Int] {
        ([selected] + inView.filter { $0 != selected }).filter { found.indices.contains($0) && !AlongTheRoute.Row.isOnTheRoad(found[$0]) }
    }

    /// How many of the wanted detours (`rowsWantingDetours`) have come, of how many; nil when
    /// they all have, or none is wanted: then nothing is being routed.
    nonisolated static func detourProgress(
        _ found: [AlongTheRoute.Found], detours: [LegFigures?], inView: Range<Int>,
        selected: Int
    ) -> (done: Int, of: Int)? {
        let wanted = rowsWantingDetours(found, inView: inView, selected: selected)
        let done = wanted.filter { detours.indices.contains($0) && detours[$0] != nil }.count
        return done < wanted.count ? (done, wanted.count) : nil
    }

    // MARK: Keys

    func didShowRows(_ rows: Range<Int>) {
        guard rows != rowsInView else { return }
        rowsInView = rows
        routeDetours()
        refresh(keepingMessage: true)
    }

    func didSelect(row: Int) {
        guard let found = finding?.found, found.indices.contains(row) else { return }
        selectedRow = row
        selected = found[row].place
        routeDetours()
        refresh()
    }

    // MARK: Search (`/`, `n`, `N`)

    var rowSearch = RowSearch()
    /// The rows last shown: the search looks in what the screen shows.
    private var shownRows: [AlongViewModel.Row] = []

    /// The row searched from: none while no place is found.
    var searchedRow: Int? {
        finding?.found.isEmpty == false ? selectedRow : nil
    }

    /// What the search looks in: each place's name and kind, as the rows show them.
    var searchedTexts: [[String]] { shownRows.map { [$0.name, $0.kind] } }

    var searchMessage: StatusMessage? {
        get { message }
        set { message = newValue }
    }

    /// Selects the place at `row` when there is one (its detour routed), and shows it.
    func showFound(_ row: Int?) {
        guard let row, finding?.found.indices.contains(row) == true else { return refresh() }
        didSelect(row: row)
    }

    func didToggle(_ kind: AlongKind) {
        if kinds.remove(kind) == nil { kinds.insert(kind) }
        choices.alongKinds = kinds
        search()
    }

    func didChangeReach(by steps: Int) {
        let step = min(max(reachStep + steps, 0), Self.reaches.count - 1)
        guard step != reachStep else {
            return show(StatusMessage("\(unit.format(meters: reach)) is the \(steps > 0 ? "farthest" : "nearest") the panel looks."))
        }
        reachStep = step
        choices.alongReach = Self.reaches[step]
        search()
    }

    func didPressAddStop(row: Int) {
        if let refusal = interactor.refusal { return show(refusal) }
        guard let trip, let found = finding?.found, found.indices.contains(row) else { return }
        guard !isSearching else { return show(StatusMessage("Still looking along the road: a moment, then Enter again.")) }
        let place = found[row].place, leg = found[row].position.leg
        guard trip.stops.indices.contains(leg + 1), let stopID = interactor.addStop(place, at: leg + 1) else {
            return show(.error("The trip has changed; nothing was added."))
        }
        let summary = "Added “\(place.name)” between \(trip.stops[leg].name) and \(trip.stops[leg + 1].name) — u undoes."
        close()
        output?.alongDidAddStop(stopID: stopID, summary: summary)
    }

    func didPressUndo() { show(interactor.undoMessage()) }
    func didPressRedo() { show(interactor.redoMessage()) }
    func didPressSave() { show(interactor.saveMessage()) }
    func didPressHelp() { router.openHelp() }
    func didPressBack() { close() }

    private func close() {
        interactor.cancelWork()
        router.closeAlong()
    }

    // MARK: Display

    private func show(_ message: StatusMessage) {
        self.message = message
        refresh()
    }

    /// `keepingMessage`: no key asked for it (places found, a detour routed), so what the last key said stays.
    private func refresh(keepingMessage: Bool = false) {
        guard let trip else { return }
        let found = finding?.found ?? []
        let detours = found.map { self.detours[Self.key($0)] }
        var viewModel = Self.makeViewModel(
            trip: trip, day: day, kinds: kinds, reach: reach, finding: finding, detours: detours,
            isSearching: isSearching, unit: unit, selectedRow: selectedRow,
            detourProgress: Self.detourProgress(found, detours: detours, inView: rowsInView, selected: selectedRow))
        viewModel.selectedRow = found.isEmpty ? nil : selectedRow
        viewModel.search = rowSearch.state
        shownRows = viewModel.rows
        viewModel.message = message
        viewModel.keepsMessage = keepingMessage && message == nil
        viewModel.isReadOnly = interactor.readOnlyReason != nil
        view?.display(viewModel)
        message = nil
    }

    /// `detours`: each place's, nil while it is routed; `detourProgress`: how many of the
    /// detours of the rows in view have come, of how many, while some have not.
    nonisolated static func makeViewModel(
        trip: Trip, day: Int?, kinds: Set<AlongKind>, reach: Double, finding: AlongFinding?,
        detours: [LegFigures?], isSearching: Bool, unit: DistanceUnit, selectedRow: Int = 0,
        detourProgress: (done: Int, of: Int)? = nil
    ) -> AlongViewModel {
        var viewModel = AlongViewModel()
        viewModel.title = "Along the road: \(trip.name)"
        viewModel.subtitle = day.map { "day \($0)" } ?? ""
        viewModel.kinds = AlongKind.allCases.map { AlongViewModel.KindToggle(name: $0.rawValue, isOn: kinds.contains($0)) }
        viewModel.reach = "within \(unit.format(meters: reach))"
        viewModel.mapStops = MapStop.stops(of: trip)
        viewModel.unit = unit
        let found = finding?.found ?? []
        let rows = zip(found, detours).map { AlongTheRoute.Row($0, detour: $1, tripMeters: finding?.tripMeters ?? 0, unit: unit) }
        viewModel.rows = rows.map(row)
        if rows.indices.contains(selectedRow) {
            viewModel.selectedRow = selectedRow
            viewModel.selectedDetails = details(rows[selectedRow])
        }
        viewModel.places = found.map(\.place.coordinate)
        viewModel.roads = finding?.roads ?? []
        viewModel.emptyMessage = emptyMessage(
            trip: trip, day: day, kinds: kinds, isSearching: isSearching, found: finding.map { _ in found.count },
            refusal: finding?.refusal,
            heading: AlongTheRoute.heading(kinds: AlongKind.allCases.filter(kinds.contains), within: reach, unit: unit))
        let count = found.count == 1 ? "1 place" : "\(DistanceUnit.grouped(found.count)) places"
        let estimated = found.contains(where: \.alongAnEstimate) ? " · ≈ along a leg's straight line: no region has its roads" : ""
        let routing =
            detourProgress.map { " · routing the detours of the rows in view: \(DistanceUnit.grouped($0.done)) of \(DistanceUnit.grouped($0.of))" } ?? ""
        viewModel.summary = isSearching && finding == nil ? "Looking along the road…" : "\(count) in the order they come\(estimated)\(routing)"
        return viewModel
    }

    /// A place's row in the panel: the figures alone, the side after how far off.
    nonisolated static func row(_ row: AlongTheRoute.Row) -> AlongViewModel.Row {
        AlongViewModel.Row(
            along: row.along, day: row.day, off: row.offFigure.isEmpty ? row.off : "\(row.offFigure) \(row.side)", name: row.name,
            kind: row.kind, detour: row.detourFigures)
    }

    /// "Càmping Valira · camp site · 0.9 km of 11.6 km · day 1 · 0.8 km off, right · detour
    /// 2.5 km, 5 min": the selected place in the words of `roadtrip along`, its name first and whole.
    nonisolated static func details(_ row: AlongTheRoute.Row) -> String {
        [row.name, row.kind, row.elevation, row.position, row.day, row.side.isEmpty ? row.off : "\(row.off), \(row.side)", row.detour]
            .filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// Why the list is empty, and what to do about it; nil when it is not.
    /// `refusal`: why the search looked for nothing (a trip too large to plan), as `roadtrip along` says it.
    private nonisolated static func emptyMessage(
        trip: Trip, day: Int?, kinds: Set<AlongKind>, isSearching: Bool, found: Int?, refusal: String?,
        heading: String
    ) -> String? {
        if trip.stops.count < 2 { return "A trip needs two stops for a road to look along: add some with a." }
        if let refusal { return refusal }
        if kinds.isEmpty { return "No kind chosen: press a kind's digit (on the line above) to look for it." }
        guard let found else { return isSearching ? "Looking along the road…" : nil }
        guard found == 0 else { return nil }
        let onDay = day.map { " on day \($0)" } ?? ""
        return "No \(heading.prefix(1).lowercased() + heading.dropFirst())\(onDay). + looks farther; regions add places (M on the trip list)."
    }
}
