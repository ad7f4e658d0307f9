import Foundation
import Terminal
import Testing
@testable import RoadtripKit

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
        #expect(viewModel.rows[1].leg == DistanceUnit.km.format(meters: legs[0]))
        #expect(viewModel.rows[2].total == DistanceUnit.km.format(meters: legs[0] + legs[1]))
        #expect(viewModel.selectedRow == 0)
    }

    @Test func regionAndCountryShowWhenKnown() {
        var trip = Fixtures.pacific
        trip.waypoints[0].region = "California"
        trip.waypoints[0].country = "United States"
        trip.waypoints[1].country = "United States"
        let rows = TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil).rows
        #expect(rows.map { $0.places.first ?? "" } == ["California, United States", "United States", ""])
    }

    @Test func summaryHasTotalAndEstimates() {
        let summary = TripDetailPresenter.summary(distance: 1_234_000, estimate: RouteEstimate(), unit: .km)
        #expect(summary == "Total distance: 1,234 km   ≈ 1,543 km by road · ≈ 19 h 17 min driving (×1.25 at 80 km/h)")
    }

    @Test func summaryInMilesUsesMilesPerHour() {
        let summary = TripDetailPresenter.summary(distance: 160_934.4, estimate: RouteEstimate(roadFactor: 1, averageSpeedKmh: 96.56064), unit: .mi)
        #expect(summary == "Total distance: 100 mi   ≈ 100 mi by road · ≈ 1 h 40 min driving (×1 at 60 mph)")
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
        #expect(router.editors == [.edit(Fixtures.pacific.waypoints[2].id)])
    }

    @Test func aSavedStopIsSelectedAndAnnounced() {
        let carmel = Waypoint(name: "Carmel", location: Coordinate(latitude: 36.5552, longitude: -121.9233))
        interactor.subject.value?.waypoints.insert(carmel, at: 1)
        presenter.waypointEditorDidSave(stopID: carmel.id, summary: "Added “Carmel”.")
        #expect(selectedName == "Carmel")
        #expect(view.last?.message == StatusMessage("Added “Carmel”."))
    }

    @Test func deleteAsksThenRemovesAndSelectsTheNextStop() {
        presenter.didSelect(row: 1)
        presenter.didPressDeleteStop()
        #expect(view.questions == ["Delete the stop “Big Sur”?"])
        presenter.didAnswerDelete(true)
        #expect(names == ["Monterey", "Morro Bay"])
        #expect(selectedName == "Morro Bay")
        #expect(view.last?.message?.text.contains("u undoes") == true)
    }

    @Test func declinedDeleteKeepsTheStop() {
        presenter.didPressDeleteStop()
        presenter.didAnswerDelete(false)
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

    // MARK: Estimates

    @Test func estimatesFormShowsTheCurrentValuesInTheUnit() {
        presenter.didPressEstimates()
        #expect(view.forms.last?.form == .estimates)
        #expect(view.forms.last?.values == ["1.25", "80"])
    }

    @Test func estimatesAreStoredOnlyWhenTheyDifferFromTheDefaults() {
        presenter.didSubmitForm(.estimates, values: ["1.25", "80"])
        presenter.didSubmitForm(.estimates, values: ["1,4", ""])
        #expect(interactor.estimates.count == 2)
        #expect(interactor.estimates[0].0 == nil && interactor.estimates[0].1 == nil)
        #expect(interactor.estimates[1].0 == 1.4 && interactor.estimates[1].1 == nil)
    }

    @Test func estimatesOutOfRangeAreRefused() {
        presenter.didSubmitForm(.estimates, values: ["0.5", "80"])
        presenter.didSubmitForm(.estimates, values: ["1.2", "fast"])
        #expect(view.formErrors.count == 2)
        #expect(interactor.estimates.isEmpty)
    }

    @Test func speedTypedInMilesIsStoredInKilometresPerHour() throws {
        let presenter = TripDetailPresenter(interactor: interactor, router: router, unit: .mi)
        presenter.view = view
        presenter.didLoad()
        presenter.didSubmitForm(.estimates, values: ["", "60"])
        let speed = try #require(interactor.estimates.last?.1)
        #expect(abs(speed - 96.56064) < 1e-9)
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
        #expect(view.last?.message == NameLength.cutMessage)
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
        #expect(view.last?.message == NameLength.cutMessage)
    }

    @Test func theNameLimitMeansNothingWithoutARename() {
        let displays = view.displayed.count
        presenter.didReachNameLengthLimit()
        #expect(view.displayed.count == displays)
    }
}
