import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import Testing

@MainActor
@Suite struct ItineraryPresenterTests {
    let view = ItineraryViewSpy()
    let interactor = ItineraryInteractorSpy(trip: ItineraryFixtures.route66)
    let router = ItineraryRouterSpy()
    let presenter: ItineraryPresenter

    init() {
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
        #expect(viewModel.summary.hasPrefix("≈ "))
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

    @Test func aLegLongerThanTheLimitIsAWarningAndCounted() throws {
        var trip = ItineraryFixtures.route66
        trip.settings.dailyLimitHours = 4
        interactor.subject.value = trip
        let warnings = view.last?.rows.filter(\.isWarning) ?? []
        #expect(warnings.count == 2)
        #expect(warnings.first?.detail.contains("over the daily limit (4 h 00 min)") == true)
        #expect(view.last?.summary.contains("2 legs are longer than a day's driving") == true)
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
