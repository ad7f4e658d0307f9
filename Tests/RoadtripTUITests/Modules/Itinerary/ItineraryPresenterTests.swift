import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing
import TextCanvas
import RoadtripTestSupport

@MainActor
@Suite struct ItineraryPresenterTests {
    let view = ItineraryViewSpy()
    let interactor = ItineraryInteractorSpy(trip: ItineraryFixtures.route66)
    let router = ItineraryRouterSpy()
    let presenter: ItineraryPresenter

    init() {
        // The warnings' ⚠ is drawn in a UTF-8 locale: adopted here, not left to a suite run before.
        TextWidth.adoptUTF8Locale()
        presenter = ItineraryPresenter(interactor: interactor, router: router, unit: .km)
        presenter.view = view
        presenter.didLoad()
    }

    private var headings: [String] { view.last?.rows.filter { $0.kind == .day }.map(\.title) ?? [] }

    @Test func theTripIsShownDayByDay() throws {
        let viewModel = try #require(view.last)
        #expect(viewModel.title == "Route 66")
        #expect(viewModel.subtitle.hasPrefix("2 days from Wed 1 Jul 2026, 09:00 CDT"))
        #expect(viewModel.subtitle.hasSuffix("at most 8 h 00 min driving a day"))
        #expect(headings == ["Day 1 · Wed 1 Jul 2026", "Day 2 · Thu 2 Jul 2026"])
        let night = try #require(viewModel.rows.first { $0.title == "3. St. Louis" && $0.detail.contains("night here") })
        #expect(night.detail == "night here (daily limit)")
        #expect(viewModel.summary.hasPrefix("In all: ≈ "))
    }

    @Test func aChangeToTheTripPlansItAgain() {
        var trip = ItineraryFixtures.route66
        trip.stops[1].overnight = true
        interactor.subject.value = trip
        #expect(headings.count == 3)
        trip.settings.dailyLimitHours = 14
        trip.stops[1].overnight = false
        interactor.subject.value = trip
        #expect(headings.count == 1)
    }

    /// Issue 52, item c: a default stay of 24 h planned every stop under "Day 1"; a stay past
    /// the next morning is a night, here as in `roadtrip plan` (the same plan).
    @Test func aStayOfADayAtEachStopIsADayEach() throws {
        var trip = ItineraryFixtures.route66
        trip.settings.defaultStayHours = 24
        interactor.subject.value = trip
        #expect(headings == ["Day 1 · Wed 1 Jul 2026", "Day 2 · Thu 2 Jul 2026", "Day 3 · Fri 3 Jul 2026"])
        #expect(view.last?.subtitle.hasPrefix("3 days from Wed 1 Jul 2026, 09:00 CDT") == true, "\(view.last?.subtitle ?? "")")
        let nights = view.last?.rows.filter { $0.detail == "night here" }.map(\.title)
        #expect(nights == ["2. Springfield", "3. St. Louis"])
    }

    @Test func aLegLongerThanTheLimitIsAWarningAndCounted() throws {
        var trip = ItineraryFixtures.route66
        trip.settings.dailyLimitHours = 4
        interactor.subject.value = trip
        let warnings = view.last?.rows.filter(\.isWarning) ?? []
        // 4 h 30 min over days 1 and 2, 6 h 30 min over days 2 to 4.
        #expect(warnings.map(\.day) == [0, 1, 1, 2, 3])
        #expect(warnings.first?.detail == "⚠ part 1 of 2 of a ≈ 4 h 30 min leg longer than the daily limit")
        #expect(view.last?.summary.contains("2 legs are split over days") == true)
    }

    @Test func costsShowOnceSet() throws {
        #expect(view.last?.rows.first?.detail.contains("fuel") == false)
        var trip = ItineraryFixtures.route66
        trip.settings.fuelLitresPer100Km = 8
        trip.settings.fuelPricePerLitre = 1.5
        trip.settings.currency = "$"
        trip.settings.nightlyBudget = 120
        interactor.subject.value = trip
        let headings = view.last?.rows.filter { $0.kind == .day }.map(\.detail) ?? []
        #expect(headings.count == 2 && headings[0].hasSuffix("lodging $120") && headings[0].contains(" · fuel $"))
        #expect(view.last?.summary.contains("· total $") == true && view.last?.summary.contains("lodging $120") == true)
    }

