import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The interactor on a real DataModel over a temporary file.
@MainActor
@Suite struct TripDetailInteractorTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let interactor: TripDetailInteractor

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        interactor = TripDetailInteractor(tripID: Fixtures.pacific.id, model: model, services: .offScreen, workingDirectory: directory.path)
    }

    private var stops: [String] { model.trip(id: Fixtures.pacific.id)?.stops.map(\.name) ?? [] }

    @Test func optimizingSavesTheEditsBeforeItFirst() throws {
        // Issue 21: a rename typed just before O was lost when the optimization died.
        model.insertStop(Stop(name: "Cambria", location: Coordinate(latitude: 35.5641, longitude: -121.0807)), inTrip: Fixtures.pacific.id, at: 1)
        model.renameTrip(id: Fixtures.pacific.id, to: "Renamed before O")
        #expect(model.hasUnsavedChanges)
        #expect(try interactor.orderSearch() != nil)
        #expect(!model.hasUnsavedChanges)
        let saved = try #require(try TripFileStore(url: model.store.url).read())
        #expect(saved.trips.contains { $0.name == "Renamed before O" })
    }

    @Test func anExportNamedAloneGoesToTheFolderThePlannerWasStartedInThenToTheLastOneUsed() throws {
        // Issue 53, item 13: it went beside the data file (roadtrip's own folder by default) and
        // forgot the folder the user had just chosen.
        let folder = directory.url.standardizedFileURL.path
        #expect(interactor.exportFolder == folder)
        #expect(interactor.suggestedExportPath() == "\(folder)/Pacific Drive.gpx")
        let written = try interactor.exportTrip(to: "coast.geojson", format: .geojson, replacing: false)
        #expect(written == "\(folder)/coast.geojson")
        #expect(FileManager.default.fileExists(atPath: written))
        #expect(interactor.exportURL(forTyped: "/tmp/x.gpx").path == "/tmp/x.gpx")
        let elsewhere = directory.url.appendingPathComponent("maps")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        _ = try interactor.exportTrip(to: elsewhere.appendingPathComponent("coast.kml").path, format: .kml, replacing: false)
        #expect(interactor.suggestedExportPath() == "\(elsewhere.path)/Pacific Drive.gpx")
        #expect(interactor.exportURL(forTyped: "again.gpx").path == "\(elsewhere.path)/again.gpx")
    }

    @Test func theLastFolderUsedIsTheSessionsForEveryTripScreen() throws {
        let choices = SessionChoices()
        let first = TripDetailInteractor(tripID: Fixtures.pacific.id, model: model, services: .offScreen, workingDirectory: directory.path, choices: choices)
        let maps = directory.url.appendingPathComponent("maps")
        try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
        _ = try first.exportTrip(to: maps.appendingPathComponent("a.gpx").path, format: .gpx, replacing: false)
        let another = TripDetailInteractor(tripID: Fixtures.alps.id, model: model, services: .offScreen, workingDirectory: directory.path, choices: choices)
        #expect(another.exportFolder == maps.path)
        // A failed export leaves it where it was.
        #expect(throws: ExportFile.Failure.self) { try another.exportTrip(to: "/dev/null", format: .gpx, replacing: true) }
        #expect(another.exportFolder == maps.path)
    }

    @Test func anExportOverTheTripsFileIsRefusedEvenWhenReplacing() throws {
        // Issue 21: `e`, the trips file's path and `y` to "Replace it?" wrote one trip over all of them.
        let before = try Data(contentsOf: model.store.url)
        let failure = #expect(throws: ExportFile.Failure.self) {
            try interactor.exportTrip(to: model.store.url.path, format: .geojson, replacing: true)
        }
        #expect(failure?.description.contains("is the trips file roadtrip is using") == true)
        #expect(failure?.fileExists == false) // not a question to ask again with "replace"
        #expect(try Data(contentsOf: model.store.url) == before)
    }

    /// A calendar is planned as the itinerary is: the stops' zones from the places, the units
    /// of the screen, and today for a trip without a start date.
    @Test func anICSExportIsTheItineraryInTheStopsZones() throws {
        let interactor = TripDetailInteractor(
            tripID: Fixtures.pacific.id, model: model, services: .offScreen, places: .fixed(FakePlaces.california),
            unit: .mi, today: { LocalDay(year: 2026, month: 7, day: 1) })
        let file = directory.file("coast.ics")
        #expect(try interactor.exportTrip(to: file.path, format: .ics, replacing: false) == file.path)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("DTSTART;TZID=America/Los_Angeles:20260701T090000\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n"))
        #expect(text.contains("SUMMARY:Drive Monterey → Big Sur\r\n"))
        #expect(text.contains(" mi\\, ≈ "))
    }

    @Test func anICSExportOfAOneStopTripIsRefused() throws {
        model.deleteStop(id: Fixtures.pacific.stops[2].id, inTrip: Fixtures.pacific.id)
        model.deleteStop(id: Fixtures.pacific.stops[1].id, inTrip: Fixtures.pacific.id)
        let file = directory.file("coast.ics")
        let failure = #expect(throws: ExportFile.Failure.self) {
            try interactor.exportTrip(to: file.path, format: .ics, replacing: false)
        }
        #expect(failure?.description.contains("a calendar needs a drive: add a second stop first.") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func publishesOnlyItsTripAndOnlyWhenItChanges() {
        var received: [String?] = []
        var stops: [RunChange?] = []
        let subscription = interactor.trip.sink { update in
            received.append(update.trip?.name)
            stops.append(update.stops)
        }
        model.renameTrip(id: Fixtures.alps.id, to: "Elsewhere")
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        let count = Fixtures.pacific.stops.count
        _ = model.moveStop(id: Fixtures.pacific.stops[0].id, inTrip: Fixtures.pacific.id, by: 1)
        model.deleteTrip(id: Fixtures.pacific.id)
        subscription.cancel()
        #expect(received == ["Pacific Drive", "Coast", "Coast", nil])
        // First everything (nothing kept yet), then the rename (no stop), the move (the first two).
        #expect(stops == [nil, .unchanged(count: count), RunChange(head: 0, tail: count - 2, oldCount: count, newCount: count), nil])
    }

    @Test func moveAndDelete() throws {
        let bigSur = Fixtures.pacific.stops[1].id
        #expect(interactor.moveStop(id: bigSur, by: 1))
        #expect(stops == ["Monterey", "Morro Bay", "Big Sur"])
        #expect(!interactor.moveStop(id: bigSur, by: 1))
        #expect(!interactor.moveStop(id: Fixtures.pacific.stops[0].id, by: -1))
        interactor.deleteStop(id: bigSur)
        #expect(stops == ["Monterey", "Morro Bay"])
    }

    @Test func everyChangeCanBeUndoneByName() {
        interactor.deleteStop(id: Fixtures.pacific.stops[0].id)
        _ = interactor.moveStop(id: Fixtures.pacific.stops[2].id, by: -1)
        #expect(interactor.undo() == "move stop Morro Bay")
        #expect(interactor.undo() == "delete stop Monterey")
        #expect(stops == ["Monterey", "Big Sur", "Morro Bay"])
        #expect(interactor.redo() == "delete stop Monterey")
        #expect(stops == ["Big Sur", "Morro Bay"])
    }

    @Test func aRenameSessionIsOneUndoStep() throws {
        try interactor.renameTrip(to: "P", session: "s1")
        try interactor.renameTrip(to: "Pa", session: "s1")
        try interactor.renameTrip(to: "Pac", session: "s1")
        #expect(model.trip(id: Fixtures.pacific.id)?.name == "Pac")
        #expect(interactor.undo() == "rename trip Pacific Drive")
        #expect(model.trip(id: Fixtures.pacific.id)?.name == "Pacific Drive")
        #expect(interactor.undo() == nil)
    }

    @Test func aRenameRestoredByEscapeLeavesNothingToUndo() throws {
        try interactor.renameTrip(to: "Other", session: "s1")
        try interactor.renameTrip(to: "Pacific Drive", session: "s1")
        #expect(!model.canUndo)
    }

    @Test func estimatesAreStoredInTheTripAndSaved() throws {
        interactor.setSettings(TripSettings(averageSpeedKmh: 95, roadFactor: 1.4))
        _ = try interactor.save()
        let saved = try TripFileStore(url: directory.file("trips.json")).read()?.trips.first
        #expect(saved?.settings.roadFactor == 1.4)
        #expect(saved?.settings.averageSpeedKmh == 95)
        let text = try String(contentsOf: directory.file("trips.json"), encoding: .utf8)
        #expect(text.contains("\"roadFactor\" : 1.4"))
        #expect(!text.contains("\"roadFactor\" : 1.25"))
    }

    @Test func defaultsAreNotWrittenToTheFile() throws {
        _ = try interactor.save()
        let text = try String(contentsOf: directory.file("trips.json"), encoding: .utf8)
        #expect(!text.contains("roadFactor"))
        #expect(!text.contains("averageSpeedKmh"))
    }

    /// Routers only navigate: the clipboard and long work go from the interactor to the program.
    @Test func theClipboardAndBusyWorkGoToTheProgramsNavigator() {
        let navigator = Navigator(runner: ManualRunner())
        let interactor = TripDetailInteractor(
            tripID: Fixtures.pacific.id, model: model,
            services: ProgramServices(navigator: navigator, environment: [:]))
        interactor.copyToClipboard("https://example.org/a")
        #expect(navigator.takeClipboard() == ["https://example.org/a"])
        interactor.runBusy(BusyTask(title: "Searching", job: "optimize", work: { 1 }, done: { _ in }))
        #expect(navigator.isBusy)
    }

    @Test func aLinkIsNotOpenedWithoutADesktop() {
        let interactor = TripDetailInteractor(
            tripID: Fixtures.pacific.id, model: model,
            services: ProgramServices(navigator: Navigator(runner: ManualRunner()), environment: [:]))
        guard case .failure(.noDisplay) = interactor.openInBrowser("https://example.org/a") else {
            Issue.record("opened a browser with neither DISPLAY nor WAYLAND_DISPLAY")
            return
        }
    }
}

// MARK: The days planned (issue 56, item 13)

@MainActor
extension TripDetailInteractorTests {
    /// The days the trip screen's arrivals come from are the day view's and `roadtrip plan`'s
    /// (`PlanDays`), refusals included: a refused trip has none.
    @Test func theDaysAreThePlansAndARefusedTripHasNone() throws {
        var trip = try #require(model.trip(id: Fixtures.pacific.id))
        trip.settings.startDate = LocalDay(year: 2026, month: 7, day: 1)
        let itinerary = try #require(interactor.plannedDays(of: trip, unit: .km))
        // No gazetteer and no region with roads here: each stop's zone is its longitude's hour, each leg an estimate.
        #expect(itinerary == TripPlanning.itinerary(for: trip, unit: .km, places: nil, today: LocalDay(year: 2000, month: 1, day: 1), legs: []))
        #expect(itinerary.days.first?.date == trip.settings.startDate && itinerary.stopTimes(stopCount: 3).allSatisfy { $0 != nil })
        trip.stops[1].stay = .nights(TripPlanning.maximumNights + 1)
        #expect(interactor.plannedDays(of: trip, unit: .km) == nil)
    }
}
