import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing
import RoadtripTestSupport

@MainActor
@Suite struct TripListPresenterTests {
    let view = TripListViewSpy()
    let interactor = TripListInteractorSpy(trips: Fixtures.trips)
    let router = TripListRouterSpy()
    let presenter: TripListPresenter

    init() {
        presenter = TripListPresenter(interactor: interactor, router: router, unit: .km)
        presenter.view = view
        presenter.didLoad()
    }

    // MARK: Mapping

    @Test func rowsShowNameStopsDistanceAndRoute() {
        let row = TripListPresenter.row(for: Fixtures.pacific, unit: .km)
        #expect(row.name == "Pacific Drive")
        #expect(row.stops == "3 stops")
        #expect(row.distance == "≈ 212 km", "no leg on roads: the estimate by road, marked")
        #expect(row.route == "Monterey → Morro Bay")
    }

    @Test func rowsOfShortTrips() {
        let empty = TripListPresenter.row(for: Fixtures.empty, unit: .km)
        #expect(empty.stops == "0 stops")
        #expect(empty.distance == "—")
        #expect(empty.route == "")
        var single = Fixtures.pacific
        single.stops = [single.stops[0]]
        let one = TripListPresenter.row(for: single, unit: .km)
        #expect(one.stops == "1 stop")
        #expect(one.route == "Monterey")
    }

    @Test func distancesFollowTheUnit() {
        #expect(TripListPresenter.row(for: Fixtures.pacific, unit: .mi).distance == "≈ 132 mi")
    }

