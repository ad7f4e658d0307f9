import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import RoadtripTestSupport
import RoadtripUseCases
import ScreenModels
import Terminal

@MainActor
final class TripDetailViewSpy: TripDetailViewInput {
    var displayed: [TripDetailViewModel] = []
    var renamingText: String?
    var endRenamingCount = 0
    var questions: [String] = []
    var questionDetails: [[String]] = []
    var forms: [(form: TripDetailForm, title: String, values: [String])] = []
    var formErrors: [String] = []
    var endFormCount = 0

    var last: TripDetailViewModel? { displayed.last }

    func display(_ viewModel: TripDetailViewModel) { displayed.append(viewModel) }
    var basemaps: [(any BasemapProviding)?] = []
    func showBasemap(_ basemap: (any BasemapProviding)?) { basemaps.append(basemap) }
    func beginRenaming(text: String) { renamingText = text }
    func endRenaming() { endRenamingCount += 1 }
    func askToConfirm(_ question: String, details: [String]) {
        questions.append(question)
        questionDetails.append(details)
    }
    var formFields: [[FormField]] = []
    func beginForm(_ form: TripDetailForm, title: String, fields: [FormField]) {
        forms.append((form, title, fields.map(\.text)))
        formFields.append(fields)
    }
    func showFormError(_ text: String) { formErrors.append(text) }
    var formNotes: [String?] = []
    func showFormNote(_ text: String?) { formNotes.append(text) }
    var links: [(title: String, paragraphs: [String], service: DirectionsService)] = []
    func showLinks(title: String, paragraphs: [String], service: DirectionsService) { links.append((title, paragraphs, service)) }
    func endForm() { endFormCount += 1 }
}

/// An interactor over a subject, recording what it was asked to do.
@MainActor
final class TripDetailInteractorSpy: TripDetailInteractorInput {
    let busy = BusyWork()
    var busyTitles: [String] { busy.titles }
    func runBusy(_ task: BusyTask) { busy.run(task) }
    var copied: [String] = []
    func copyToClipboard(_ text: String) { copied.append(text) }
    var opened: [String] = []
    var openResult: Result<Void, BrowserOpener.Failure> = .success(())
    func openInBrowser(_ url: String) -> Result<Void, BrowserOpener.Failure> {
        opened.append(url)
        return openResult
    }

    let subject: CurrentValueSubject<Trip?, Never>
    var renames: [(name: String, session: String)] = []
    var settings: [TripSettings] = []
    var zoneOfFirstStop: String? = "America/Los_Angeles"
    var undoDescription: String?

    init(trip: Trip?) { subject = CurrentValueSubject(trip) }

    /// Each value as if nothing were known of the change: the presenter makes everything again.
    var trip: AnyPublisher<TripUpdate, Never> { subject.map { TripUpdate(trip: $0, stops: nil) }.eraseToAnyPublisher() }

    /// The legs' road figures to give (none: no region has roads), and how many are pending.
    var roads: (legs: [LegFigures], pending: Int) = ([], 0)
    let roadSubject = PassthroughSubject<Void, Never>()
    func roadLegs(of trip: Trip, estimate: RouteEstimate) -> (legs: [LegFigures], pending: Int) { roads }
    var roadLegChanges: AnyPublisher<Void, Never> { roadSubject.eraseToAnyPublisher() }

    private func update(_ change: (inout Trip) -> Void) {
        guard var trip = subject.value else { return }
        change(&trip)
        subject.value = trip
    }

    /// A name the spy refuses as another trip's.
    var namesInUse: Set<String> = []

    func renameTrip(to name: String, session: String) throws(NameInUse) {
        if namesInUse.contains(name) { throw NameInUse(name: name, suggestion: name + " (2)", change: .renaming) }
        renames.append((name, session))
        update { $0.name = name }
    }

    func deleteStop(id: Stop.ID) { update { $0.removeStop(id: id) } }

    /// The trip's own rules decide, as in the model; a refusal publishes nothing.
    private func updateUnlessRefused(_ rule: (inout Trip) -> Bool) -> Bool {
        guard var trip = subject.value, rule(&trip) else { return false }
        subject.value = trip
        return true
    }

    func moveStop(id: Stop.ID, by offset: Int) -> Bool {
        updateUnlessRefused { $0.moveStop(id: id, by: offset) }
    }

    func setSettings(_ settings: TripSettings) {
        self.settings.append(settings)
        update { $0.settings = settings }
    }

    func firstStopTimeZone() -> String? { zoneOfFirstStop }

    /// The trips the days were planned for, and whether the plan refuses them (as `PlanDays`
    /// refuses a trip too large).
    var plannedTrips: [Trip] = []
    var refusesToPlan = false
    /// The days as `PlanDays` plans them on `roads`, without a gazetteer (each stop's zone is its
    /// longitude's hour), from 1 July 2026 when the trip sets no start.
    func plannedDays(of trip: Trip, unit: DistanceUnit) -> Itinerary? {
        plannedTrips.append(trip)
        guard !refusesToPlan else { return nil }
        return TripPlanning.itinerary(for: trip, unit: unit, places: nil, today: LocalDay(year: 2026, month: 7, day: 1), legs: roads.legs)
    }

    /// What `basemap()` gives: none by default.
    var basemapResult: Result<(any BasemapProviding)?, any Error> = .success(nil)
    func basemap() -> Result<(any BasemapProviding)?, any Error> { basemapResult }

