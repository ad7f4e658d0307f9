import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Testing
import RoadtripTestSupport

/// The trip detail screen with legs on roads (issue 23): Leg, Total and the summary by road, an
/// estimate marked "≈", a sign while legs are routed, and the screen drawn again when they arrive.
extension TripDetailPresenterTests {
    static let roadLeg = LegFigures(meters: 50_000, seconds: 3_000, source: .road)

    @Test func roadFiguresShowUnmarkedAndAnEstimateMarked() {
        let estimate = LegFigures(meters: 120_000, seconds: 5_400, source: .estimate, reason: "no region covers Morro Bay")
        let viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil,
                                                          roadLegs: [Self.roadLeg, estimate])
        #expect(viewModel.rows.map(\.leg) == ["—", "50.0 km", "≈ 120 km"])
        #expect(viewModel.rows.map(\.total) == ["0.0 km", "50.0 km", "≈ 170 km"])
        #expect(viewModel.summary.hasSuffix("≈ 170 km by road · ≈ 2 h 20 min driving"), "\(viewModel.summary)")
    }

    @Test func legsAllOnRoadsAreNotMarkedAndWithNoneTheGeodesicFiguresStay() {
        let onRoads = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil,
                                                        roadLegs: [Self.roadLeg, Self.roadLeg])
        #expect(onRoads.summary.hasSuffix("   100 km by road · 1 h 40 min driving"), "\(onRoads.summary)")
        #expect(!onRoads.rows.map(\.total).contains { $0.contains("≈") })
        let estimates = LegFigures.estimated(geodesicMeters: 1_000, estimate: RouteEstimate())
        let none = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil, roadLegs: [estimates, estimates])
        #expect(none == TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil))
    }

    @Test func whileLegsAreRoutedTheSummarySaysSoAndArrivingFiguresRedraw() {
        interactor.roads = ([Self.roadLeg, .estimated(geodesicMeters: 100_000, estimate: RouteEstimate())], 1)
        interactor.subject.value = Fixtures.pacific
        #expect(view.last?.summary.hasSuffix(" · \(Spinner.glyph(1)) routing 1 leg…") == true, "\(view.last?.summary ?? "")")
        let shown = view.displayed.count
        interactor.roads = ([Self.roadLeg, Self.roadLeg], 0)
        interactor.roadSubject.send(())
        #expect(view.displayed.count == shown + 1)
        #expect(view.last?.rows.map(\.leg) == ["—", "50.0 km", "50.0 km"])
        #expect(view.last?.summary.contains("routing") == false)
    }

    @Test func theFormSetsTheRoadsAndTheVehicle() {
        presenter.didPressSettings()
        var values = Self.shownDefaults
        values[8] = "Shortest"
        values[9] = "van"
        presenter.didSubmitForm(.settings, values: values)
        #expect(interactor.settings.last?.route == .shortest && interactor.settings.last?.vehicle == .van)
        values[9] = "bicycle"
        presenter.didSubmitForm(.settings, values: values)
        #expect(view.formErrors.last == "Write car, motorcycle, van or camper.")
    }
}