    @Test func viewModelCountsTripsAndSelects() {
        let viewModel = TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: nil, selectedID: Fixtures.alps.id, unit: .km, message: nil)
        #expect(viewModel.title == "Roadtrips")
        #expect(viewModel.subtitle == "3 trips")
        #expect(viewModel.rows.map(\.name) == ["Pacific Drive", "Alpine Loop", "Someday"])
        #expect(viewModel.selectedRow == 1)
        #expect(viewModel.emptyMessage == nil)
    }

    @Test func whileTheFileIsReadTheCountSaysTheTripsAreItsFirst() {
        interactor.isReadingFile = true
        interactor.subject.send(Fixtures.trips)
        #expect(view.last?.subtitle == "the first 3 trips; reading the rest")
        interactor.isReadingFile = false
        interactor.subject.send(Fixtures.trips + [Trip(name: "Later")])
        #expect(view.last?.subtitle == "4 trips")
    }

    @Test func emptyListHasAMessage() {
        let viewModel = TripListPresenter.makeViewModel(trips: [], filter: nil, selectedID: nil, unit: .km, message: nil)
        #expect(viewModel.rows.isEmpty)
        #expect(viewModel.selectedRow == nil)
        #expect(viewModel.emptyMessage == "No trips yet. Press a to add one.")
    }

    @Test func namesFoldedBeforeAreFoldedAgainWhenAChangeNamesTheirTrip() {
        let names = TripFilterNames()
        var trips = Fixtures.trips
        #expect(TripFilterNames.matching(trips, by: "fuss", names: names).map(\.name) == ["Alpine Loop"])
        trips[1].stops[0].name = "Nowhere"
        trips[0].name = "Füssen Run"
        // Kept without looking at the trips: until a change names them, the old names hold.
        #expect(TripFilterNames.matching(trips, by: "fuss", names: names).map(\.name) == ["Alpine Loop"])
        let changedFirstTwo = RunChange(head: 0, tail: trips.count - 2, oldCount: trips.count, newCount: trips.count)
        names.update(TripsUpdate(trips: trips, change: TripsChange(trips: changedFirstTwo, stops: [:])))
        let cached = TripFilterNames.matching(trips, by: "fuss", names: names)
        #expect(cached == TripFilterNames.matching(trips, by: "fuss"))
        #expect(cached.map(\.name).first == "Füssen Run")
    }

    @Test func filterMatchesTripAndPlaceNamesIgnoringCaseAndAccents() {
        #expect(TripFilterNames.matching(Fixtures.trips, by: "ALP").map(\.name) == ["Alpine Loop"])
        #expect(TripFilterNames.matching(Fixtures.trips, by: "fuss").map(\.name) == ["Alpine Loop"])
        #expect(TripFilterNames.matching(Fixtures.trips, by: "zurich").map(\.name) == ["Alpine Loop"])
        #expect(TripFilterNames.matching(Fixtures.trips, by: "big sur").map(\.name) == ["Pacific Drive"])
        #expect(TripFilterNames.matching(Fixtures.trips, by: "").count == 3)
    }

    @Test func aFilterThatMatchesNothingSaysSo() {
        let viewModel = TripListPresenter.makeViewModel(trips: Fixtures.trips, filter: "xyz", selectedID: nil, unit: .km, message: nil)
        #expect(viewModel.subtitle == "0 of 3 trips")
        #expect(viewModel.emptyMessage?.contains("xyz") == true)
    }

    // MARK: Behaviour

    @Test func loadingDisplaysTheTripsWithTheFirstSelected() {
        #expect(view.last?.rows.count == 3)
        #expect(view.last?.selectedRow == 0)
    }

    @Test func addAsksForTheNameFirstAndAddsNothingYet() {
        presenter.didPressAdd()
        #expect(view.newTripNames == ["New Trip"])
        #expect(interactor.subject.value.count == 3)
    }

    @Test func theNameGivenAddsTheTripAtTheTopAndSelectsIt() {
        presenter.didSelect(row: 2)
        presenter.didPressAdd()
        presenter.didSubmitNewTrip(name: "  Lofoten by van ")
        #expect(view.last?.rows.first?.name == "Lofoten by van")
        #expect(view.last?.selectedRow == 0)
        #expect(view.last?.message == StatusMessage("Added “Lofoten by van” — u undoes."))
        #expect(view.endEditingCount == 1)
    }

    @Test func anEmptyNameIsRefusedAndThePromptStays() {
        presenter.didPressAdd()
        presenter.didSubmitNewTrip(name: "   ")
        #expect(view.newTripErrors == ["A trip needs a name: type one, or press Esc to add no trip."])
        #expect(interactor.subject.value.count == 3)
        #expect(view.endEditingCount == 0)
    }

    /// Issue 57, item 2: `a` made a second “Pacific Drive”, which `roadtrip new` refuses. The
    /// planner now refuses too, in the use case's sentence, and offers a free name to begin with.
    @Test func anotherTripsNameIsRefusedAndThePromptStays() {
        presenter.didPressAdd()
        presenter.didSubmitNewTrip(name: "pacific drive")
        #expect(view.newTripErrors == ["A trip is named “pacific drive” already: give the new trip another name, such as “pacific drive (2)”."])
        #expect(interactor.subject.value.count == 3 && view.endEditingCount == 0)
        #expect(!presenter.didRequestQuit(addingTripNamed: "pacific drive", .asking), "a quit asked for does not lose the name typed")
        presenter.didSubmitNewTrip(name: "New Trip")
        presenter.didPressAdd()
        #expect(view.newTripNames.last == "New Trip (2)")
    }

    @Test func aRenameToAnotherTripsNameIsRefusedAndEditingGoesOn() {
        presenter.didSelect(row: 1)
        presenter.didPressRename()
        presenter.didSubmitRename("PACIFIC DRIVE")
        #expect(interactor.renamed.isEmpty && view.endEditingCount == 0)
        #expect(
            view.last?.message == .error("Another trip is named “PACIFIC DRIVE” already; nothing was renamed. Give another name, such as “PACIFIC DRIVE (2)”."))
        presenter.didSubmitRename("Alpine Loop")
        #expect(interactor.renamed.map(\.1) == ["Alpine Loop"], "its own name is free to it")
    }

    @Test func cancellingTheNameAddsNothing() {
        presenter.didPressAdd()
        presenter.didCancelEditing()
        #expect(interactor.subject.value.count == 3)
        #expect(view.endEditingCount == 1)
    }

    @Test func addClearsTheFilterSoTheNewTripShows() {
        presenter.didPressFilter()
        presenter.didChangeFilter("alp")
        presenter.didPressAdd()
        presenter.didSubmitNewTrip(name: "New Trip")
        #expect(view.last?.filter == nil)
        #expect(view.last?.rows.count == 4)
    }

    // MARK: A quit while typing (issue 53)

    @Test func aQuitAddsTheTripNamedAsEnterWouldAndAnEmptyNameStaysOrAddsNothing() {
        presenter.didPressAdd()
        #expect(!presenter.didRequestQuit(addingTripNamed: " ", .asking))
        #expect(view.newTripErrors.last == "A trip needs a name: type one, or press Esc to add no trip. Not quit: Ctrl-C again quits without adding a trip.")
        #expect(presenter.didRequestQuit(addingTripNamed: " ", .insisting))
        #expect(interactor.subject.value.count == 3)
        #expect(presenter.didRequestQuit(addingTripNamed: "Lofoten", .asking))
        #expect(interactor.subject.value.first?.name == "Lofoten")
    }

    @Test func aQuitKeepsTheNameTypedInARow() {
        presenter.didSelect(row: 1)
        presenter.didPressRename()
        #expect(!presenter.didRequestQuit(renamingTo: "", .asking))
        #expect(view.last?.message == .error("Not quit: a trip needs a name. Type one, or Esc or Ctrl-C again to keep the old one."))
        #expect(presenter.didRequestQuit(renamingTo: "Alps", .asking))
        #expect(interactor.renamed.map(\.1) == ["Alps"])
    }

    @Test func anImportTypedIsOnlyEverStartedByEnter() {
        presenter.didPressImport()
        #expect(!presenter.didRequestQuit(importing: "/tmp/coast.gpx", .asking))
        #expect(view.importErrors.last == "Not imported yet: Enter imports, Esc closes the form. Not quit: Ctrl-C again quits without importing.")
        #expect(presenter.didRequestQuit(importing: "/tmp/coast.gpx", .insisting))
        #expect(interactor.busyTitles.isEmpty)
    }

    @Test func renameStartsWithTheCurrentName() {
        presenter.didSelect(row: 1)
        presenter.didPressRename()
        #expect(view.renamingText == "Alpine Loop")
    }

    @Test func submittedNameIsTrimmedAndSaved() {
        presenter.didSelect(row: 1)
        presenter.didPressRename()
        presenter.didSubmitRename("  Alps  ")
        #expect(interactor.renamed.map(\.1) == ["Alps"])
        #expect(interactor.renamed.first?.0 == Fixtures.alps.id)
        #expect(view.endEditingCount == 1)
        #expect(view.last?.rows[1].name == "Alps")
    }

    @Test func anEmptyNameIsRefusedAndEditingGoesOn() {
        presenter.didPressRename()
        presenter.didSubmitRename("   ")
        #expect(interactor.renamed.isEmpty)
        #expect(view.endEditingCount == 0)
        #expect(view.last?.message?.isError == true)
    }

    @Test func cancellingARenameChangesNothing() {
        presenter.didPressRename()
        presenter.didCancelEditing()
        #expect(interactor.renamed.isEmpty)
        #expect(view.endEditingCount == 1)
    }

    @Test func deleteAsksFirst() {
        presenter.didPressDelete()
        #expect(view.questions == ["Delete “Pacific Drive” and its 3 stops?"])
        #expect(interactor.deleted.isEmpty)
    }

    @Test func deleteConfirmedRemovesAndSelectsTheNextTrip() {
        presenter.didSelect(row: 1)
        presenter.didPressDelete()
        presenter.didAnswerDelete(true)
        #expect(interactor.deleted == [Fixtures.alps.id])
        #expect(view.last?.rows.map(\.name) == ["Pacific Drive", "Someday"])
        #expect(view.last?.selectedRow == 1)
    }

    @Test func deletingTheLastRowSelectsTheNewLastRow() {
        presenter.didSelect(row: 2)
        presenter.didPressDelete()
        presenter.didAnswerDelete(true)
        #expect(view.last?.selectedRow == 1)
    }

    @Test func deleteDeclinedKeepsTheTrip() {
        presenter.didPressDelete()
        presenter.didAnswerDelete(false)
        #expect(interactor.deleted.isEmpty)
        #expect(view.last?.rows.count == 3)
    }

    @Test func filteringNarrowsTheRowsAsTheUserTypes() {
        presenter.didPressFilter()
        #expect(view.filteringText == "")
        presenter.didChangeFilter("füs")
        #expect(view.last?.rows.map(\.name) == ["Alpine Loop"])
        #expect(view.last?.selectedRow == 0)
        #expect(view.last?.subtitle == "1 of 3 trips")
    }

    @Test func clearingTheFilterShowsEverythingAgain() {
        presenter.didPressFilter()
        presenter.didChangeFilter("alp")
        presenter.didPressClearFilter()
        #expect(view.last?.filter == nil)
        #expect(view.last?.rows.count == 3)
        #expect(view.last?.rows[view.last?.selectedRow ?? 0].name == "Alpine Loop")
    }

    @Test func anEmptySubmittedFilterIsNoFilter() {
        presenter.didPressFilter()
        presenter.didSubmitFilter()
        #expect(view.last?.filter == nil)
    }

    @Test func openGoesToTheSelectedTrip() {
        presenter.didSelect(row: 1)
        presenter.didPressOpen()
        #expect(router.navigations == [.trip(Fixtures.alps.id)])
    }

    @Test func openOnAnEmptyListDoesNothing() {
        interactor.subject.value = []
        presenter.didPressOpen()
        presenter.didPressDelete()
        presenter.didPressRename()
        #expect(router.navigations.isEmpty)
        #expect(view.questions.isEmpty)
        #expect(view.renamingText == nil)
    }

    @Test func helpAndQuitGoThroughTheRouter() {
        presenter.didPressHelp()
        presenter.didPressQuit()
        #expect(router.navigations == [.help, .quit])
    }

    @Test func saveReportsWhereOrWhyNot() {
        presenter.didPressSave()
        #expect(view.last?.message == StatusMessage("Saved to /data/trips.json."))
        interactor.saveError = .unwritable(path: "/data/trips.json", reason: "No space left on device")
        presenter.didPressSave()
        #expect(view.last?.message?.isError == true)
        #expect(view.last?.message?.text.contains("No space left on device") == true)
    }

    @Test func aReadOnlyFileRefusesChangesWithTheReason() {
        interactor.readOnlyReason = "another roadtrip (process 42) has it open"
        presenter.didPressAdd()
        presenter.didPressDelete()
        #expect(interactor.subject.value.count == 3)
        #expect(view.newTripNames.isEmpty)
        #expect(view.questions.isEmpty)
        #expect(view.last?.message == .error("Read-only: another roadtrip (process 42) has it open; nothing was changed."))
        #expect(view.last?.isReadOnly == true)
    }

    @Test func undoSaysWhatItUndid() {
        interactor.undoDescription = "delete trip Route 66"
        presenter.didPressUndo()
        #expect(view.last?.message == StatusMessage("Undid: delete trip Route 66."))
        interactor.undoDescription = nil
        presenter.didPressUndo()
        #expect(view.last?.message == StatusMessage("Nothing to undo."))
        presenter.didPressRedo()
        #expect(view.last?.message == StatusMessage("Nothing to redo."))
    }

    @Test func selectionFollowsTheTripWhenTheListChangesUnderneath() {
        presenter.didSelect(row: 1)
        interactor.subject.value.insert(Trip(name: "Elsewhere"), at: 0)
        #expect(view.last?.rows[view.last?.selectedRow ?? 0].name == "Alpine Loop")
    }

    @Test func aMessageShowsOnce() {
        presenter.didPressSave()
        presenter.didSelect(row: 1)
        #expect(view.last?.message == nil)
    }

    // MARK: Name length

    @Test func aRenameThatLeftCharactersOutSaysSoOnce() {
        presenter.didPressRename()
        presenter.didReachNameLengthLimit()
        #expect(view.last?.message == StatusMessage.nameCut)
        #expect(view.last?.message?.text == "Names are at most 200 characters; the rest of the paste was left out.")
        let displays = view.displayed.count
        // The rest of a paste: nothing more to draw for every key left out.
        presenter.didReachNameLengthLimit()
        presenter.didReachNameLengthLimit()
        #expect(view.displayed.count == displays)
    }

    @Test func theNameLimitIsSaidAgainAfterAnotherMessage() {
        presenter.didPressRename()
        presenter.didReachNameLengthLimit()
        presenter.didSubmitRename("   ")
        presenter.didReachNameLengthLimit()
        #expect(view.last?.message == StatusMessage.nameCut)
    }

    @Test func theNameLimitMeansNothingWithoutARename() {
        let displays = view.displayed.count
        presenter.didReachNameLengthLimit()
        #expect(view.displayed.count == displays)
    }

    // MARK: Copy, reverse, sort

    var shownNames: [String] { view.last.map { $0.rows.map(\.name) } ?? [] }
    private var selectedName: String? { view.last.flatMap { viewModel in viewModel.selectedRow.map { viewModel.rows[$0].name } } }

    @Test func copyPutsTheCopyBelowAndSelectsIt() {
        presenter.didPressDuplicate()
        #expect(shownNames == ["Pacific Drive", "Pacific Drive (copy)", "Alpine Loop", "Someday"])
        #expect(selectedName == "Pacific Drive (copy)")
        #expect(view.last?.message?.text.contains("u undoes") == true)
    }

    @Test func reverseTurnsTheSelectedTripsStopsAround() {
        presenter.didPressReverse()
        #expect(interactor.reversed == [Fixtures.pacific.id])
        #expect(view.last?.rows.first?.route == "Morro Bay → Monterey")
        presenter.didSelect(row: 2)
        presenter.didPressReverse()
        #expect(interactor.reversed.count == 1)
        #expect(view.last?.message?.text.contains("nothing to reverse") == true)
    }

    @Test func sortGoesThroughNameDistanceAndStartDateAndBack() {
        var dated = Fixtures.alps
        dated.settings.startDate = LocalDay(year: 2026, month: 5, day: 1)
        interactor.subject.value[1] = dated
        presenter.didPressSort()
        #expect(shownNames == ["Alpine Loop", "Pacific Drive", "Someday"])
        #expect(view.last?.order == "by name")
        presenter.didPressSort()
        #expect(shownNames == ["Someday", "Alpine Loop", "Pacific Drive"])
        presenter.didPressSort()
        #expect(shownNames == ["Alpine Loop", "Pacific Drive", "Someday"])
        #expect(view.last?.order == "by start date")
        presenter.didPressSort()
        #expect(shownNames == ["Pacific Drive", "Alpine Loop", "Someday"])
        #expect(view.last?.order == nil)
    }

    @Test func theSelectionStaysOnItsTripWhenTheOrderChanges() {
        presenter.didSelect(row: 1)
        presenter.didPressSort()
        #expect(selectedName == "Alpine Loop")
    }

    @Test func aTripInMilesShowsItsDistanceInMiles() {
        var miles = Fixtures.pacific
        miles.settings.units = .mi
        interactor.subject.value[0] = miles
        #expect(view.last?.rows.first?.distance.hasSuffix(" mi") == true)
        #expect(view.last?.rows[1].distance.hasSuffix(" km") == true)
    }

    @Test func importedTripsComeFirstSelectedAndSaid() {
        let imported = Trip(name: "Coast", stops: Fixtures.pacific.stops)
        interactor.importResult = .success(([imported], ["a track of 1,200 points became 14 stops"]))
        presenter.didPressImport()
        #expect(view.importPaths == [""])
        presenter.didSubmitImport(path: "~/coast.gpx")
        #expect(shownNames.first == "Coast")
        #expect(selectedName == "Coast")
        #expect(view.last?.message?.text == "Imported “Coast” (3 stops). A track of 1,200 points became 14 stops. u undoes.")
    }

    @Test func aFileThatCannotBeImportedIsSaidInTheFormAndNothingIsAdded() {
        interactor.importResult = .failure(ImportError(path: "/tmp/a.gpx", line: 3, column: 7, reason: "<rtept> has no lat attribute."))
        presenter.didSubmitImport(path: "/tmp/a.gpx")
        #expect(view.importErrors == ["Cannot import /tmp/a.gpx: line 3, column 7: <rtept> has no lat attribute."])
        #expect(shownNames == ["Pacific Drive", "Alpine Loop", "Someday"])
    }

    @Test func anEmptyPathIsRefusedInTheForm() {
        presenter.didSubmitImport(path: "  ")
        #expect(view.importErrors.count == 1)
    }

    // MARK: Regions

    /// `M`: the regions manager, a module of its own, opens over the list; what it says shows in
    /// the list's status bar.
    @Test func regionsOpenTheManagerWhoseSentencesTheStatusBarShows() {
        presenter.didPressRegions()
        #expect(router.navigations == [.regions])
        presenter.regionsDidSay(StatusMessage("Removed region krems."))
        #expect(view.last?.message?.text == "Removed region krems.")
    }
}

