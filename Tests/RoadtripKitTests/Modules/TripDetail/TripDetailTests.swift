import Foundation
@preconcurrency import OpenCombine
import Terminal
import Testing
@testable import RoadtripKit

@MainActor
final class TripDetailViewSpy: TripDetailViewInput {
    var displayed: [TripDetailViewModel] = []
    func display(_ viewModel: TripDetailViewModel) { displayed.append(viewModel) }
}

@MainActor
final class TripDetailInteractorSpy: TripDetailInteractorInput {
    let subject: CurrentValueSubject<Trip?, Never>
    init(trip: Trip?) { subject = CurrentValueSubject(trip) }
    var trip: AnyPublisher<Trip?, Never> { subject.eraseToAnyPublisher() }
    func save() throws(DataFileError) -> String { "/data/trips.json" }
}

@MainActor
final class TripDetailRouterSpy: TripDetailRouterInput {
    var closed = 0
    var helpShown = 0
    func closeTrip() { closed += 1 }
    func openHelp() { helpShown += 1 }
}

@MainActor
@Suite struct TripDetailPresenterTests {
    @Test func mapsStopsWithCoordinatesAndDistances() {
        let viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedRow: 0, unit: .km, message: nil)
        #expect(viewModel.title == "Pacific Drive")
        #expect(viewModel.subtitle == "3 stops · 170 km")
        #expect(viewModel.rows.map(\.number) == ["1.", "2.", "3."])
        #expect(viewModel.rows[0].coordinates == "36.6002° N, 121.8947° W")
        #expect(viewModel.rows[0].leg == "—")
        #expect(viewModel.rows[1].leg == "37.5 km")
        #expect(viewModel.rows[2].total == "170 km")
    }

    @Test func anEmptyTripSaysSo() {
        let viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.empty, selectedRow: 0, unit: .km, message: nil)
        #expect(viewModel.rows.isEmpty)
        #expect(viewModel.selectedRow == nil)
        #expect(viewModel.emptyMessage != nil)
    }

    @Test func followsTheTripAndClosesWhenItIsGone() {
        let view = TripDetailViewSpy(), interactor = TripDetailInteractorSpy(trip: Fixtures.pacific), router = TripDetailRouterSpy()
        let presenter = TripDetailPresenter(interactor: interactor, router: router, unit: .km)
        presenter.view = view
        presenter.didLoad()
        #expect(view.displayed.last?.title == "Pacific Drive")
        var renamed = Fixtures.pacific
        renamed.name = "Coast"
        interactor.subject.value = renamed
        #expect(view.displayed.last?.title == "Coast")
        interactor.subject.value = nil
        #expect(router.closed == 1)
    }

    @Test func backAndHelpGoThroughTheRouter() {
        let router = TripDetailRouterSpy()
        let presenter = TripDetailPresenter(interactor: TripDetailInteractorSpy(trip: Fixtures.pacific), router: router, unit: .km)
        presenter.didPressBack()
        presenter.didPressHelp()
        #expect(router.closed == 1)
        #expect(router.helpShown == 1)
    }
}

@MainActor
@Suite struct TripDetailViewTests {
    final class PresenterSpy: TripDetailViewOutput {
        var intents: [String] = []
        func didLoad() { intents.append("load") }
        func didSelect(row: Int) { intents.append("select \(row)") }
        func didPressBack() { intents.append("back") }
        func didPressSave() { intents.append("save") }
        func didPressHelp() { intents.append("help") }
    }

    @Test func drawsTheStopsWithCoordinates() throws {
        let view = TripDetailView(presenter: PresenterSpy())
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.alps, selectedRow: 0, unit: .km, message: nil))
        let terminal = try #require(Terminal.offscreen(width: 90, height: 10))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        let lines = terminal.surface.lines()
        #expect(lines[0].hasPrefix(" Alpine Loop"))
        #expect(lines[2].contains("1.") && lines[2].contains("Zürich") && lines[2].contains("47.3769° N, 8.5417° E"))
        #expect(lines[3].contains("2.") && lines[3].contains("Füssen"))
    }

    @Test func everyBackKeyGoesBack() {
        let presenter = PresenterSpy()
        let view = TripDetailView(presenter: presenter)
        for key: Key in [.escape, .character("q"), .left, .character("h")] { view.handle(key) }
        #expect(presenter.intents == ["back", "back", "back", "back"])
    }
}
