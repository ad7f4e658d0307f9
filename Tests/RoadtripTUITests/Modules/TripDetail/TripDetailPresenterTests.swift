import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing
import RoadtripTestSupport

@MainActor
@Suite struct TripDetailPresenterTests {
    let view = TripDetailViewSpy()
    let interactor = TripDetailInteractorSpy(trip: Fixtures.pacific)
    let router = TripDetailRouterSpy()
    let presenter: TripDetailPresenter

    init() {
        presenter = TripDetailPresenter(interactor: interactor, router: router, unit: .km)
        presenter.view = view
        presenter.didLoad()
    }

    private var names: [String] { view.last?.rows.map(\.name) ?? [] }
    private var selectedName: String? { view.last.flatMap { vm in vm.selectedRow.map { vm.rows[$0].name } } }

    // MARK: Mapping

    @Test func rowsHaveNumbersCoordinatesLegsAndTotals() {
        let viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil)
        #expect(viewModel.title == "Pacific Drive")
        #expect(viewModel.subtitle == "3 stops")
        #expect(viewModel.rows.map(\.number) == ["1.", "2.", "3."])
        #expect(viewModel.rows[0].coordinates == "36.6002° N, 121.8947° W")
        #expect(viewModel.rows[0].leg == "—")
        #expect(viewModel.rows[0].total == "0.0 km")
        let legs = [
            Geodesy.distance(from: Fixtures.monterey, to: Fixtures.bigSur),
            Geodesy.distance(from: Fixtures.bigSur, to: Fixtures.morroBay),
        ]
        // No region has roads: each leg its estimate by road (×1.25), marked, and the total their sum.
        #expect(viewModel.rows[1].leg == "≈ " + DistanceUnit.km.format(meters: legs[0] * 1.25))
        #expect(viewModel.rows[2].total == "≈ " + DistanceUnit.km.format(meters: legs[0] * 1.25 + legs[1] * 1.25))
        #expect(viewModel.selectedRow == 0)
    }

    @Test func regionAndCountryShowWhenKnown() {
        var trip = Fixtures.pacific
        trip.stops[0].region = "California"
        trip.stops[0].country = "United States"
        trip.stops[1].country = "United States"
        let rows = TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil).rows
        // The region's name and the country's code; the country's name where the region is not known.
        #expect(rows.map(\.place) == ["California, US", "United States", ""])
    }

    @Test func summaryHasTotalAndEstimates() {
        let summary = TripText.summary(legs: LegFigures.estimated(legs: [1_234_000], estimate: RouteEstimate()), estimate: RouteEstimate(), unit: .km)
        #expect(summary == "Total distance: ≈ 1,543 km by road · ≈ 19 h 17 min driving (×1.25 at 80 km/h)")
    }

    @Test func summaryInMilesUsesMilesPerHour() {
        let estimate = RouteEstimate(roadFactor: 1, averageSpeedKmh: 96.56064)
        let summary = TripText.summary(legs: LegFigures.estimated(legs: [160_934.4], estimate: estimate), estimate: estimate, unit: .mi)
        #expect(summary == "Total distance: ≈ 100 mi by road · ≈ 1 h 40 min driving (×1 at 60 mph)")
    }

    @Test func inMilesTheDefaultsReadAsRoundNumbers() {
        let summary = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .mi, message: nil).summary
        #expect(summary.hasSuffix("(×1.25 at 50 mph)"), "\(summary)")
    }

    @Test func theTripsOwnSettingsDriveTheEstimates() {
        var trip = Fixtures.pacific
        trip.settings.roadFactor = 1.5
        trip.settings.averageSpeedKmh = 60
        #expect(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil).summary.hasSuffix("(×1.5 at 60 km/h)"))
    }

    @Test func anEmptyTripInvitesAStop() {
        let viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.empty, selectedID: nil, unit: .km, message: nil)
        #expect(viewModel.rows.isEmpty)
        #expect(viewModel.selectedRow == nil)
        #expect(viewModel.emptyMessage == "No stops yet. Press a to add the first one.")
    }

    // MARK: Rename

    @Test func renameFollowsEveryKeystrokeInOneSession() {
        presenter.didPressRename()
        #expect(view.renamingText == "Pacific Drive")
        presenter.didChangeName("Pacific Drive!")
        presenter.didChangeName("Pacific Drive!!")
        #expect(interactor.renames.map(\.name) == ["Pacific Drive!", "Pacific Drive!!"])
        #expect(Set(interactor.renames.map(\.session)).count == 1)
        #expect(view.last?.title == "Pacific Drive!!")
    }

    @Test func escapeRestoresTheOldNameExactly() {
        presenter.didPressRename()
        presenter.didChangeName("Something else")
        presenter.didCancelRename()
        #expect(interactor.renames.last?.name == "Pacific Drive")
        #expect(view.last?.title == "Pacific Drive")
        #expect(view.endRenamingCount == 1)
    }

    @Test func enterKeepsTheTrimmedName() {
        presenter.didPressRename()
        presenter.didSubmitName("  Coast Road ")
        #expect(interactor.renames.last?.name == "Coast Road")
        #expect(view.endRenamingCount == 1)
        #expect(view.last?.message == StatusMessage("Renamed to “Coast Road”."))
    }

    /// Issue 57, item 2: `r` made two trips of one name. A name another trip has is not taken
    /// as it is typed, and Enter says why, the rename staying open.
    @Test func anotherTripsNameIsRefusedAndTheRenameStaysOpen() {
        interactor.namesInUse = ["Alpine Loop"]
        presenter.didPressRename()
        presenter.didChangeName("Alpine")
        presenter.didChangeName("Alpine Loop")
        #expect(interactor.renames.map(\.name) == ["Alpine"])
        presenter.didSubmitName("Alpine Loop")
        #expect(view.endRenamingCount == 0)
        #expect(view.last?.message == .error("Another trip is named “Alpine Loop” already; nothing was renamed. Give another name, such as “Alpine Loop (2)”."))
        #expect(!presenter.didRequestQuit(renamingTo: "Alpine Loop", .asking))
        #expect(presenter.didRequestQuit(renamingTo: "Alpine Loop", .insisting))
        #expect(interactor.renames.last?.name == "Pacific Drive", "an insisted quit keeps the old name")
    }

    @Test func anEmptyNameIsRefusedAndNeverReachesTheModel() {
        presenter.didPressRename()
        presenter.didChangeName("")
        presenter.didSubmitName("  ")
        #expect(interactor.renames.isEmpty)
        #expect(view.endRenamingCount == 0)
        #expect(view.last?.message?.isError == true)
    }

    @Test func aNameOfInvisibleCharactersIsAnEmptyName() {
        presenter.didPressRename()
        presenter.didChangeName("\u{200B}\u{2028}")
        presenter.didSubmitName("\u{200B}\u{200B}")
        #expect(interactor.renames.isEmpty)
        #expect(view.last?.message?.isError == true)
    }

    // MARK: Stops

    @Test func addOpensTheEditorAfterTheSelectedStop() {
        presenter.didSelect(row: 1)
        presenter.didPressAddStop(mapCentre: nil)
        #expect(router.editors == [.add(index: 2)])
    }

    @Test func addToAnEmptyTripOpensTheEditorAtTheStart() {
        interactor.subject.value = Fixtures.empty
        let centre = Coordinate(latitude: 45.5, longitude: -122.7)
        presenter.didPressAddStop(mapCentre: centre)
        #expect(router.editors == [.add(index: 0)])
        #expect(router.mapCentres == [centre])
    }

    @Test func enterEditsTheSelectedStop() {
        presenter.didSelect(row: 2)
        presenter.didPressEditStop()
        #expect(router.editors == [.edit(Fixtures.pacific.stops[2].id)])
    }

    @Test func aSavedStopIsSelectedAndAnnounced() {
        let carmel = Stop(name: "Carmel", location: Coordinate(latitude: 36.5552, longitude: -121.9233))
        interactor.subject.value?.stops.insert(carmel, at: 1)
        presenter.waypointEditorDidSave(stopID: carmel.id, summary: "Added “Carmel”.")
        #expect(selectedName == "Carmel")
        #expect(view.last?.message == StatusMessage("Added “Carmel”."))
    }

    @Test func deleteAsksThenRemovesAndSelectsTheNextStop() {
        presenter.didSelect(row: 1)
        presenter.didPressDeleteStop()
        #expect(view.questions == ["Delete the stop “Big Sur”?"])
        presenter.didAnswerQuestion(true)
        #expect(names == ["Monterey", "Morro Bay"])
        #expect(selectedName == "Morro Bay")
        #expect(view.last?.message?.text.contains("u undoes") == true)
    }

    @Test func declinedDeleteKeepsTheStop() {
        presenter.didPressDeleteStop()
        presenter.didAnswerQuestion(false)
        #expect(names.count == 3)
    }

    @Test func movingKeepsTheStopSelected() {
        presenter.didSelect(row: 2)
        presenter.didPressMoveStop(by: -1)
        #expect(names == ["Monterey", "Morro Bay", "Big Sur"])
        #expect(selectedName == "Morro Bay")
        presenter.didPressMoveStop(by: -1)
        presenter.didPressMoveStop(by: -1)
        #expect(names == ["Morro Bay", "Monterey", "Big Sur"])
        #expect(view.last?.message?.text == "“Morro Bay” is already the first stop.")
    }

    @Test func changesShowAtOnceInTheDistances() {
        let before = view.last?.rows.last?.total
        presenter.didSelect(row: 1)
        presenter.didPressMoveStop(by: 1)
        #expect(view.last?.rows.last?.total != before)
    }

    // MARK: Settings

    /// The form's fields: start date, start time, zone, daily driving, speed, road factor, units, sunset, roads, vehicle, fuel use, fuel price, currency, lodging.
    static let shownDefaults = ["", "09:00", "America/Los_Angeles", "8", "", "80", "1.25", "km", "no", "quickest", "car", "", "", "", "", "", "petrol", "15"]

    @Test func settingsFormShowsTheCurrentValuesInTheUnit() {
        presenter.didPressSettings()
        #expect(view.forms.last?.form == .settings)
        #expect(view.forms.last?.values == Self.shownDefaults)
    }

    @Test func settingsLeftAsShownStayDefaultsAndTypedDefaultsAreNotStored() {
        presenter.didSubmitForm(.settings, values: Self.shownDefaults)
        #expect(interactor.settings.last == TripSettings())
        var typed = Self.shownDefaults
        typed[3] = "8.0"
        typed[6] = "1,4"
        presenter.didSubmitForm(.settings, values: typed)
        #expect(interactor.settings.last == TripSettings(roadFactor: 1.4))
    }

    @Test func everySettingIsStoredFromTheForm() {
        presenter.didSubmitForm(.settings, values: ["2026-07-01", "7:30", "America/Denver", "6.5", "", "90", "1.3", "mi", "yes"])
        #expect(
            interactor.settings.last
                == TripSettings(
                    startDate: LocalDay(year: 2026, month: 7, day: 1), startTime: ClockTime(hour: 7, minute: 30),
                    timeZone: "America/Denver", dailyLimitHours: 6.5, averageSpeedKmh: 90, roadFactor: 1.3,
                    units: .mi, endsBySunset: true))
        #expect(view.endFormCount == 1)
    }

    @Test(arguments: [
        (0, "2026-02-30", "Write the start date as YYYY-MM-DD"), (1, "25:00", "Write the start time as HH:MM"),
        (2, "Mars/Olympus", "is not a time zone this machine knows"), (3, "30", "from 0.5 to 24"),
        (4, "2 nights", "Write the default stay in hours or minutes"),
        (5, "fast", "The average speed must be a number from 5 to 200 km/h"), (6, "0.5", "The road factor must be a number from 1 to 3"),
        (7, "leagues", "The units are km or mi."), (8, "maybe", "yes or no"),
    ])
    func wrongSettingsAreRefusedWithTheReason(_ field: Int, _ typed: String, _ reason: String) {
        var values = Self.shownDefaults
        values[field] = typed
        presenter.didSubmitForm(.settings, values: values)
        #expect(view.formErrors.last?.contains(reason) == true, "\(view.formErrors)")
        #expect(interactor.settings.isEmpty)
    }

    @Test func speedTypedInMilesIsStoredInKilometersPerHour() throws {
        let presenter = TripDetailPresenter(interactor: interactor, router: router, unit: .mi)
        presenter.view = view
        presenter.didLoad()
        presenter.didSubmitForm(.settings, values: ["", "09:00", "America/Los_Angeles", "8", "", "60", "1.25", "mi", "no"])
        let speed = try #require(interactor.settings.last?.averageSpeedKmh)
        #expect(abs(speed - 96.56064) < 1e-9)
        #expect(interactor.settings.last?.units == nil) // mi is this user's default already
    }

    @Test func aTripInItsOwnUnitsShowsThem() {
        interactor.setSettings(TripSettings(units: .mi))
        #expect(view.last?.summary.contains(" mi ") == true)
    }

    // MARK: A quit while typing (issue 53)

    @Test func aQuitSetsTheSettingsTypedAsEnterWould() {
        presenter.didPressSettings()
        var typed = Self.shownDefaults
        typed[1] = "10:00"
        #expect(presenter.didRequestQuit(in: .settings, values: typed, .asking))
        #expect(interactor.settings.last?.startTime == ClockTime(hour: 10, minute: 0))
        #expect(view.endFormCount == 1)
    }

    @Test func aFirstCtrlCOverAValueInErrorStaysWithTheErrorAndWhatASecondDoes() {
        presenter.didPressSettings()
        var typed = Self.shownDefaults
        typed[1] = "10:00"
        typed[6] = "9"
        #expect(!presenter.didRequestQuit(in: .settings, values: typed, .asking))
        #expect(interactor.settings.isEmpty && view.endFormCount == 0)
        #expect(view.formErrors.last?.hasPrefix("The road factor must be a number from 1 to 3") == true)
        #expect(view.formErrors.last?.hasSuffix("Not quit: Ctrl-C again quits without this value, keeping the others.") == true)
        // Insisting (a second Ctrl-C, SIGTERM, SIGHUP): the valid values are set, the wrong one left out.
        #expect(presenter.didRequestQuit(in: .settings, values: typed, .insisting))
        #expect(interactor.settings.last == TripSettings(startTime: ClockTime(hour: 10, minute: 0)))
    }

    @Test func anExportTypedIsOnlyEverWrittenByEnter() {
        presenter.didPressExport()
        #expect(!presenter.didRequestQuit(in: .export, values: ["/tmp/coast.kml"], .asking))
        #expect(view.formErrors.last == "Not written yet: Enter exports, Esc closes the form. Not quit: Ctrl-C again quits without exporting.")
        #expect(presenter.didRequestQuit(in: .export, values: ["/tmp/coast.kml"], .insisting))
        #expect(interactor.exports.isEmpty)
    }

    @Test func aQuitKeepsTheNameTypedAndAnEmptyOneStaysOrIsRestored() {
        presenter.didPressRename()
        presenter.didChangeName("Coast Road")
        #expect(presenter.didRequestQuit(renamingTo: "Coast Road", .asking))
        #expect(interactor.renames.last?.name == "Coast Road" && view.endRenamingCount == 1)
        presenter.didPressRename()
        #expect(!presenter.didRequestQuit(renamingTo: " ", .asking))
        #expect(view.last?.message == .error("Not quit: a trip needs a name. Type one, or Esc or Ctrl-C again to keep “Coast Road”."))
        #expect(presenter.didRequestQuit(renamingTo: " ", .insisting))
        #expect(interactor.renames.last?.name == "Coast Road" && view.endRenamingCount == 2)
    }

    // MARK: Itinerary and order

    @Test func theMapGetsItsBasemapThroughThePresenterAndAFailureIsSaid() {
        struct Damaged: Error, CustomStringConvertible { var description: String { "basemap.bin is damaged" } }
        #expect(view.basemaps.count == 1) // loaded once, at didLoad
        let failing = TripDetailInteractorSpy(trip: Fixtures.pacific)
        failing.basemapResult = .failure(Damaged())
        let presenter = TripDetailPresenter(interactor: failing, router: router, unit: .km)
        let view = TripDetailViewSpy()
        presenter.view = view
        presenter.didLoad()
        #expect(view.basemaps.isEmpty)
        #expect(view.last?.message == .error("The map is drawn without land and borders: basemap.bin is damaged"))
    }

    @Test func theItineraryOpensThroughTheRouter() {
        presenter.didPressItinerary()
        #expect(router.itinerariesOpened == 1)
    }

    @Test func aOpensThePlacesAlongTheRoadOfATripWithARoad() {
        presenter.didPressAlong()
        #expect(router.alongOpened == 1)
        interactor.subject.value?.stops.removeLast(2)
        presenter.didPressAlong()
        #expect(router.alongOpened == 1 && view.last?.message?.text == "A trip needs two stops for a road to look along: add some with a.")
    }

    @Test func aPlaceMadeAStopAlongTheRoadIsSelectedAndAnnounced() {
        let camp = Stop(name: "Camping", location: Coordinate(latitude: 36.45, longitude: -121.85))
        interactor.subject.value?.stops.insert(camp, at: 1)
        presenter.alongDidAddStop(stopID: camp.id, summary: "Added “Camping” between Monterey and Big Sur — u undoes.")
        #expect(selectedName == "Camping")
        #expect(view.last?.message == StatusMessage("Added “Camping” between Monterey and Big Sur — u undoes."))
        // Its legs routed meanwhile: no key came, so the view keeps saying it.
        interactor.roadSubject.send(())
        #expect(view.last?.message == nil && view.last?.keepsMessage == true)
        presenter.didSelect(row: 0)
        #expect(view.last?.keepsMessage == false)
    }

    @Test func optimizeShowsTheNewOrderAndItsSavingBeforeApplyingIt() throws {
        let shuffled = ["Monterey", "Morro Bay", "Big Sur", "Cambria"]
        var trip = try #require(interactor.subject.value)
        trip.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.5641, longitude: -121.0807)))
        trip.stops.swapAt(1, 2)
        interactor.subject.value = trip
        #expect(names == shuffled)
        presenter.didPressOptimize()
        let question = try #require(view.questions.last)
        #expect(question.contains("less. Use this order?"))
        #expect(view.questionDetails.last?.count == 4)
        #expect(interactor.reorders.isEmpty)
        presenter.didAnswerQuestion(true)
        #expect(names == ["Monterey", "Big Sur", "Morro Bay", "Cambria"])
        #expect(view.last?.message?.text.contains("u undoes") == true)
    }

    @Test func linksShowTheTripsDirectionsInTheServiceChosen() throws {
        presenter.didPressLinks(service: .google)
        let google = try #require(view.links.last)
        #expect(google.title == "“Pacific Drive” in Google Maps")
        #expect(google.paragraphs.count == 2 && google.paragraphs[1].hasPrefix("https://www.google.com/maps/dir/?api=1&origin=36.600200,-121.894700"))
        #expect(google.paragraphs[0] == "Monterey → Big Sur → Morro Bay")
        presenter.didPressLinks(service: .osm)
        let osm = try #require(view.links.last)
        #expect(osm.paragraphs.first?.hasPrefix("OpenStreetMap takes at most 2 stops a link") == true)
        #expect(osm.paragraphs.contains("Link 2: stops 2–3, Big Sur → Morro Bay"))
    }

    @Test func exportSuggestsAFileAndWritesTheFormatItsExtensionSays() {
        presenter.didPressExport()
        #expect(view.forms.last?.form == .export)
        #expect(view.forms.last?.values == ["/home/me/Pacific Drive.gpx"])
        presenter.didSubmitForm(.export, values: ["/tmp/coast.geojson"])
        #expect(interactor.exports.map(\.path) == ["/tmp/coast.geojson"])
        #expect(interactor.exports.first?.format == .geojson)
        #expect(view.last?.message?.text == "Exported “Pacific Drive” to /tmp/coast.geojson (GeoJSON).")
    }

    @Test func exportToAnICSNameWritesACalendar() {
        presenter.didSubmitForm(.export, values: ["/tmp/coast.ics"])
        #expect(interactor.exports.first?.format == .ics)
        #expect(view.last?.message?.text == "Exported “Pacific Drive” to /tmp/coast.ics (iCalendar).")
    }

    @Test func exportShowsTheFullPathATypedNameWritesBeforeWriting() {
        presenter.didPressExport()
        #expect(view.formNotes.last == "Writes /home/me/Pacific Drive.gpx")
        presenter.didEditForm(.export, values: ["trips/coast.kml"])
        #expect(view.formNotes.last == "Writes /home/me/trips/coast.kml")
        presenter.didEditForm(.export, values: [" "])
        #expect(view.formNotes.last == .some(nil))
        #expect(interactor.exports.isEmpty)
    }

    @Test func exportRefusesANameThatSaysNoFormat() {
        presenter.didSubmitForm(.export, values: ["/tmp/coast.txt"])
        #expect(interactor.exports.isEmpty)
        #expect(view.formErrors.last?.contains("end it in .gpx") == true)
    }

    @Test func exportAsksBeforeReplacingAFile() {
        interactor.existingPaths = ["/tmp/coast.gpx"]
        presenter.didSubmitForm(.export, values: ["/tmp/coast.gpx"])
        #expect(view.questions.last == "/tmp/coast.gpx already exists. Replace it?")
        #expect(interactor.exports.isEmpty)
        presenter.didAnswerQuestion(true)
        #expect(interactor.exports.first?.replacing == true)
    }

    @Test func cCopiesTheLinkAndSaysHowLong() throws {
        presenter.didPressCopyLink(service: .google)
        let copied = try #require(interactor.copied.first)
        #expect(copied.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=36.600200,-121.894700"))
        #expect(view.last?.message == StatusMessage("Copied the Google Maps link (\(copied.count) characters)."))
    }

    @Test func cCopiesEveryLinkOfASplitTripOneALine() throws {
        presenter.didPressCopyLink(service: .osm)
        let copied = try #require(interactor.copied.first)
        #expect(copied.split(separator: "\n").count == 2)
        #expect(view.last?.message?.text.hasPrefix("Copied the 2 OpenStreetMap links (one a line)") == true)
    }

    @Test func oOpensTheLinkOrSaysWhyItCannot() {
        presenter.didPressOpenLink(service: .google)
        #expect(interactor.opened.count == 1)
        #expect(view.last?.message?.text == "Opening the Google Maps link in the browser…")
        interactor.openResult = .failure(.noDisplay)
        presenter.didPressOpenLink(service: .google)
        #expect(view.last?.message?.isError == true)
        #expect(view.last?.message?.text.contains("neither DISPLAY nor WAYLAND_DISPLAY is set") == true)
        #expect(view.last?.message?.text.contains("Press c to copy") == true)
    }

    @Test func aTripWithOneStopHasNoLink() {
        interactor.subject.value?.stops.removeLast(2)
        presenter.didPressLinks(service: .google)
        #expect(view.links.isEmpty)
        #expect(view.last?.message?.text.contains("two stops at least") == true)
    }

    @Test func optimizeSaysSoWhenTheOrderIsAlreadyTheBest() throws {
        var trip = try #require(interactor.subject.value)
        trip.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.5641, longitude: -121.0807)))
        trip.stops.swapAt(2, 3)
        interactor.subject.value = trip
        presenter.didPressOptimize()
        #expect(view.questions.isEmpty)
        #expect(view.last?.message?.text.hasPrefix("The order is already the shortest") == true)
    }

    @Test func theSearchRunsOffTheMainLoop() throws {
        var trip = try #require(interactor.subject.value)
        trip.stops.append(Stop(name: "Cambria", location: Coordinate(latitude: 35.5641, longitude: -121.0807)))
        interactor.subject.value = trip
        presenter.didPressOptimize()
        #expect(interactor.busyTitles == ["Searching the best order of “Pacific Drive”"])
    }

    @Test func aTripTooLargeToOptimizeIsRefusedWithASentenceAndNothingAsked() throws {
        // Issue 21: O on 100,000 stops asked for an 80 GB matrix and aborted the planner.
        var trip = try #require(interactor.subject.value)
        trip.stops = (0...RouteOptimizer.maximumStops).map {
            Stop(name: "S\($0)", location: Coordinate(latitude: Double($0 % 80), longitude: Double($0 % 170)))
        }
        interactor.subject.value = trip
        presenter.didPressOptimize()
        #expect(view.questions.isEmpty)
        #expect(view.last?.message?.text.contains("has 1,001 stops, and the best order is searched for at most 1,000") == true)
    }

    // MARK: Undo, back, help

    @Test func undoNamesWhatItUndid() {
        interactor.undoDescription = "delete stop Monterey"
        presenter.didPressUndo()
        #expect(view.last?.message == StatusMessage("Undid: delete stop Monterey."))
        interactor.undoDescription = nil
        presenter.didPressUndo()
        #expect(view.last?.message == StatusMessage("Nothing to undo."))
    }

    @Test func theScreenClosesWhenTheTripIsGone() {
        interactor.subject.value = nil
        #expect(router.closed == 1)
    }

    @Test func backAndHelpGoThroughTheRouter() {
        presenter.didPressBack()
        presenter.didPressHelp()
        #expect(router.closed == 1)
        #expect(router.helpShown == 1)
    }

    // MARK: Name length

    @Test func aRenameThatLeftCharactersOutSaysSoOnceWithoutChangingTheName() {
        presenter.didPressRename()
        presenter.didChangeName("Pacific Drive!")
        presenter.didReachNameLengthLimit()
        #expect(view.last?.message == StatusMessage.nameCut)
        let displays = view.displayed.count
        presenter.didReachNameLengthLimit()
        #expect(view.displayed.count == displays)
        #expect(interactor.renames.map(\.name) == ["Pacific Drive!"])
    }

    @Test func theNameLimitIsSaidAgainAfterTheNameChanged() {
        presenter.didPressRename()
        presenter.didReachNameLengthLimit()
        presenter.didChangeName("Pacific Driv")
        #expect(view.last?.message == nil)
        presenter.didReachNameLengthLimit()
        #expect(view.last?.message == StatusMessage.nameCut)
    }

    @Test func theNameLimitMeansNothingWithoutARename() {
        let displays = view.displayed.count
        presenter.didReachNameLengthLimit()
        #expect(view.displayed.count == displays)
    }
}

