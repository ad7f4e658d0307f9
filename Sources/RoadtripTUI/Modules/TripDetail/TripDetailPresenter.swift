import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases
import ScreenModels
import TextCanvas

/// Owns the trip detail screen's state (selected stop, the rename in progress, the stop awaiting a
/// yes/no) and turns the trip into the view model.
@MainActor
final class TripDetailPresenter: TripDetailViewOutput, RowSearchingPresenter, WaypointModuleOutput, AlongModuleOutput {
    weak var view: TripDetailViewInput?
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    /// The units of trips that choose none (`--units`, or the locale).
    private let defaultUnit: DistanceUnit
    /// The route as last shown: a key that changes no stop makes it again, and a change
    /// measures only the legs it touched.
    private let routes = TripRouteCache()
    /// What changed in the stops since the last view model (nil: not known), for the map.
    private var stopsChange: RunChange?
    /// The arrival times last shown and what the plan was made of: a key that changes none of
    /// it (a move of the selection, a rename) shows them again unplanned, as the day view keeps
    /// its lines (`ArrivalClocks.mostStops` says what a plan costs).
    private var arrivals: (stops: [Stop], settings: TripSettings, legs: [LegFigures], clocks: ArrivalClocks?)?

    private var trip: Trip?
    private var selectedID: Stop.ID?
    /// Row of the selection, to select a neighbour when the selected stop goes away.
    private var selectedRow = 0
    private var message: StatusMessage?
    /// The rename in progress: its undo session and the name to restore on Esc.
    private var rename: (session: String, originalName: String)?
    /// The yes/no question on screen, and what a yes does.
    private var pendingQuestion: Question?

