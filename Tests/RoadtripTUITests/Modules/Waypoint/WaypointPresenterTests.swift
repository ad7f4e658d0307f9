import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing
import RoadtripTestSupport

@MainActor
@Suite struct WaypointPresenterTests {
    let view = WaypointViewSpy()
    let interactor = WaypointInteractorSpy(trip: Fixtures.pacific)
    let router = WaypointRouterSpy()
    let output = WaypointOutputSpy()

    func makePresenter(_ mode: WaypointEditorMode) -> WaypointPresenter {
        interactor.lookups["mon"] = .places([FakePlaces.monterrey, FakePlaces.monterey])
        interactor.lookups["36.27, -121.80"] = .coordinate(
            CoordinatePlace(
                coordinate: Coordinate(latitude: 36.27, longitude: -121.80), nearest: FakePlaces.bigSur,
                region: "California", country: "United States"))
        interactor.lookups["95, 0"] = .invalidCoordinates("Latitude 95.0 is out of range: it must be between -90 and 90.")
        let presenter = WaypointPresenter(mode: mode, interactor: interactor, router: router, unit: .km)
        presenter.view = view
        presenter.output = output
        presenter.didLoad()
        return presenter
    }

    // MARK: Adding

    @Test func aNewStopStartsEmptyWithAHint() {
        _ = makePresenter(.add(index: 1))
        #expect(view.filled?.place == "" && view.filled?.name == "" && view.filled?.notes == "")
        #expect(view.last?.title == "Add a stop after “Monterey” — Pacific Drive")
        #expect(view.last?.results.isEmpty == true)
        #expect(view.last?.resultsNote?.hasPrefix("Type a place name") == true)
    }

    @Test func aResultFarOutOfLineSaysHowFarBeforeEnter() {
        interactor.outOfLineAnswer = (5_816_000, "Fort William")
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("mon")
        #expect(view.last?.results.map(\.trailing) == ["5,816 km from Fort William", "5,816 km from Fort William"])
        #expect(view.last?.results.allSatisfy(\.isOutOfLine) == true)
    }

