import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases

/// One trip's use cases (`EditTrip`, `OptimizeOrder`, `ExportTrip`) for the trip screen, each a
/// described change of the shared DataModel (so it can be undone); and its days (`PlanDays`), for
/// the arrival times.
@MainActor
final class TripDetailInteractor: TripDetailInteractorInput, ModelEditingSession {
    let model: DataModel
    private let tripID: Trip.ID
    private let places: PlaceIndexProvider
    private let basemapProvider: BasemapProvider
    private let roads: RoadLegs
    /// The units of trips that choose none, for a calendar's distances and default speed.
    private let unit: DistanceUnit
    /// Today, where the user is: a calendar's start for a trip without a start date.
    private let today: () -> LocalDay
    /// For roadtrip's own folders, `$XDG_DOCUMENTS_DIR` and the home (`ExportFolder`).
    private let environment: [String: String]
    /// The folder the planner was started in: exports go there until one goes elsewhere.
    private let workingDirectory: String
    /// Where the session's last export went, kept for the next one.
    private let choices: SessionChoices
    /// Busy work, the clipboard and the browser.
    private let services: ProgramServices

    init(
        tripID: Trip.ID, model: DataModel, services: ProgramServices, places: PlaceIndexProvider = .unavailable, basemap: BasemapProvider = .unavailable,
        roadLegs: RoadLegs = .none, unit: DistanceUnit = .km, today: @escaping () -> LocalDay = { TripPlanning.today() },
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath, choices: SessionChoices = SessionChoices()
    ) {
        self.tripID = tripID
        self.workingDirectory = workingDirectory
        self.choices = choices
        self.services = services
        self.environment = environment
        self.model = model
        self.places = places
        self.basemapProvider = basemap
        self.roads = roadLegs
        self.unit = unit
        self.today = today
    }

    func roadLegs(of trip: Trip, estimate: RouteEstimate) -> (legs: [LegFigures], pending: Int) {
        roads.figures(of: trip, estimate: estimate)
    }

    var roadLegChanges: AnyPublisher<Void, Never> { roads.changes }

    func basemap() -> Result<(any BasemapProviding)?, any Error> {
        basemapProvider.forMap
    }

    var trip: AnyPublisher<TripUpdate, Never> {
        model.tripChanges(id: tripID)
    }

    private var edit: EditTrip { EditTrip(tripID, in: model) }

    func renameTrip(to name: String, session: String) throws(NameInUse) {
        try edit.rename(to: name, session: session)
    }

    func deleteStop(id: Stop.ID) {
        edit.removeStop(id: id)
    }

    func moveStop(id: Stop.ID, by offset: Int) -> Bool {
        edit.moveStop(id: id, by: offset)
    }

    func setSettings(_ settings: TripSettings) {
        edit.changeSettings(to: settings)
    }

    func firstStopTimeZone() -> String? {
        edit.firstStopTimeZone(places: places)
    }

    func plannedDays(of trip: Trip, unit: DistanceUnit) -> Itinerary? {
        let plan = PlanDays(legs: { [roads] trip, estimate in roads.figures(of: trip, estimate: estimate).legs }, places: places, today: today)
        do throws(PlanDays.Refusal) { return try plan.checkedItinerary(for: trip, unit: unit) } catch { return nil }
    }

    func orderSearch() throws(OptimizeOrder.Refusal) -> (@Sendable (BusyProgress) -> StopOrder)? {
        guard let trip = model.trip(id: tripID) else { return nil }
        if let refusal = OptimizeOrder.refusal(for: trip) { throw refusal }
        // Edits not saved yet go to disk before a search that may take a while: whatever becomes
        // of the search, a rename typed just before it is kept. (A save that fails is the
        // autosave's to report, as for any other change.)
        if model.hasUnsavedChanges, model.readOnlyReason == nil { _ = try? model.save() }
        let search = roads.orderSearch(of: trip, unit: unit)
        return { progress in
            search(
                { done, total in
                    progress.say("routing the legs between the stops: \(DistanceUnit.grouped(done)) of \(DistanceUnit.grouped(total))")
                    return !progress.isCancelled
                },
                { fraction in
                    progress.say("\(Int(fraction * 100))%")
                    return !progress.isCancelled
                })
        }
    }

    var exportFolder: String {
        ExportFolder(lastUsed: choices.exportFolder, workingDirectory: workingDirectory, environment: environment).path
    }

    func suggestedExportPath() -> String {
        guard let trip = model.trip(id: tripID) else { return "" }
        return exportURL(forTyped: ExportFile.suggestedName(for: trip, format: .gpx)).path
    }

    /// A name typed alone, or a relative path, is taken in the export folder; `~/` is the home.
    func exportURL(forTyped path: String) -> URL {
        ExportFile.url(forTyped: path, currentDirectory: exportFolder)
    }

    func exportTrip(to path: String, format: TripExportFormat, replacing: Bool) throws(ExportFile.Failure) -> String {
        guard let trip = model.trip(id: tripID) else { throw ExportFile.Failure(description: "The trip is gone.") }
        let url = exportURL(forTyped: path)
        // The legs routed so far go along their roads (and a calendar's drives take their times).
        let export = ExportTrip(
            legs: { [roads] trip, estimate in roads.figures(of: trip, estimate: estimate).legs }, places: places,
            defaultUnit: unit, today: today)
        try export.write(trip, as: format, to: url, replacing: replacing, protecting: model.store.url, folders: RoadtripFolders(environment: environment))
        choices.exportFolder = url.deletingLastPathComponent().path
        return url.path
    }

    func directionsLinks(service: DirectionsService) -> [DirectionsLink] {
        DirectionsLinks.links(for: model.trip(id: tripID)?.stops ?? [], places: try? places.value.get(), service: service)
    }

    func reorderStops(_ ids: [Stop.ID]) -> Bool {
        OptimizeOrder.use(ids, inTrip: tripID, of: model)
    }

    func runBusy(_ task: BusyTask) {
        services.runBusy(task)
    }

    func copyToClipboard(_ text: String) {
        services.copyToClipboard(text)
    }

    func openInBrowser(_ url: String) -> Result<Void, BrowserOpener.Failure> {
        services.openInBrowser(url)
    }

}