// MARK: Search (issue 53)

@MainActor
extension TripDetailPresenterTests {
    @Test func slashSearchesTheStopsAsItIsTypedAndEnterKeepsTheRow() {
        presenter.didPressSearch()
        #expect(view.last?.search.isTyping == true)
        presenter.didChangeSearch("morro")
        #expect(selectedName == "Morro Bay")
        #expect(view.last?.search.highlighted == "morro")
        presenter.didSubmitSearch()
        #expect(selectedName == "Morro Bay")
        #expect(view.last?.search.isTyping == false && view.last?.search.highlighted == "morro", "the rows still mark what was found")
    }

    @Test func escapePutsTheSelectionBackWhereItWas() {
        presenter.didSelect(row: 1)
        presenter.didPressSearch()
        presenter.didChangeSearch("monterey")
        #expect(selectedName == "Monterey")
        presenter.didCancelSearch()
        #expect(selectedName == "Big Sur")
        #expect(view.last?.search.isTyping == false)
    }

    @Test func nAndShiftNGoFromMatchToMatchRoundTheEnds() {
        // "r" is in Monterey, Big Sur and Morro Bay.
        presenter.didPressSearch()
        presenter.didChangeSearch("R")
        #expect(selectedName == "Big Sur")
        presenter.didSubmitSearch()
        presenter.didPressNextMatch()
        #expect(selectedName == "Morro Bay")
        presenter.didPressNextMatch()
        #expect(selectedName == "Monterey")
        #expect(view.last?.message?.text == "Past the last match: on from the top.")
        presenter.didPressPreviousMatch()
        #expect(selectedName == "Morro Bay")
    }

    @Test func aSearchThatFindsNothingSaysSoAndMovesNothing() {
        presenter.didSelect(row: 2)
        presenter.didPressSearch()
        presenter.didChangeSearch("tulsa")
        #expect(view.last?.search.isFailing == true)
        #expect(selectedName == "Morro Bay")
        presenter.didSubmitSearch()
        #expect(view.last?.message?.text == "Nothing here matches “tulsa”.")
        #expect(selectedName == "Morro Bay")
    }

    @Test func theStopsRegionIsSearchedToo() {
        var trip = Fixtures.pacific
        trip.stops[2].region = "California"
        interactor.subject.send(trip)
        presenter.didPressSearch()
        presenter.didChangeSearch("califo")
        #expect(selectedName == "Morro Bay")
    }
}
