import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing
import RoadtripTestSupport

@MainActor
@Suite struct AlongPresenterTests {
    let view = AlongViewSpy()
    let interactor = AlongInteractorSpy(trip: AlongFixtures.valley)
    let router = AlongRouterSpy()
    let output = AlongOutputSpy()
    /// Held by the test, as the view holds it in the program (the presenter holds the view weakly).
    let presenter: AlongPresenter

    init() {
        presenter = AlongPresenter(interactor: interactor, router: router, unit: .km, day: nil)
        presenter.view = view
        presenter.output = output
        presenter.didLoad()
    }

    @Test func itLooksForTheUsualKindsWithinTwoKilometersAndSaysSoMeanwhile() throws {
        let search = try #require(interactor.searches.last)
        #expect(search.kinds == Set(AlongKind.usual) && search.reach == 2_000 && search.day == nil)
        #expect(view.last?.emptyMessage == "Looking along the road…" && view.last?.summary == "Looking along the road…")
        #expect(view.last?.title == "Along the road: Valley" && view.last?.reach == "within 2.0 km")
        #expect(view.last?.kinds.map(\.name) == AlongKind.allCases.map(\.rawValue))
        #expect(view.last?.kinds.filter(\.isOn).map(\.name) == AlongKind.usual.map(\.rawValue))
    }

    @Test func thePlacesFoundAreRowsInTheirOrderMarkedOnTheMap() throws {
        interactor.answer(AlongFixtures.along)
        let viewModel = try #require(view.last)
        #expect(viewModel.emptyMessage == nil && viewModel.selectedRow == 0)
        #expect(viewModel.rows.map(\.name) == ["Càmping Valira", "Casa d'Areny-Plandolit"])
        #expect(viewModel.rows[0].cells == ["0.9 km", "day 1", "0.8 km right", "Càmping Valira", "camp site", ""])
        #expect(viewModel.rows[1].cells == ["11.3 km", "day 1", "0.1 km right", "Casa d'Areny-Plandolit", "museum", ""])
        #expect(viewModel.selectedDetails == "Càmping Valira · camp site · 0.9 km of 11.6 km · day 1 · 0.8 km off, right")
        #expect(viewModel.places == [AlongFixtures.camp.coordinate, AlongFixtures.museum.coordinate])
        #expect(viewModel.mapStops.map(\.name) == ["Andorra la Vella", "Ordino"])
        #expect(viewModel.summary == "2 places in the order they come · routing the detours of the rows in view: 0 of 1")
    }

    @Test func theSelectedRowIsShownInFullWithItsDetour() throws {
        interactor.answer(AlongFixtures.along)
        presenter.didShowRows(0..<2)
        presenter.didSelect(row: 1)
        interactor.route("Casa d'Areny-Plandolit", LegFigures(meters: 1_240, seconds: 170, source: .road))
        #expect(view.last?.selectedDetails == "Casa d'Areny-Plandolit · museum · 11.3 km of 11.6 km · day 1 · 0.1 km off, right · detour 1.2 km, 3 min")
        #expect(view.last?.rows[1].detour == "1.2 km, 3 min")
    }

    /// Issue 53, item 4: "routing the detours…" stayed for good, for the rows never routed; the
    /// status now counts the rows in view and goes once they have come.
    @Test func detoursAreRoutedForTheRowsInViewAndTheStatusSaysHowFarTheyAre() throws {
        interactor.answer(AlongFixtures.along)
        #expect(interactor.detoursAsked.map(\.place) == ["Càmping Valira"], "the selected row at once, before the list is drawn")
        presenter.didShowRows(0..<2)
        #expect(interactor.detoursAsked.map(\.place) == ["Càmping Valira", "Casa d'Areny-Plandolit"])
        #expect(view.last?.summary == "2 places in the order they come · routing the detours of the rows in view: 0 of 2")
        #expect(view.last?.rows[0].detour == "")
        interactor.route("Càmping Valira", LegFigures(meters: 1_700, seconds: 240, source: .road))
        #expect(view.last?.rows[0].detour == "1.7 km, 4 min")
        #expect(view.last?.summary == "2 places in the order they come · routing the detours of the rows in view: 1 of 2")
        interactor.route("Casa d'Areny-Plandolit", LegFigures(meters: 130, seconds: 30, source: .road))
        #expect(view.last?.summary == "2 places in the order they come")
        // Found again (the legs' roads arrived): the detours of the same places at the same feet are kept.
        interactor.roadSubject.send(())
        interactor.answer(AlongFixtures.along)
        #expect(interactor.detoursAsked.count == 2 && view.last?.rows[0].detour == "1.7 km, 4 min")
        #expect(view.last?.summary == "2 places in the order they come")
    }