    @Test func aAddsTheNightProposedOnTheLinesDay() throws {
        // The Route 66 day ends at St. Louis with 1 h 30 min left; a town on the way to Joplin is proposed.
        let town = Place(
            name: "Union", admin1: "Missouri", admin1Code: "MO", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: 38.4464, longitude: -91.0085), population: 10_957, timeZone: "America/Chicago")
        interactor.places = FakePlaces([town])
        interactor.subject.value = ItineraryFixtures.route66
        let rows = try #require(view.last?.rows)
        let proposal = try #require(rows.firstIndex { $0.kind == .stopover })
        #expect(rows[proposal].title == "or on to Union")
        presenter.didPressAddNight(row: 1)
        #expect(interactor.nightsAdded.map(\.name) == ["Union"] && interactor.nightsAdded.map(\.after) == [2])
        #expect(view.last?.message?.text == "Added Union.")
        // The last day proposes nothing.
        presenter.didPressAddNight(row: rows.count - 1)
        #expect(view.last?.message?.text.hasPrefix("Day 2 has no night to propose") == true)
    }

    /// Issue 37, item 3: a fill-up line of the plan, and `n` on it adds the station, without a night.
    @Test func aOnAFillUpLineAddsTheStationWithoutANight() throws {
        let station = Place(
            name: "Rolla Fuel", admin1: "Missouri", admin1Code: "MO", country: "United States", countryCode: "US",
            coordinate: Coordinate(latitude: 37.95, longitude: -91.77), population: 0, timeZone: "America/Chicago", kind: .fuel)
        interactor.fuelStops = [
            FuelStops.Note(kind: .fillUp(station), from: 0, to: 150_000, leg: 1, shareOfLeg: 0.3, offMeters: 20, day: 1),
            FuelStops.Note(kind: .tooFar, from: 150_000, to: 500_000, leg: 1, shareOfLeg: 0.3, offMeters: 0, day: 1),
        ]
        var trip = ItineraryFixtures.route66
        trip.settings.rangeKm = 200
        interactor.subject.value = trip
        let rows = try #require(view.last?.rows)
        let fillUp = try #require(rows.firstIndex { $0.kind == .fuel && !$0.isWarning })
        #expect(rows[fillUp - 1].kind == .leg && rows[fillUp].title.hasPrefix("fill up at Rolla Fuel (150 km of "), "\(rows[fillUp])")
        #expect(rows[fillUp].detail == "on the road · 150 km from the start; the next is out of range")
        #expect(
            rows[fillUp + 1].isWarning && rows[fillUp + 1].title.hasSuffix(" 350 km without fuel")
                && rows[fillUp + 1].detail.hasSuffix("longer than the 200 km range"))
        presenter.didPressAddNight(row: fillUp)
        #expect(interactor.stopsAdded.map(\.name) == ["Rolla Fuel"] && interactor.stopsAdded.map(\.after) == [1] && interactor.nightsAdded.isEmpty)
        presenter.didPressAddNight(row: fillUp + 1)
        #expect(view.last?.message?.text == "This line proposes no station: none lies within the range.")
    }

    @Test func shiftAOpensThePlacesAlongTheRoadOnTheLinesDay() throws {
        let rows = try #require(view.last?.rows)
        let secondDay = try #require(rows.firstIndex { $0.kind == .day && $0.title.hasPrefix("Day 2") })
        presenter.didPressAlong(row: secondDay + 1)
        presenter.didPressAlong(row: 0)
        #expect(router.alongDays == [2, 1])
        presenter.alongDidAddStop(stopID: UUID(), summary: "Added “Cuba” between St. Louis and Joplin — u undoes.")
        #expect(view.last?.message?.text == "Added “Cuba” between St. Louis and Joplin — u undoes.")
        interactor.roadSubject.send(())
        #expect(view.last?.message == nil && view.last?.keepsMessage == true, "the legs routed since say nothing over it")
    }

    @Test func aTripWithoutStopsSaysHowToStart() {
        interactor.subject.value = Trip(name: "Empty")
        #expect(view.last?.emptyMessage?.contains("No stops yet") == true)
    }

    @Test func theScreenClosesWhenTheTripIsGone() {
        interactor.subject.value = nil
        #expect(router.closed == 1)
    }

    @Test func undoNamesWhatItUndidAndReadOnlyRefuses() {
        interactor.undoDescription = "change the settings"
        presenter.didPressUndo()
        #expect(view.last?.message == StatusMessage("Undid: change the settings."))
        interactor.readOnlyReason = "another roadtrip has the file"
        presenter.didPressUndo()
        #expect(view.last?.message?.isError == true)
    }

    @Test func backAndHelpGoThroughTheRouter() {
        presenter.didPressBack()
        presenter.didPressHelp()
        #expect(router.closed == 1 && router.helpShown == 1)
    }
}

// MARK: The selected line and the search (issue 53)

@MainActor
extension ItineraryPresenterTests {
    private var selectedTitle: String? { view.last.flatMap { viewModel in viewModel.selectedRow.map { viewModel.rows[$0].title } } }

    @Test func theSelectedLineIsThePresentersAndMovingItPlansNothing() {
        #expect(view.last?.selectedRow == 0)
        let planned = view.displayed.count
        presenter.didSelect(row: 2)
        #expect(view.last?.selectedRow == 2)
        #expect(view.displayed.count == planned + 1)
        presenter.didSelect(row: 999)
        #expect(view.last?.selectedRow == 2, "a line that is not there is not selected")
    }

    @Test func slashFindsALineAsItIsTypedAndNGoesToTheNext() {
        presenter.didPressSearch()
        presenter.didChangeSearch("st louis")
        #expect(selectedTitle == "3. St. Louis")
        presenter.didSubmitSearch()
        // Every stop's line says "night" or not: "day" is in both days' headings.
        presenter.didPressSearch()
        presenter.didChangeSearch("DAY")
        #expect(selectedTitle == "Day 2 · Thu 2 Jul 2026")
        presenter.didSubmitSearch()
        presenter.didPressNextMatch()
        #expect(selectedTitle == "Day 1 · Wed 1 Jul 2026")
        #expect(view.last?.message?.text == "Past the last match: on from the top.")
        presenter.didPressPreviousMatch()
        #expect(selectedTitle == "Day 2 · Thu 2 Jul 2026")
    }

    @Test func escapeGoesBackToTheLineSelectedBefore() {
        presenter.didSelect(row: 1)
        presenter.didPressSearch()
        presenter.didChangeSearch("joplin")
        #expect(selectedTitle == "4. Joplin")
        presenter.didCancelSearch()
        #expect(view.last?.selectedRow == 1)
        #expect(view.last?.search.isTyping == false)
    }
}
