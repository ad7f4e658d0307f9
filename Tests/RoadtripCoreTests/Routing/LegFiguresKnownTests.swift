import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// "Legs or estimate", written once (issue 57): the figures known when there is one a leg, else
/// each leg the estimate of its length.
@Suite struct LegFiguresKnownTests {
    static let road = LegFigures(meters: 1_000, seconds: 60, source: .road)

    @Test func legsKnownForEveryLegAreTaken() {
        let known = [Self.road, Self.road]
        #expect(LegFigures.of(Fixtures.pacific, known: known, estimate: RouteEstimate()) == known)
    }

    @Test func noneSomeOrNoLegsKnownAreEachLegsEstimate() {
        let estimated = LegFigures.estimated(legs: TripRoute(Fixtures.pacific).legMeters, estimate: RouteEstimate())
        #expect(estimated.count == 2 && estimated.allSatisfy(\.isEstimate))
        for known in [nil, [], [Self.road], [Self.road, Self.road, Self.road]] as [[LegFigures]?] {
            #expect(LegFigures.of(Fixtures.pacific, known: known, estimate: RouteEstimate()) == estimated, "\(String(describing: known))")
        }
    }

    @Test func theLengthsAreMeasuredOnlyWhenTheyAreEstimated() {
        var measured = 0
        func lengths() -> [Double] {
            measured += 1
            return [5_000]
        }
        #expect(LegFigures.known([Self.road], legs: 1, orEstimating: lengths(), estimate: RouteEstimate()) == [Self.road] && measured == 0)
        #expect(LegFigures.known([], legs: 1, orEstimating: lengths(), estimate: RouteEstimate()).first?.meters == 6_250 && measured == 1)
        #expect(LegFigures.known([], legs: 0, orEstimating: [], estimate: RouteEstimate()).isEmpty, "a trip of one stop has no leg")
    }
}