    @Test func rowsScrolledAwayBeforeTheirDetourCameAreDroppedAndAskedAgainWhenBack() {
        let found = (0..<6).map {
            AlongFixtures.found(
                AlongFixtures.place("Hut \($0)", .alpineHut, 42.51 + Double($0) / 100, 1.53), meters: 1_000 * Double($0 + 1),
                off: 400)
        }
        interactor.answer(found)
        presenter.didShowRows(0..<3)
        #expect(interactor.detoursAsked.map(\.place) == ["Hut 0", "Hut 1", "Hut 2"])
        interactor.route("Hut 1", LegFigures(meters: 900, seconds: 90, source: .road))
        presenter.didSelect(row: 5)
        presenter.didShowRows(3..<6)
        #expect(interactor.detoursKept.last == ["Hut 1", "Hut 5"], "Hut 0 and Hut 2 were dropped; Hut 1 had come, Hut 5 is selected")
        #expect(interactor.detoursAsked.map(\.place) == ["Hut 1", "Hut 5", "Hut 3", "Hut 4"])
        #expect(view.last?.summary == "6 places in the order they come · routing the detours of the rows in view: 0 of 3")
        presenter.didSelect(row: 0)
        presenter.didShowRows(0..<3)
        #expect(interactor.detoursAsked.map(\.place).suffix(2) == ["Hut 0", "Hut 2"])
        #expect(view.last?.summary == "6 places in the order they come · routing the detours of the rows in view: 1 of 3")
    }

    /// Issue 53, item 9: the kinds and the distance stay as they were left when the panel opens again.
    @Test func theKindsAndTheDistanceAreTheSessionsForTheNextPanel() throws {
        let choices = SessionChoices()
        let first = AlongPresenter(interactor: interactor, router: router, unit: .km, day: nil, choices: choices)
        first.view = view
        first.didLoad()
        first.didToggle(.fuel)
        first.didToggle(.camping)
        first.didChangeReach(by: 1)
        let again = AlongPresenter(interactor: interactor, router: router, unit: .km, day: nil, choices: choices)
        again.view = view
        again.didLoad()
        let search = try #require(interactor.searches.last)
        #expect(search.kinds == Set(AlongKind.usual).subtracting([.fuel]).union([.camping]) && search.reach == 5_000)
        #expect(view.last?.kinds.first { $0.name == "fuel" }?.isOn == false && view.last?.reach == "within 5.0 km")
        withExtendedLifetime((first, again)) {}
    }

    @Test func aPlaceOnTheRoadHasNoDetourToRoute() {
        interactor.answer([AlongFixtures.found(AlongFixtures.museum, meters: 11_300, off: 20)])
        #expect(interactor.detoursAsked.isEmpty && view.last?.rows.first?.off == "on the road")
    }

    @Test func aKindsKeyAndPlusAndMinusLookAgain() throws {
        presenter.didToggle(.beds)
        #expect(interactor.searches.last?.kinds == Set(AlongKind.usual).subtracting([.beds]))
        presenter.didToggle(.camping)
        #expect(interactor.searches.last?.kinds == Set(AlongKind.usual).subtracting([.beds]).union([.camping]))
        #expect(view.last?.kinds.first { $0.name == "beds" }?.isOn == false)
        presenter.didChangeReach(by: 1)
        #expect(interactor.searches.last?.reach == 5_000 && view.last?.reach == "within 5.0 km")
        presenter.didChangeReach(by: -1)
        presenter.didChangeReach(by: -1)
        presenter.didChangeReach(by: -1)
        #expect(interactor.searches.last?.reach == 500)
        let searches = interactor.searches.count
        presenter.didChangeReach(by: -1)
        #expect(interactor.searches.count == searches && view.last?.message?.text == "0.5 km is the nearest the panel looks.")
        // The places found after say nothing over it; the next key does.
        interactor.answer(AlongFixtures.along)
        #expect(view.last?.message == nil && view.last?.keepsMessage == true)
        presenter.didSelect(row: 1)
        #expect(view.last?.keepsMessage == false)
    }

    @Test func noKindChosenAndNothingFoundSayWhatToDo() {
        for kind in AlongKind.usual { presenter.didToggle(kind) }
        #expect(view.last?.emptyMessage == "No kind chosen: press a kind's digit (on the line above) to look for it.")
        presenter.didToggle(.sights)
        interactor.answer([])
        #expect(view.last?.emptyMessage == "No sights within 2.0 km of the road. + looks farther; regions add places (M on the trip list).")
    }

