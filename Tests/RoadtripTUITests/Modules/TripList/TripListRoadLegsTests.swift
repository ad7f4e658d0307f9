import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Testing
import RoadtripTestSupport

/// The trip list on the roads (issue 35): a trip's distance is the sum of its legs as the trip
/// screen shows them, by road where known, the estimate by road elsewhere (then marked "≈"),
/// and the list is drawn again when road figures arrive.
extension TripListPresenterTests {
    static let road = LegFigures(meters: 29_100, seconds: 1_900, source: .road)

    var pacificRow: TripListViewModel.Row? { view.last?.rows.first { $0.id == Fixtures.pacific.id } }

    @Test func aTripWhoseLegsAreOnRoadsShowsTheirSum() {
        interactor.roads[Fixtures.pacific.id] = [Self.road, Self.road]
        interactor.roadSubject.send(())
        #expect(pacificRow?.distance == "58.2 km")
    }

    @Test func aLegNotKnownYetIsItsEstimateAndTheTotalMarked() {
        let estimate = LegFigures.estimated(geodesicMeters: 100_000, estimate: RouteEstimate())
        interactor.roads[Fixtures.pacific.id] = [Self.road, estimate]
        interactor.roadSubject.send(())
        #expect(pacificRow?.distance == "≈ " + DistanceUnit.km.format(meters: 29_100 + estimate.meters))
    }

    @Test func roadFiguresArrivingDrawTheListAgain() {
        #expect(pacificRow?.distance == "≈ 212 km")
        let shown = view.displayed.count
        interactor.roads[Fixtures.pacific.id] = [Self.road, Self.road]
        interactor.roadSubject.send(())
        #expect(view.displayed.count == shown + 1)
        #expect(pacificRow?.distance == "58.2 km", "the row made before is not kept")
    }

    @Test func sortingByDistanceTakesTheRoadTotals() {
        // By road Pacific Drive is 5 km: shorter than the Alpine Loop's estimate.
        interactor.roads[Fixtures.pacific.id] = [
            LegFigures(meters: 2_500, seconds: 200, source: .road), LegFigures(meters: 2_500, seconds: 200, source: .road),
        ]
        interactor.roadSubject.send(())
        presenter.didPressSort()
        presenter.didPressSort()
        #expect(view.last?.order == "by distance")
        #expect(shownNames == ["Someday", "Pacific Drive", "Alpine Loop"])
    }
}
