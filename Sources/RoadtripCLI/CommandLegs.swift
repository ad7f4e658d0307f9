import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import RoadtripUseCases

/// Every leg of a trip as the commands give it (issue 35: one meaning for every figure): on the
/// roads of the added regions where one covers both ends, else its estimate by road with the
/// reason. `list`, `show`, `new` and the `--json` of a change all add up these, so that a trip's
/// distance is the same number in each, the sum of its legs.
struct CommandLegs {
    /// Nil: every leg estimated, without a reason (the commands' tests).
    let router: (any RoadRouting)?

    /// No router: every leg its estimate.
    static let estimated = CommandLegs(router: nil)

    init(router: (any RoadRouting)?) {
        self.router = router
    }

    /// The regions added in `environment`'s folders, with its cache of legs routed before.
    init(environment: [String: String]) {
        self.init(router: Routing.engine(environment: environment))
    }

    /// The legs the use cases export and plan along (`TripLegs`): every leg routed on the roads
    /// of the regions added in `environment`'s folders; nil when no region has roads.
    static func routed(environment: [String: String]) -> TripLegs {
        { trip, estimate in
            let router = Routing.engine(environment: environment)
            return router.hasRoads ? router.legs(of: trip, estimate: estimate) : nil
        }
    }

    /// The figures of `trip`'s legs; `unit` is the one it is shown in (it decides the estimate's default speed).
    func figures(of trip: Trip, unit: DistanceUnit) -> [LegFigures] {
        let estimate = RouteEstimate(for: trip, unit: unit)
        return LegFigures.of(trip, known: router?.legs(of: trip, estimate: estimate), estimate: estimate)
    }
}