    @Test func enterAddsThePlaceAfterTheStopBeforeItAndTheOpenerSaysSo() throws {
        interactor.answer(AlongFixtures.along)
        presenter.didSelect(row: 1)
        presenter.didPressAddStop(row: 1)
        #expect(interactor.added.map(\.name) == ["Casa d'Areny-Plandolit"] && interactor.added.map(\.index) == [1])
        #expect(router.closed == 1 && interactor.workCancelled == 1)
        let told = try #require(output.added.first)
        #expect(told.stopID == Fixtures.uuid(99) && told.summary == "Added “Casa d'Areny-Plandolit” between Andorra la Vella and Ordino — u undoes.")
    }

    @Test func enterWaitsForASearchUnderWayAndReadOnlyRefuses() {
        interactor.answer(AlongFixtures.along)
        presenter.didToggle(.sights)
        presenter.didPressAddStop(row: 0)
        #expect(interactor.added.isEmpty && view.last?.message?.text.hasPrefix("Still looking along the road") == true)
        interactor.answer(AlongFixtures.along)
        interactor.readOnlyReason = "another roadtrip has the file"
        presenter.didPressAddStop(row: 0)
        #expect(interactor.added.isEmpty && view.last?.message?.isError == true && router.closed == 0)
    }

    @Test func fromTheItineraryItLooksAlongOneDay() {
        let onDay2 = AlongPresenter(interactor: interactor, router: router, unit: .km, day: 2)
        onDay2.view = view
        onDay2.didLoad()
        #expect(interactor.searches.last?.day == 2 && view.last?.subtitle == "day 2")
        interactor.answer([])
        #expect(view.last?.emptyMessage?.contains("of the road on day 2.") == true)
        withExtendedLifetime(onDay2) {}
    }

    /// Issue 57: the planner refuses what `roadtrip along` refuses (`FindAlong`), with its sentence,
    /// where it used to list the places without their days.
    @Test func aSearchRefusedShowsItsSentenceAndNoRows() {
        let sentence =
            "“Valley” has about 60,000 hours of driving, and a day-by-day plan is made for at most 50,000: split the trip into shorter ones to plan them."
        interactor.searches.last?.done(AlongFinding(found: [], tripMeters: 0, roads: [], refusal: sentence))
        #expect(view.last?.emptyMessage == sentence && view.last?.rows.isEmpty == true)
    }

    @Test func aChangeToTheTripLooksAgainAndItsEndClosesThePanel() {
        var trip = AlongFixtures.valley
        trip.stops.append(Stop(name: "Arinsal", location: Coordinate(latitude: 42.572, longitude: 1.484)))
        interactor.subject.value = trip
        #expect(interactor.searches.count == 2)
        interactor.subject.value = nil
        #expect(router.closed == 1 && interactor.workCancelled == 1)
    }

    @Test func undoBackAndHelp() {
        presenter.didPressUndo()
        #expect(view.last?.message == StatusMessage("Undid: add stop Càmping Valira."))
        presenter.didPressHelp()
        presenter.didPressBack()
        #expect(router.helpShown == 1 && router.closed == 1 && interactor.workCancelled == 1)
    }
}

// MARK: Search (issue 53)

@MainActor
extension AlongPresenterTests {
    private var selectedName: String? { view.last.flatMap { viewModel in viewModel.selectedRow.map { viewModel.rows[$0].name } } }

    @Test func slashFindsAPlaceByNameOrKindIgnoringAccents() {
        interactor.answer(AlongFixtures.along)
        presenter.didPressSearch()
        presenter.didChangeSearch("areny")
        #expect(selectedName == "Casa d'Areny-Plandolit")
        presenter.didChangeSearch("CAMPING")
        #expect(selectedName == "Càmping Valira", "accents folded")
        presenter.didChangeSearch("museum")
        #expect(selectedName == "Casa d'Areny-Plandolit", "the kind is searched too")
        presenter.didSubmitSearch()
        #expect(view.last?.search.highlighted == "museum")
    }

    @Test func nGoesRoundAndEscapeGoesBack() {
        interactor.answer(AlongFixtures.along)
        presenter.didPressSearch()
        presenter.didChangeSearch("a")
        #expect(selectedName == "Casa d'Areny-Plandolit")
        presenter.didSubmitSearch()
        presenter.didPressNextMatch()
        #expect(selectedName == "Càmping Valira")
        #expect(view.last?.message?.text == "Past the last match: on from the top.")
        presenter.didPressSearch()
        presenter.didChangeSearch("casa")
        presenter.didCancelSearch()
        #expect(selectedName == "Càmping Valira")
    }

    @Test func nBeforeAnyPlaceIsFoundMovesNothing() {
        presenter.didPressNextMatch()
        #expect(view.last?.selectedRow == nil)
        #expect(view.last?.message == RowSearch.noSearch)
    }
}
