import RoadtripCore

/// The figures of a trip's legs as a front end knows them, for the use cases that draw or plan
/// along them: the command line routes every leg before it answers, the planner gives those routed
/// so far (`RoadLegs`) and routes the others off the main loop. Nil or empty: no region has roads,
/// each leg its estimate.
package typealias TripLegs = @MainActor (_ trip: Trip, _ estimate: RouteEstimate) -> [LegFigures]?
