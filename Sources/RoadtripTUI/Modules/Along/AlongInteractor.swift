import BackgroundWork
import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases

/// The trip from the shared DataModel, the places along it from the place indexes, and the
/// detours from the roads (`RoadLegs`), each found off the main loop.
@MainActor
final class AlongInteractor: AlongInteractorInput, ModelEditingSession {
    let model: DataModel
    private let tripID: Trip.ID
    private let places: PlaceIndexProvider
    private let basemapProvider: BasemapProvider
    private let roads: RoadLegs
    /// Where the searches run: the model's runner, as the program's other work.
    private let runner: any BackgroundRunner
    /// Today, where the user is: the plan's start for a trip without a start date.
    private let today: () -> LocalDay
    private var search: BackgroundJob?
    /// The detours asked for, each with its place.
    private var detours: [(place: Place, job: BackgroundJob)] = []

    init(
        tripID: Trip.ID, model: DataModel, places: PlaceIndexProvider = .unavailable, basemap: BasemapProvider = .unavailable,
        roadLegs: RoadLegs = .none, today: @escaping () -> LocalDay = { TripPlanning.today() }
    ) {
        self.tripID = tripID
        self.model = model
        self.places = places
        self.basemapProvider = basemap
        self.roads = roadLegs
        self.runner = model.runner
        self.today = today
    }

    var trip: AnyPublisher<Trip?, Never> {
        model.tripUpdates(id: tripID)
    }

    var roadLegChanges: AnyPublisher<Void, Never> { roads.changes }

    func basemap() -> Result<(any BasemapProviding)?, any Error> {
        basemapProvider.forMap
    }

    func findPlaces(
        of kinds: Set<AlongKind>, within reach: Double, day: Int?, in trip: Trip, unit: DistanceUnit,
        done: @escaping @MainActor (AlongFinding) -> Void
    ) {
        search?.cancel()
        _ = search?.withdraw()
        // The legs as far as they are routed (asking routes the others: their arrival searches again).
        let routed = roads.figures(of: trip, estimate: RouteEstimate(for: trip, unit: unit)).legs
        let find = FindAlong(places: try? places.value.get(), today: today())
        let placeKinds = kinds.isEmpty ? [] : AlongKind.placeKinds(of: Array(kinds))
        search = runner.run(
            "along", lane: "along",
            work: { _ in
                AlongFinding(
                    Result { () throws(FindAlong.Refusal) in
                        try find.places(of: placeKinds, within: reach, along: trip, unit: unit, day: day) { _ in routed }
                    })
            }, done: done)
    }

    func findDetour(to found: AlongTheRoute.Found, in trip: Trip, unit: DistanceUnit, done: @escaping @MainActor (LegFigures) -> Void) {
        detours.removeAll { $0.job.state == .ended }
        let (options, estimate) = (RouteOptions(settings: trip.settings), RouteEstimate(for: trip, unit: unit))
        // Where no region has roads, the estimate there and back, quick but kept off the loop all the same.
        let job =
            roads.detour(to: found, options: options, estimate: estimate, done: done)
            ?? runner.run(
                "along-detour", lane: "along", work: { _ in AlongTheRoute.detour(to: found, routing: nil, options: options, estimate: estimate) },
                done: done)
        detours.append((found.place, job))
    }

    func cancelDetours() {
        cancelDetours(except: [])
    }

    func cancelDetours(except kept: Set<Place>) {
        for (place, job) in detours where !kept.contains(place) {
            job.cancel()
            _ = job.withdraw()
        }
        detours.removeAll { !kept.contains($0.place) }
    }

    func cancelWork() {
        cancelDetours()
        search?.cancel()
        _ = search?.withdraw()
        search = nil
    }

    func addStop(_ place: Place, at index: Int) -> Stop.ID? {
        guard let trip = model.trip(id: tripID), (1..<max(1, trip.stops.count)).contains(index) else { return nil }
        let stop = Stop(place: place)
        EditTrip(tripID, in: model).insertStop(stop, at: index)
        return stop.id
    }
}

extension AlongFinding {
    /// What `FindAlong` found, or why it looked for nothing.
    init(_ result: Result<FindAlong.Found, FindAlong.Refusal>) {
        switch result {
        case .success(let found):
            self.init(
                found: found.places, tripMeters: found.line.meters,
                roads: found.legs.contains { !$0.isEstimate } ? found.legs.map(\.line) : [])
        case .failure(let refusal):
            self.init(found: [], tripMeters: 0, roads: [], refusal: refusal.description)
        }
    }
}