// MARK: The filter as the list's search (issue 53)

@MainActor
extension TripListPresenterTests {

    /// `n` and `N` go through the trips the filter keeps, round the ends.
    @Test func nAndShiftNGoThroughTheTripsTheFilterKeeps() {
        presenter.didPressFilter()
        presenter.didChangeFilter("o") // in every trip: Pacific Drive has Monterey
        presenter.didSubmitFilter()
        let kept = view.last?.rows.map(\.name) ?? []
        #expect(kept == ["Pacific Drive", "Alpine Loop", "Someday"])
        presenter.didPressNextMatch()
        #expect(selectedName == "Alpine Loop")
        presenter.didPressNextMatch()
        presenter.didPressNextMatch()
        #expect(selectedName == "Pacific Drive")
        #expect(view.last?.message?.text == "Past the last match: on from the top.")
        presenter.didPressPreviousMatch()
        #expect(selectedName == "Someday")
    }

    @Test func nWithoutAFilterSaysHowToMakeOne() {
        presenter.didPressNextMatch()
        #expect(selectedName == "Pacific Drive")
        #expect(view.last?.message?.text == "No filter: / filters the trips, n and N then go through those it keeps.")
    }

    @Test func theOnlyTripTheFilterKeepsSaysSo() {
        presenter.didPressFilter()
        presenter.didChangeFilter("zurich")
        presenter.didSubmitFilter()
        presenter.didPressNextMatch()
        #expect(selectedName == "Alpine Loop")
        #expect(view.last?.message?.text == "Only this trip matches “zurich”.")
    }

    /// Esc while the filter is typed: no filter, and the trip selected at `/` selected again.
    @Test func escapeInTheFilterGoesBackToTheTripSelectedBefore() {
        presenter.didSelect(row: 2)
        presenter.didPressFilter()
        presenter.didChangeFilter("big sur")
        #expect(selectedName == "Pacific Drive")
        presenter.didCancelFilter()
        #expect(view.last?.filter == nil)
        #expect(selectedName == "Someday")
    }

    /// The filter folds as place search does: punctuation is a space, apostrophes vanish.
    @Test func theFilterFoldsAsEverySearchDoes() {
        #expect(TripFilterNames.matching(Fixtures.trips, by: "pacific-drive").map(\.name) == ["Pacific Drive"])
        #expect(TripFilterNames.matching(Fixtures.trips, by: "--").count == 3, "nothing to look for keeps every trip")
    }
}
