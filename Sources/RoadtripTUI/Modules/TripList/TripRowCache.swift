import Foundation
import RoadtripCore
import RoadtripStore

/// The trip list's rows made before, and the trips' distances, each kept until a change names
/// its trip (`update`) or road figures arrive (`forgetDistances`): a key that changes nothing
/// (moving the selection) makes no row again, and a change to one trip remakes its row alone,
/// measuring only the legs the change touched.
final class TripRowCache {
    /// A trip's legs added up: their distance by road, whether an estimate is in it, and how many.
    struct Total: Equatable {
        let meters: Double
        let isEstimate: Bool
        let legs: Int

        init(_ legs: [LegFigures]) {
            let total = legs.total
            (meters, isEstimate, self.legs) = (total.meters, total.isEstimate, legs.count)
        }

        /// Every leg of `trip` its estimate, measured afresh.
        init(of trip: Trip) {
            self.init(LegFigures.estimated(legs: TripRoute(trip).legMeters, estimate: RouteEstimate(for: trip)))
        }
    }

    private var rows: [Trip.ID: (unit: DistanceUnit, row: TripListViewModel.Row)] = [:]
    private var totals: [Trip.ID: Total] = [:]
    let legs = LegLengths()
    /// The figures known of a trip's legs (`TripListInteractorInput.knownLegs`); none: each leg
    /// its estimate.
    var knownLegs: (Trip, RouteEstimate) -> [LegFigures] = { _, _ in [] }

    func row(for trip: Trip, unit: DistanceUnit) -> TripListViewModel.Row {
        if let known = rows[trip.id], known.unit == unit { return known.row }
        let row = TripListPresenter.row(for: trip, unit: unit, total: total(of: trip))
        rows[trip.id] = (unit, row)
        return row
    }

    /// The trip's legs added up in order, as the trip screen adds them: the figures known, else
    /// each leg the estimate of its length (`LegLengths`).
    func total(of trip: Trip) -> Total {
        if let known = totals[trip.id] { return known }
        let estimate = RouteEstimate(for: trip)
        let known = knownLegs(trip, estimate)
        let total = Total(LegFigures.known(known, legs: trip.stops.count - 1, orEstimating: legs.legMeters(of: trip), estimate: estimate))
        totals[trip.id] = total
        return total
    }

    /// The trip's distance as the row shows it.
    func meters(of trip: Trip) -> Double {
        total(of: trip).meters
    }

    /// Forgets the trips the change names, or all when it names none.
    func update(_ update: TripsUpdate) {
        rows.forget(update)
        totals.forget(update)
    }

    /// Road figures arrived for some legs: every distance is added up again.
    func forgetDistances() {
        rows.removeAll()
        totals.removeAll()
    }

    /// Drops the rows of deleted trips, once they are a good part of what is kept.
    func forgetTrips(notIn trips: [Trip]) {
        guard rows.count > 2 * trips.count + 64 else { return }
        let kept = Set(trips.map(\.id))
        rows = rows.filter { kept.contains($0.key) }
        totals = totals.filter { kept.contains($0.key) }
    }
}
