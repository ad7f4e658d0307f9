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
        let viewModel = TripDetailPresenter.makeViewModel(
            trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil,
            roadLegs: [Self.roadLeg, estimate])
        #expect(viewModel.rows.map(\.leg) == ["—", "50.0 km", "≈ 120 km"])
        #expect(viewModel.rows.map(\.total) == ["0.0 km", "50.0 km", "≈ 170 km"])
        #expect(viewModel.summary == "Total distance: ≈ 170 km by road · ≈ 2 h 20 min driving (×1.25 at 80 km/h)", "\(viewModel.summary)")
    }

    @Test func legsAllOnRoadsAreNotMarked() {
        let onRoads = TripDetailPresenter.makeViewModel(
            trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil,
            roadLegs: [Self.roadLeg, Self.roadLeg])
        #expect(onRoads.summary == "Total distance: 100 km by road · 1 h 40 min driving", "\(onRoads.summary)")
        #expect(!onRoads.rows.map(\.total).contains { $0.contains("≈") })
    }

    /// Issue 35: with no leg on roads each leg is its estimate by road (the straight line × the
    /// road factor), marked, and the totals are their sums: "Total distance" was the straight line.
    @Test func withNoLegOnRoadsEachLegIsItsRoadEstimateAndTheTotalTheirSum() {
        let viewModel = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil)
        let legs = LegFigures.estimated(legs: TripRoute(Fixtures.pacific).legMeters, estimate: RouteEstimate())
        #expect(viewModel.rows.map(\.leg) == ["—"] + legs.map { "≈ " + DistanceUnit.km.format(meters: $0.meters) })
        let total = "≈ " + DistanceUnit.km.format(meters: legs[0].meters + legs[1].meters)
        #expect(viewModel.rows.last?.total == total)
        #expect(viewModel.summary.hasPrefix("Total distance: \(total) by road · ≈ "), "\(viewModel.summary)")
        #expect(viewModel.summary.hasSuffix(" driving (×1.25 at 80 km/h)"), "\(viewModel.summary)")
    }

    /// Issue 35: the trip screen says why a leg is an estimate, on the selected stop's line.
    @Test func theSelectedLegSaysWhyItIsAnEstimate() {
        let estimate = LegFigures(meters: 120_000, seconds: 5_400, source: .estimate, reason: "no region covers Morro Bay")
        let pending = LegFigures.estimated(geodesicMeters: 100_000, estimate: RouteEstimate())
        let rows = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil, roadLegs: [Self.roadLeg, estimate]).rows
        #expect(rows.indices.map(rows.legNote(at:)) == ["", "", "2 → 3 ≈ 120 km: no region covers Morro Bay"])
        #expect(rows.hasDetails)
        let routing = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil, roadLegs: [Self.roadLeg, pending])
            .rows
        #expect(routing.legNote(at: 2) == "2 → 3 ≈ 125 km: being routed…")
        // No region has roads: a leg's start is in none (as `show` says with no region).
        let none = TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil).rows
        #expect(none.legNote(at: 1).hasPrefix("1 → 2 ≈ ") && none.legNote(at: 1).hasSuffix(" km: no region covers Monterey"), "\(none.legNote(at: 1))")
        #expect(none.legNote(at: 2).hasPrefix("2 → 3 ≈ ") && none.legNote(at: 2).hasSuffix(" km: no region covers Big Sur"), "\(none.legNote(at: 2))")
        let onRoads = TripDetailPresenter.makeViewModel(
            trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil, roadLegs: [Self.roadLeg, Self.roadLeg]
        ).rows
        #expect(onRoads.indices.map(onRoads.legNote(at:)) == ["", "", ""] && !onRoads.hasDetails)
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
        values[9] = "Shortest"
        values[10] = "van"
        presenter.didSubmitForm(.settings, values: values)
        #expect(interactor.settings.last?.route == .shortest && interactor.settings.last?.vehicle == .van)
        values[10] = "bicycle"
        presenter.didSubmitForm(.settings, values: values)
        #expect(view.formErrors.last == "Write car, motorcycle, van or camper.")
    }
}
