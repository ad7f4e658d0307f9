import Foundation
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripTUI
import Testing

/// The regions manager's presenter on spies: what it shows, adds, removes and downloads
/// (`RegionsPanelTests`, `RegionsCatalogueTests`), and what it says to the trip list under it.
@MainActor
@Suite struct RegionsPresenterTests {
    let view = RegionsViewSpy()
    let interactor = RegionsInteractorSpy()
    let router = RegionsRouterSpy()
    let output = RegionsOutputSpy()
    let presenter: RegionsPresenter

    init() {
        presenter = RegionsPresenter(interactor: interactor, router: router, output: output)
        presenter.view = view
    }

    @Test func escClosesTheManagerAndQuestionMarkShowsItsKeys() {
        presenter.didLoad()
        presenter.didPressHelp()
        presenter.didCloseRegions()
        #expect(router.helpShown == 1 && router.closed == 1)
    }

    /// While a region is added the panel goes: the trip list and the progress show.
    @Test func addingHidesThePanelWhileItRuns() throws {
        interactor.regionResult = .success(try Self.installed("krems", places: 12).info.get())
        presenter.didSubmitAddRegion(path: "~/maps/krems.osm.gz")
        #expect(view.endEditingCount == 1 && view.regionPanels.last?.selected == "krems")
    }
}