    func orderSearch() throws(OptimizeOrder.Refusal) -> (@Sendable (BusyProgress) -> StopOrder)? {
        guard let trip = subject.value else { return nil }
        if let refusal = OptimizeOrder.refusal(for: trip) { throw refusal }
        return { _ in StopOrder(of: trip) }
    }

    var exportFolder: String { "/home/me" }
    func suggestedExportPath() -> String { "/home/me/\(subject.value?.name ?? "").gpx" }
    func exportURL(forTyped path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: "/home/me/", isDirectory: true)).standardizedFileURL
    }

    var exports: [(path: String, format: TripExportFormat, replacing: Bool)] = []
    /// Paths that exist: exporting there without `replacing` fails as the real one does.
    var existingPaths: Set<String> = []
    func exportTrip(to path: String, format: TripExportFormat, replacing: Bool) throws(ExportFile.Failure) -> String {
        if existingPaths.contains(path) && !replacing { throw ExportFile.Failure(description: "\(path) already exists.", fileExists: true) }
        exports.append((path, format, replacing))
        return path
    }

    func directionsLinks(service: DirectionsService) -> [DirectionsLink] {
        DirectionsLinks.links(for: subject.value?.stops.map(\.location) ?? [], service: service)
    }

    var reorders: [[Stop.ID]] = []
    func reorderStops(_ ids: [Stop.ID]) -> Bool {
        reorders.append(ids)
        return updateUnlessRefused { $0.reorderStops(to: ids) }
    }

    var readOnlyReason: String?
    func undo() -> String? { undoDescription }
    func redo() -> String? { nil }
    func save() throws(DataFileError) -> String { "/data/trips.json" }
}

@MainActor
final class TripDetailRouterSpy: TripDetailRouterInput {
    var closed = 0
    var helpShown = 0
    var editors: [WaypointEditorMode] = []
    var mapCentres: [Coordinate?] = []
    func closeTrip() { closed += 1 }
    func openHelp() { helpShown += 1 }
    var itinerariesOpened = 0
    func openItinerary() { itinerariesOpened += 1 }
    var alongOpened = 0
    func openAlong(output: AlongModuleOutput) { alongOpened += 1 }
    var regionsOpened = 0
    func openRegions() { regionsOpened += 1 }
    func openWaypointEditor(_ mode: WaypointEditorMode, mapCentre: Coordinate?, output: WaypointModuleOutput) {
        editors.append(mode)
        mapCentres.append(mapCentre)
    }
}

@MainActor
final class TripDetailPresenterSpy: TripDetailViewOutput, RecordsIntents {
    var intents: [String] = []
    /// Set by `answerSelections`; nil, a selection is recorded and not answered.
    private var answer: ((Int) -> Void)?

    /// Answers each selection as the presenter does: `view` is shown `viewModel` with that row selected.
    func answerSelections(in view: TripDetailViewInput, showing viewModel: TripDetailViewModel) {
        answer = selectionAnswer(showing: viewModel, row: \.selectedRow) { [weak view] in view?.display($0) }
    }

    func didLoad() { intents.append("load") }
    func didSelect(row: Int) {
        intents.append("select \(row)")
        answer?(row)
    }
    func didPressRename() { intents.append("rename") }
    func didChangeName(_ name: String) { intents.append("name \(name)") }
    func didSubmitName(_ name: String) { intents.append("submit name \(name)") }
    func didReachNameLengthLimit() { intents.append("name full") }
    func didCancelRename() { intents.append("cancel rename") }
    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool {
        intents.append("quit \(request) renaming \(name)")
        return true
    }
    func didPressAddStop(mapCentre: Coordinate?) { intents.append(mapCentre == nil ? "add" : "add near the map's centre") }
    func didPressEditStop() { intents.append("edit") }
    func didPressDeleteStop() { intents.append("delete") }
    func didAnswerQuestion(_ confirmed: Bool) { intents.append("answer \(confirmed)") }
    func didPressMoveStop(by offset: Int) { intents.append("move \(offset)") }
    func didPressSettings() { intents.append("settings") }
    func didPressItinerary() { intents.append("itinerary") }
    func didPressAlong() { intents.append("along") }
    func didPressRegions() { intents.append("regions") }
    func didPressOptimize() { intents.append("optimize") }
    func didPressLinks(service: DirectionsService) { intents.append("links \(service)") }
    func didPressCopyLink(service: DirectionsService) { intents.append("copy link \(service)") }
    func didEditForm(_ form: TripDetailForm, values: [String]) { intents.append("edit form \(values.joined(separator: ","))") }
    func didPressOpenLink(service: DirectionsService) { intents.append("open link \(service)") }
    func didPressExport() { intents.append("export") }
    func didSubmitForm(_ form: TripDetailForm, values: [String]) { intents.append("submit \(form) \(values)") }
    func didCancelForm() { intents.append("cancel form") }
    func didRequestQuit(in form: TripDetailForm, values: [String], _ request: QuitRequest) -> Bool {
        intents.append("quit \(request) \(form) \(values)")
        return true
    }
    func didPressUndo() { intents.append("undo") }
    func didPressRedo() { intents.append("redo") }
    func didPressBack() { intents.append("back") }
    func didPressSave() { intents.append("save") }
    func didPressHelp() { intents.append("help") }
}