    private enum Question {
        case deleteStop(Stop.ID)
        case applyOrder([Stop.ID])
        case replaceExport(path: String, format: TripExportFormat)
    }
    /// Whether the status bar says the name was cut: said once, not again for every key of a paste.
    private var isShowingNameCut = false
    private var subscription: AnyCancellable?
    private var roadSubscription: AnyCancellable?

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, unit: DistanceUnit) {
        self.interactor = interactor
        self.router = router
        self.defaultUnit = unit
    }

    /// The units the trip is shown in.
    private var unit: DistanceUnit {
        trip?.unit(default: defaultUnit) ?? defaultUnit
    }

    // MARK: Lifecycle and selection

    func didLoad() {
        switch interactor.basemap() {
        case .success(let basemap): view?.showBasemap(basemap)
        case .failure(let error): message = .basemapFailed(error)
        }
        subscription = interactor.trip.sink { [weak self] update in
            self?.tripDidChange(update)
        }
        // Road figures replace the estimates as they arrive.
        roadSubscription = interactor.roadLegChanges.sink { [weak self] in
            self?.refresh(keepingMessage: true)
        }
    }

    private func tripDidChange(_ update: TripUpdate) {
        guard let trip = update.trip else {
            // Gone (deleted, or its creation undone): nothing left to show.
            subscription = nil
            router.closeTrip()
            return
        }
        self.trip = trip
        routes.update(to: trip.stops, change: update.stops)
        stopsChange = stopsChange.flatMap { old in update.stops.map { old.then($0) } }
        if let index = trip.stops.firstIndex(where: { $0.id == selectedID }) {
            selectedRow = index
        } else {
            selectedRow = min(selectedRow, max(0, trip.stops.count - 1))
            selectedID = trip.stops.isEmpty ? nil : trip.stops[selectedRow].id
        }
        refresh()
    }

    func didSelect(row: Int) {
        guard let trip, trip.stops.indices.contains(row) else { return }
        selectedRow = row
        selectedID = trip.stops[row].id
        refresh()
    }

    private var selectedStop: Stop? {
        trip?.stops.first { $0.id == selectedID }
    }

    /// Selects the stop at `row`, when there is one.
    private func selectRow(_ row: Int?) {
        guard let row, let trip, trip.stops.indices.contains(row) else { return }
        selectedRow = row
        selectedID = trip.stops[row].id
    }

    // MARK: Search (`/`, `n`, `N`)

    var rowSearch = RowSearch()

    /// The row searched from: none in a trip without stops.
    var searchedRow: Int? {
        trip?.stops.isEmpty == false ? selectedRow : nil
    }

    /// What the search looks in: each stop's name, and its region and country, as the rows show them.
    var searchedTexts: [[String]] {
        trip?.stops.map { [$0.name, PlaceLabel.regionAndCountry(region: $0.region, country: $0.country)] } ?? []
    }

    var searchMessage: StatusMessage? {
        get { message }
        set { message = newValue }
    }

    func showFound(_ row: Int?) {
        selectRow(row)
        refresh()
    }

    // MARK: Renaming the trip

    func didPressRename() {
        guard refuseIfReadOnly() else { return }
        guard let trip else { return }
        rename = (UUID().uuidString, trip.name)
        view?.beginRenaming(text: trip.name)
    }

    /// The name follows every keystroke in the model, so the trip list behind follows too; a
    /// name another trip has is not taken (the model keeps the last free one typed).
    func didChangeName(_ name: String) {
        guard let rename, name.visibleName != nil else { return }
        try? interactor.renameTrip(to: name, session: rename.session)
    }

    func didSubmitName(_ name: String) {
        _ = submitName(name)
    }

    /// Ends the rename with `name`; false, the rename still open and the reason shown, when it is
    /// empty or another trip's.
    private func submitName(_ name: String) -> Bool {
        guard let rename else { return true }
        guard let trimmed = name.visibleName else {
            show(.error("A trip needs a name: type one, or press Esc to keep “\(rename.originalName)”."))
            return false
        }
        do throws(NameInUse) { try interactor.renameTrip(to: trimmed, session: rename.session) } catch {
            show(.error(error.description))
            return false
        }
        self.rename = nil
        view?.endRenaming()
        show(StatusMessage(trimmed == rename.originalName ? "Name kept." : "Renamed to “\(trimmed)”."))
        return true
    }

    func didReachNameLengthLimit() {
        guard rename != nil, !isShowingNameCut else { return }
        show(.nameCut)
    }

    func didCancelRename() {
        guard let rename else { return }
        try? interactor.renameTrip(to: rename.originalName, session: rename.session)
        self.rename = nil
        view?.endRenaming()
        refresh()
    }

    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool {
        guard let rename else { return true }
        if name.visibleName != nil, submitName(name) { return true }
        guard request.mayStayOpen else {
            didCancelRename()
            return true
        }
        if name.visibleName != nil { return false } // refused: submitName said why
        show(.error("Not quit: a trip needs a name. Type one, or Esc or Ctrl-C again to keep “\(rename.originalName)”."))
        return false
    }

    // MARK: Stops

    func didPressAddStop(mapCentre: Coordinate?) {
        guard refuseIfReadOnly() else { return }
        // After the selected stop; at the start of a trip without stops.
        let index = selectedStop.flatMap { selected in trip?.stops.firstIndex { $0.id == selected.id } }.map { $0 + 1 } ?? 0
        router.openWaypointEditor(.add(index: index), mapCentre: mapCentre, output: self)
    }

    func didPressEditStop() {
        guard refuseIfReadOnly() else { return }
        guard let stop = selectedStop else { return }
        router.openWaypointEditor(.edit(stop.id), mapCentre: nil, output: self)
    }

    /// The editor added or changed a stop: select it and say so.
    func waypointEditorDidSave(stopID: Stop.ID, summary: String) {
        select(stopID, saying: summary)
    }

    /// A place along the road became a stop: select it and say so.
    func alongDidAddStop(stopID: Stop.ID, summary: String) {
        select(stopID, saying: summary)
    }

    private func select(_ stopID: Stop.ID, saying summary: String) {
        selectedID = stopID
        if let index = trip?.stops.firstIndex(where: { $0.id == stopID }) { selectedRow = index }
        show(StatusMessage(summary))
    }

    func didPressDeleteStop() {
        guard refuseIfReadOnly() else { return }
        guard let stop = selectedStop else { return }
        pendingQuestion = .deleteStop(stop.id)
        view?.askToConfirm("Delete the stop “\(stop.name)”?", details: [])
    }

    func didAnswerQuestion(_ confirmed: Bool) {
        let question = pendingQuestion
        pendingQuestion = nil
        guard confirmed else { return refresh() }
        switch question {
        case .deleteStop(let id):
            guard let stop = trip?.stops.first(where: { $0.id == id }) else { return refresh() }
            interactor.deleteStop(id: id)
            show(StatusMessage("Deleted “\(stop.name)” — u undoes."))
        case .applyOrder(let ids):
            if interactor.reorderStops(ids) {
                show(StatusMessage("Stops in the new order — u undoes."))
            } else {
                show(.error("The trip changed meanwhile: press O again for its new shortest order."))
            }
        case .replaceExport(let path, let format):
            export(to: path, format: format, replacing: true)
        case nil:
            refresh()
        }
    }

    func didPressMoveStop(by offset: Int) {
        guard refuseIfReadOnly() else { return }
        guard let stop = selectedStop else { return }
        if !interactor.moveStop(id: stop.id, by: offset) {
            show(StatusMessage("“\(stop.name)” is already the \(offset < 0 ? "first" : "last") stop."))
        }
    }

    func didPressSettings() {
        guard refuseIfReadOnly() else { return }
        guard let trip else { return }
        let form = settingsForm(trip)
        view?.beginForm(.settings, title: "Settings of “\(trip.name)”", fields: form.fields)
    }

    private func settingsForm(_ trip: Trip) -> TripSettingsForm {
        TripSettingsForm(settings: trip.settings, defaultUnit: defaultUnit, firstStopZone: interactor.firstStopTimeZone())
    }

    func didSubmitForm(_ form: TripDetailForm, values: [String]) {
        switch form {
        case .settings: submitSettings(values)
        case .export: submitExport(path: values.first ?? "")
        }
    }

    private func submitSettings(_ values: [String]) {
        guard let trip else { return }
        switch settingsForm(trip).settings(from: values) {
        case .failure(let error):
            view?.showFormError(error.message)
        case .success(let settings):
            view?.endForm()
            interactor.setSettings(settings)
            show(StatusMessage(settings == trip.settings ? "Settings kept." : "Settings changed — u undoes."))
        }
    }

    func didCancelForm() {
        view?.endForm()
    }

    func didRequestQuit(in form: TripDetailForm, values: [String], _ request: QuitRequest) -> Bool {
        switch form {
        case .settings:
            return quitKeepingSettings(values, request)
        case .export:
            guard request.mayStayOpen else { return true }
            view?.showFormError("Not written yet: Enter exports, Esc closes the form. \(QuitRequest.notQuit("without exporting"))")
            return false
        }
    }

    /// The settings typed are set, as Enter sets them; with a value in error, a first Ctrl-C keeps
    /// the form open with the error, and a quit that insists sets the others.
    private func quitKeepingSettings(_ values: [String], _ request: QuitRequest) -> Bool {
        guard let trip else { return true }
        let form = settingsForm(trip)
        guard case .failure(let error) = form.settings(from: values) else {
            submitSettings(values)
            return true
        }
        guard request.mayStayOpen else {
            let kept = form.validSettings(from: values)
            if kept != trip.settings { interactor.setSettings(kept) }
            view?.endForm()
            return true
        }
        view?.showFormError("\(error.message) \(QuitRequest.notQuit("without this value, keeping the others"))")
        return false
    }

    // MARK: Planning

    func didPressItinerary() {
        guard let trip else { return }
        guard !trip.stops.isEmpty else { return show(StatusMessage("No stops yet: add some to plan the days.")) }
        if let refusal = TripPlanning.tooLargeToPlan(trip) { return show(StatusMessage(refusal)) }
        router.openItinerary()
    }

    func didPressRegions() {
        router.openRegions()
    }

    func didPressAlong() {
        guard let trip else { return }
        guard trip.stops.count >= 2 else { return show(StatusMessage("A trip needs two stops for a road to look along: add some with a.")) }
        router.openAlong(output: self)
    }

    // MARK: Export

    func didPressExport() {
        guard let trip else { return }
        // The full path, so that the user sees where the file goes before it is written; a name
        // typed alone goes to the same folder.
        let folder = interactor.exportFolder
        view?.beginForm(
            .export, title: "Export “\(trip.name)”",
            fields: [
                .text(
                    "File", interactor.suggestedExportPath(), placeholder: "a .gpx, .geojson, .kml or .ics file in \(folder)",
                    help: "The file to write; its extension says the format. A name alone, or a relative path, goes in \(folder); ~/ is your home.")
            ])
        showExportTarget(interactor.suggestedExportPath())
    }

    func didEditForm(_ form: TripDetailForm, values: [String]) {
        if form == .export { showExportTarget(values.first ?? "") }
    }

    /// The full path the typed one names, under the field, before anything is written.
    private func showExportTarget(_ typed: String) {
        let path = typed.trimmingCharacters(in: .whitespaces)
        view?.showFormNote(path.isEmpty ? nil : "Writes \(interactor.exportURL(forTyped: path).path)")
    }

    private func submitExport(path: String) {
        let path = path.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { return view?.showFormError("Type the file to write, ending in .gpx, .geojson, .kml or .ics.") ?? () }
        guard let format = ExportFile.format(of: URL(fileURLWithPath: path)) else {
            return view?.showFormError(
                "The file's name says the format: end it in .gpx (GPS devices), .geojson (web maps), .kml (Google My Maps) or .ics (calendars).") ?? ()
        }
        export(to: path, format: format, replacing: false)
    }

    private func export(to path: String, format: TripExportFormat, replacing: Bool) {
        do {
            let written = try interactor.exportTrip(to: path, format: format, replacing: replacing)
            view?.endForm()
            show(StatusMessage("Exported “\(trip?.name ?? "")” to \(written) (\(format.title))."))
        } catch  where error.fileExists {
            view?.endForm()
            pendingQuestion = .replaceExport(path: path, format: format)
            view?.askToConfirm("\(error.description) Replace it?", details: [])
        } catch {
            view?.showFormError(error.description)
        }
    }

    func didPressLinks(service: DirectionsService) {
        guard let trip else { return }
        guard trip.stops.count >= 2 else {
            return show(StatusMessage("A directions link needs two stops at least: add some with a."))
        }
        let links = interactor.directionsLinks(service: service)
        view?.showLinks(title: "“\(trip.name)” in \(service.title)", paragraphs: Self.linkParagraphs(links, of: trip, service: service), service: service)
    }

    /// `c`: the links on the clipboard, one a line, by OSC 52 (the terminal puts them there).
    func didPressCopyLink(service: DirectionsService) {
        guard let links = linksToShare(service: service) else { return }
        let text = links.map(\.url).joined(separator: "\n")
        interactor.copyToClipboard(text)
        let what = links.count == 1 ? "the \(service.title) link" : "the \(links.count) \(service.title) links (one a line)"
        show(StatusMessage("Copied \(what) (\(DistanceUnit.grouped(text.count)) characters)."))
    }

    /// `o`: the (first) link in the browser, when there is a display to show one on.
    func didPressOpenLink(service: DirectionsService) {
        guard let links = linksToShare(service: service), let first = links.first else { return }
        switch interactor.openInBrowser(first.url) {
        case .success:
            show(
                StatusMessage(
                    links.count == 1
                        ? "Opening the \(service.title) link in the browser…"
                        : "Opening link 1 of \(links.count) in the browser (\(service.title) takes fewer stops a link): L shows them all."))
        case .failure(.noDisplay):
            show(.error("Cannot open a browser here: neither DISPLAY nor WAYLAND_DISPLAY is set (no desktop, or over ssh). Press c to copy the link instead."))
        case .failure(.notInstalled):
            show(.error("Cannot open the link: xdg-open is not installed (Debian package xdg-utils). Press c to copy it instead."))
        case .failure(.cannotStart(let reason)):
            show(.error("Cannot open the link: /bin/sh could not be started (\(reason)). Press c to copy it instead."))
        }
    }

    /// The trip's links for `service`, or nil (and why, in the status bar) with fewer than two stops.
    private func linksToShare(service: DirectionsService) -> [DirectionsLink]? {
        guard let trip else { return nil }
        guard trip.stops.count >= 2 else {
            show(StatusMessage("A directions link needs two stops at least: add some with a."))
            return nil
        }
        return interactor.directionsLinks(service: service)
    }

    /// The link alone; several, after the sentence that says why, each under its stops.
    nonisolated static func linkParagraphs(_ links: [DirectionsLink], of trip: Trip, service: DirectionsService) -> [String] {
        // The URLs carry coordinates, which every service reads exactly (a name it would look up,
        // and "Springfield" has dozens); the stops' names stand above each link instead.
        guard links.count > 1 else { return links.isEmpty ? [] : [trip.stops.map(\.name).joined(separator: " → "), links[0].url] }
        return [DirectionsLinkText.split(links, of: trip, service: service)]
            + links.enumerated().flatMap { number, link in
                ["", DirectionsLinkText.label(link, number: number + 1, of: trip), link.url]
            }
    }

    func didPressOptimize() {
        guard refuseIfReadOnly() else { return }
        guard let trip else { return }
        let search: @Sendable (BusyProgress) -> StopOrder
        do throws(OptimizeOrder.Refusal) {
            guard let found = try interactor.orderSearch() else { return }
            search = found
        } catch {
            return show(StatusMessage(error.description))
        }
        // Up to a thousand stops take a second or two: off the main loop, Esc cancels (issue 21).
        let stopIDs = trip.stops.map(\.id)
        interactor.runBusy(
            BusyTask(title: "Searching the best order of \(TripText.quoted(trip.name))", job: "optimize", reporting: search) { [weak self] order in
                self?.didFindOrder(order, forStops: stopIDs)
            })
    }

    /// The search's answer, asked about when it is shorter; a trip changed meanwhile (merged from
    /// another program) is not reordered by an answer about its old stops.
    private func didFindOrder(_ order: StopOrder, forStops stopIDs: [Stop.ID]) {
        guard let trip, trip.stops.map(\.id) == stopIDs else {
            return show(StatusMessage("The stops changed during the search: press O again."))
        }
        guard order.isImprovement else {
            return show(StatusMessage([order.alreadyBest(in: unit), order.note].compactMap { $0 }.joined(separator: " ")))
        }
        let stops = order.reordered(trip.stops)
        pendingQuestion = .applyOrder(stops.map(\.id))
        let width = String(stops.count).count + 1
        let details = order.order.enumerated().map { position, was in
            TextWidth.padded("\(position + 1).", to: width, alignment: .right) + " " + stops[position].name + (position == was ? "" : "  (was \(was + 1))")
        }
        view?.askToConfirm([order.saving(in: unit), order.note, "Use this order?"].compactMap { $0 }.joined(separator: " "), details: details)
    }

    // MARK: Undo, navigation, saving

    func didPressUndo() {
        show(interactor.undoMessage())
    }

    func didPressRedo() {
        show(interactor.redoMessage())
    }

    func didPressBack() {
        router.closeTrip()
    }

    func didPressSave() {
        show(interactor.saveMessage())
    }

    func didPressHelp() {
        router.openHelp()
    }

    /// Says why nothing can be changed; true when changes are allowed.
    private func refuseIfReadOnly() -> Bool {
        guard let refusal = interactor.refusal else { return true }
        show(refusal)
        return false
    }

    // MARK: Display

    private func show(_ message: StatusMessage) {
        self.message = message
        refresh()
    }

    /// `keepingMessage`: no key asked for it (road figures arrived), so what the last key said stays.
    private func refresh(keepingMessage: Bool = false) {
        guard let trip else { return }
        let roads = interactor.roadLegs(of: trip, estimate: RouteEstimate(for: trip, unit: unit))
        var viewModel = Self.makeViewModel(
            trip: trip, selectedID: selectedID, unit: unit, message: message, routes: routes,
            roadLegs: roads.legs, pendingLegs: roads.pending, arrivals: arrivalClocks(of: trip, legs: roads.legs))
        viewModel.keepsMessage = keepingMessage && message == nil
        viewModel.isReadOnly = interactor.readOnlyReason != nil
        viewModel.search = rowSearch.state
        viewModel.stopsChange = stopsChange
        stopsChange = .unchanged(count: trip.stops.count)
        view?.display(viewModel)
        isShowingNameCut = message == StatusMessage.nameCut
        message = nil
    }

    /// When the day view's plan reaches each stop, for a trip with a start date (issue 56, item
    /// 13). Without one the plan starts today, and times that change with the day the screen is
    /// looked at are not the trip's: none are shown. A trip the plan refuses shows none either,
    /// nor one too long to plan again at every change (`ArrivalClocks.mostStops`).
    private func arrivalClocks(of trip: Trip, legs: [LegFigures]) -> ArrivalClocks? {
        guard trip.settings.startDate != nil, !trip.stops.isEmpty, trip.stops.count <= ArrivalClocks.mostStops else {
            arrivals = nil
            return nil
        }
        if let arrivals, arrivals.stops == trip.stops, arrivals.settings == trip.settings, arrivals.legs == legs { return arrivals.clocks }
        let clocks = interactor.plannedDays(of: trip, unit: unit).map { ArrivalClocks($0, stopCount: trip.stops.count) }
        arrivals = (trip.stops, trip.settings, legs, clocks)
        return clocks
    }

    /// `routes` remembers the route shown before; without it everything is made afresh.
    /// `roadLegs`: the legs' road figures so far (`RoadLegs`), `pendingLegs` of them still being
    /// routed; with none (no region has roads) every leg is its estimate by road. `arrivals`: when
    /// the plan reaches each stop (nil: no Arrives column).
    nonisolated static func makeViewModel(
        trip: Trip, selectedID: Stop.ID?, unit: DistanceUnit, message: StatusMessage?,
        routes: TripRouteCache? = nil, roadLegs: [LegFigures] = [], pendingLegs: Int = 0,
        arrivals: ArrivalClocks? = nil
    ) -> TripDetailViewModel {
        var viewModel = TripDetailViewModel()
        viewModel.title = trip.name
        viewModel.subtitle = TripText.stopCount(trip.stops.count)
        let route = routes?.route(of: trip) ?? TripRoute(trip)
        let estimate = RouteEstimate(for: trip, unit: unit)
        viewModel.rows = TripDetailViewModel.Rows(stops: trip.stops, route: route, unit: unit, roadLegs: roadLegs, estimate: estimate, arrivals: arrivals)
        viewModel.selectedRow = trip.stops.firstIndex { $0.id == selectedID } ?? (trip.stops.isEmpty ? nil : 0)
        // The sums of the legs shown.
        viewModel.summaries = TripText.summaries(legs: viewModel.rows.legs, estimate: estimate, unit: unit)
        if pendingLegs > 0 {
            // A small spinner while legs are being routed, a quarter turn for each leg that
            // arrives: the figures beside it may still change.
            viewModel.summaries = viewModel.summaries.map {
                "\($0) · \(Spinner.glyph(pendingLegs)) routing \(pendingLegs == 1 ? "1 leg" : "\(pendingLegs) legs")…"
            }
        }
        viewModel.emptyMessage = trip.stops.isEmpty ? "No stops yet. Press a to add the first one." : nil
        viewModel.message = message
        viewModel.mapStops = routes?.mapStops(of: trip) ?? MapStop.stops(of: trip)
        viewModel.unit = unit
        return viewModel
    }
}