    @Test func typingListsPlacesWithKindRegionCountryAndPopulation() {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("mon")
        #expect(view.last?.results.map(\.title) == ["Monterrey", "Monterey"])
        #expect(view.last?.results[1].detail == "town, California, United States")
        #expect(
            view.last?.results[1].shorterDetails == [
                "town, California, US", "town, California", "California, United States",
                "California, US", "California", "town, US", "town",
            ])
        #expect(view.last?.results[1].trailing == "pop. 28,576")
        #expect(view.last?.selectedResult == 0)
        #expect(view.last?.namePlaceholder == "(Monterrey, the place's name)")
    }

    /// Two results of one name keep their regions in every shorter form; a name listed once
    /// may still shorten to what it is.
    @Test func resultsOfTheSameNameAlwaysShowTheirRegion() {
        let scotland = Place(
            name: "Fort William", admin1: "Scotland", admin1Code: "SCT", country: "United Kingdom", countryCode: "GB",
            coordinate: Coordinate(latitude: 56.81982, longitude: -5.10524), population: 15_757)
        let newfoundland = Place(
            name: "Fort William", admin1: "Newfoundland and Labrador", admin1Code: "NL", country: "Canada", countryCode: "CA",
            coordinate: Coordinate(latitude: 47.2, longitude: -53.6), population: 1_611)
        interactor.lookups["fort william"] = .places([scotland, newfoundland, FakePlaces.monterey])
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("fort william")
        let results = view.last?.results ?? []
        #expect(results.map(\.title) == ["Fort William", "Fort William", "Monterey"])
        #expect(results[1].detail == "town, Newfoundland and Labrador, Canada")
        #expect(
            results[1].shorterDetails == [
                "town, Newfoundland and Labrador, CA", "town, Newfoundland and Labrador",
                "Newfoundland and Labrador, Canada", "Newfoundland and Labrador, CA", "Newfoundland and Labrador",
            ])
        #expect(results[0].shorterDetails.last == "Scotland")
        #expect(results[2].shorterDetails.last == "town")
    }

    /// Issue 37: a region's service shows its details where there is room, and drops them before
    /// its region; a detail its name already says is not repeated.
    @Test func aServiceShowsItsDetailsWhereThereIsRoom() {
        let esso = Place(
            name: "ESSO", admin1: "La Massana", admin1Code: "04", country: "Andorra", countryCode: "AD",
            coordinate: Coordinate(latitude: 42.5447, longitude: 1.5156), population: 0, kind: .fuel, source: "andorra",
            details: PlaceDetails(tags: ["operator": "ESSO", "opening_hours": "24/7"]))
        interactor.lookups["esso"] = .places([esso])
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("esso")
        let result = view.last?.results.first
        #expect(result?.detail == "fuel station · 24/7, La Massana, Andorra")
        #expect(result?.shorterDetails.first == "fuel station · 24/7, La Massana, AD")
        #expect(result?.shorterDetails.contains("fuel station, La Massana, Andorra") == true)
        #expect(result?.shorterDetails.last == "fuel station" && result?.trailing == "")
    }

    @Test func theChosenPlaceIsPreviewedWithTheDistanceFromThePreviousStop() {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        let preview = view.last?.preview ?? []
        #expect(preview.first == "Monterey — California, United States")
        #expect(preview.last?.hasPrefix("36.6002° N, 121.8947° W · ") == true)
        #expect(preview.last?.hasSuffix(" from Monterey") == true)
    }

    @Test func theChosenPlaceIsPinnedOnTheMapWithTheStopsNumber() {
        let presenter = makePresenter(.add(index: 1))
        #expect(view.last?.mapStop == nil)
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        #expect(view.last?.mapStop == MapStop(coordinate: FakePlaces.monterey.coordinate, number: 2, name: "Monterey"))
    }

    @Test func enterInsertsTheChosenPlaceAndReturns() throws {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        presenter.didPressConfirm()
        let (stop, index) = try #require(interactor.inserted.first)
        #expect(index == 1)
        #expect(stop.name == "Monterey")
        #expect(stop.location == FakePlaces.monterey.coordinate)
        #expect(stop.region == "California" && stop.country == "United States")
        #expect(stop.notes == nil)
        #expect(output.saved.first?.0 == stop.id)
        #expect(output.saved.first?.1 == "Added “Monterey”.")
        #expect(router.closed == 1)
    }

    @Test func aTypedNameAndNotesWin() throws {
        let presenter = makePresenter(.add(index: 0))
        presenter.didChangePlace("mon")
        presenter.didChangeName("  Cannery Row ")
        presenter.didChangeNotes(" Aquarium at 10 ")
        presenter.didPressConfirm()
        let stop = try #require(interactor.inserted.first?.0)
        #expect(stop.name == "Cannery Row")
        #expect(stop.notes == "Aquarium at 10")
    }

    @Test func coordinatesMakeAStopNamedAfterTheNearestPlaceWithTheExactPoint() throws {
        let presenter = makePresenter(.add(index: 3))
        presenter.didChangePlace("36.27, -121.80")
        #expect(view.last?.results.first?.title == "36.2700° N, 121.8000° W")
        #expect(view.last?.results.first?.detail == "near Big Sur, CA")
        presenter.didPressConfirm()
        let stop = try #require(interactor.inserted.first?.0)
        #expect(stop.name == "near Big Sur, CA")
        #expect(stop.location == Coordinate(latitude: 36.27, longitude: -121.80))
        // In the point's own region, as a stop made from a place is in the place's.
        #expect(stop.region == "California" && stop.country == "United States")
    }

    @Test func badCoordinatesSayWhyAndCannotBeUsed() {
        let presenter = makePresenter(.add(index: 0))
        presenter.didChangePlace("95, 0")
        #expect(view.last?.resultsNote?.hasPrefix("Latitude 95.0 is out of range") == true)
        #expect(view.last?.resultsNoteIsError == true)
        presenter.didPressConfirm()
        #expect(interactor.inserted.isEmpty)
        #expect(router.closed == 0)
        #expect(view.last?.message?.isError == true)
    }

    @Test func noMatchSaysSo() {
        let presenter = makePresenter(.add(index: 0))
        presenter.didChangePlace("zzz")
        #expect(view.last?.resultsNote == "No place matches. Check the spelling, or type coordinates.")
    }

    @Test func unavailableSearchStillAllowsCoordinates() {
        let presenter = makePresenter(.add(index: 0))
        interactor.lookups["big"] = .searchUnavailable("the gazetteer file is missing")
        presenter.didChangePlace("big")
        #expect(view.last?.resultsNote?.contains("Coordinates still work") == true)
    }

    /// Issue 34: a region index cut short under the planner is left out of searches, and the
    /// status bar says so instead of the planner dying of SIGBUS.
    @Test func aPlaceIndexCutShortIsSaidInTheStatusBar() {
        let presenter = makePresenter(.add(index: 0))
        interactor.problem = "The place index /r/places.bin was cut short on disk while roadtrip had it open."
        presenter.didChangePlace("cana")
        #expect(view.last?.message == .error("The place index /r/places.bin was cut short on disk while roadtrip had it open."))
    }

    @Test func escapeLeavesTheTripAsItWas() {
        let presenter = makePresenter(.add(index: 0))
        presenter.didChangePlace("mon")
        presenter.didPressCancel()
        #expect(interactor.inserted.isEmpty && interactor.updated.isEmpty)
        #expect(router.closed == 1)
        #expect(output.saved.isEmpty)
    }

    @Test func whereTheStopSitsIsAskedOnceNotForEveryKey() {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("mon")
        presenter.didChangeName("Monterey Bay")
        presenter.didChangeNotes("Aquarium")
        presenter.didSelectResult(1)
        #expect(interactor.placementsAsked == 1)
        #expect(view.last?.title == "Add a stop after “Monterey” — Pacific Drive")
        #expect(view.last?.mapStop?.number == 2)
    }

    // MARK: A quit while typing (issue 53)

    @Test func aQuitWithNothingTypedAddsNothing() {
        let presenter = makePresenter(.add(index: 1))
        #expect(presenter.didRequestQuit(.asking))
        #expect(interactor.inserted.isEmpty && router.closed == 0)
    }

    @Test func aQuitKeepsTheStopTypedAsEnterWould() throws {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        presenter.didChangeNotes("Aquarium at 10")
        #expect(presenter.didRequestQuit(.asking))
        let (stop, index) = try #require(interactor.inserted.first)
        #expect(stop.name == "Monterey" && stop.notes == "Aquarium at 10" && index == 1)
        #expect(router.closed == 1)
    }

    @Test func aFirstCtrlCWithoutAPlaceStaysAndSaysWhy() {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangeName("Lunch")
        #expect(!presenter.didRequestQuit(.asking))
        #expect(view.last?.message == .error("Not quit: choose a place for this stop; Esc or Ctrl-C again drops it."))
        #expect(presenter.didRequestQuit(.insisting))
        #expect(interactor.inserted.isEmpty)
    }

    @Test func aStayThatIsNotOneStaysAtFirstAndIsLeftOutWhenTheQuitInsists() throws {
        let presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangeNotes("Lunch")
        presenter.didChangeStay("a while")
        #expect(!presenter.didRequestQuit(.asking))
        #expect(view.last?.message == .error("Not quit: the stay is not one (“2 h”, “1 night”). Ctrl-C again keeps the stop, not the stay."))
        #expect(interactor.updated.isEmpty)
        #expect(presenter.didRequestQuit(.insisting))
        let stop = try #require(interactor.updated.first)
        #expect(stop.notes == "Lunch" && stop.stay == Fixtures.pacific.stops[1].stay)
    }

    @Test func anEditedStopWhosePlaceTypedFindsNothingKeepsItsPlaceWhenTheQuitInsists() throws {
        let presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangePlace("zzz")
        presenter.didChangeName("Big Sur Village")
        #expect(presenter.didRequestQuit(.insisting))
        let stop = try #require(interactor.updated.first)
        #expect(stop.name == "Big Sur Village" && stop.location == Fixtures.bigSur)
    }

    // MARK: Editing

    @Test func editingStartsWithTheStopsValuesAndItsOwnPlace() {
        var trip = Fixtures.pacific
        trip.stops[1].notes = "Bixby Bridge at sunset"
        interactor.trip = trip
        _ = makePresenter(.edit(trip.stops[1].id))
        #expect(view.filled?.name == "Big Sur")
        #expect(view.filled?.notes == "Bixby Bridge at sunset")
        #expect(view.last?.title == "Edit “Big Sur” — Pacific Drive")
        #expect(view.last?.results.first?.title == "Keep “Big Sur”")
        #expect(view.last?.preview.last?.hasPrefix("36.2704° N, 121.8081° W") == true)
    }

    @Test func editingKeepsTheIdentityAndThePlaceWhenOnlyTheNameChanges() throws {
        let presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangeName("Big Sur Village")
        presenter.didChangeNotes("Lunch")
        presenter.didPressConfirm()
        let stop = try #require(interactor.updated.first)
        #expect(stop.id == Fixtures.pacific.stops[1].id)
        #expect(stop.name == "Big Sur Village")
        #expect(stop.location == Fixtures.bigSur)
        #expect(stop.notes == "Lunch")
        #expect(output.saved.first?.1 == "Updated “Big Sur Village”.")
    }

    /// Issue 38, item 8: a stop named as its place is renamed with a new place chosen for it; a
    /// name the user gave it, or typed now, stays.
    @Test func aStopsOwnPlaceNameFollowsANewPlaceAndAGivenNameStays() throws {
        interactor.ownNames = ["Big Sur"]
        var presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        presenter.didPressConfirm()
        #expect(interactor.updated.last?.name == "Monterey" && interactor.updated.last?.location == FakePlaces.monterey.coordinate)
        // Typed over, the name is the user's.
        presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        presenter.didChangeName("Lunch stop")
        presenter.didPressConfirm()
        #expect(interactor.updated.last?.name == "Lunch stop")
        // A name given before (not the place's own) stays with a new place.
        interactor.ownNames = []
        presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        presenter.didPressConfirm()
        #expect(interactor.updated.last?.name == "Big Sur" && interactor.updated.last?.location == FakePlaces.monterey.coordinate)
    }

    @Test func aStayAndANightAreStoredWithTheStop() throws {
        let presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangeStay("1 h 30 min")
        presenter.didChangeOvernight(true)
        presenter.didPressConfirm()
        let stop = try #require(interactor.updated.first)
        #expect(stop.stay == .hours(1.5))
        #expect(stop.overnight)
    }

    @Test func anEditedStopShowsItsStayAndNight() {
        interactor.trip.stops[1].stay = .nights(2)
        interactor.trip.stops[1].overnight = true
        _ = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        #expect(view.filledStay?.stay == "2 nights")
        #expect(view.filledStay?.overnight == true)
    }

    @Test func aStayThatIsNotOneIsRefusedAndTheEditorStaysOpen() {
        let presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangeStay("a while")
        presenter.didPressConfirm()
        #expect(interactor.updated.isEmpty)
        #expect(router.closed == 0)
        #expect(view.last?.message?.text.hasPrefix("Write the stay as hours") == true)
    }

    @Test func editingCanMoveTheStopToAFoundPlace() throws {
        let presenter = makePresenter(.edit(Fixtures.pacific.stops[1].id))
        presenter.didChangePlace("mon")
        presenter.didSelectResult(1)
        presenter.didPressConfirm()
        let stop = try #require(interactor.updated.first)
        #expect(stop.location == FakePlaces.monterey.coordinate)
        #expect(stop.name == "Big Sur")
        #expect(stop.region == "California")
    }

    @Test func helpGoesThroughTheRouter() {
        let presenter = makePresenter(.add(index: 0))
        presenter.didPressHelp()
        #expect(router.helpShown == 1)
    }

    // MARK: Name length

    @Test func aNameThatLeftCharactersOutSaysSoOnce() {
        let presenter = makePresenter(.add(index: 1))
        presenter.didChangeName("Big Sur")
        presenter.didReachNameLengthLimit()
        #expect(view.last?.message == StatusMessage.nameCut)
        let displays = view.displayed.count
        presenter.didReachNameLengthLimit()
        #expect(view.displayed.count == displays)
        presenter.didChangeName("Big Su")
        presenter.didReachNameLengthLimit()
        #expect(view.last?.message == StatusMessage.nameCut)
    }
}
