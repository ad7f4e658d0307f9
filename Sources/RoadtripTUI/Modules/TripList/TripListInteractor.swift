import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripRegions
import RoadtripStore

/// The trip list's use cases, on the shared `DataModel`.
@MainActor
final class TripListInteractor: TripListInteractorInput, ModelEditingSession {
    let model: DataModel
    private let places: PlaceIndexProvider
    private let shelf: RegionShelf?
    private let roadLegs: RoadLegs

    /// `regions` nil: no regions here (the panel says so and cannot add one).
    init(model: DataModel, places: PlaceIndexProvider = .unavailable, regions: RegionShelf? = nil, roadLegs: RoadLegs = .none) {
        self.model = model
        self.places = places
        self.shelf = regions
        self.roadLegs = roadLegs
    }

    var trips: AnyPublisher<TripsUpdate, Never> {
        model.tripChanges
    }

    func knownLegs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures] {
        roadLegs.figures(of: trip, estimate: estimate).legs
    }

    var roadLegChanges: AnyPublisher<Void, Never> { roadLegs.changes }

    func addTrip(named name: String) -> Trip {
        model.addTrip(Trip(name: name), at: 0)
    }

    func renameTrip(id: Trip.ID, to name: String) {
        model.renameTrip(id: id, to: name)
    }

    func deleteTrip(id: Trip.ID) {
        model.deleteTrip(id: id)
    }

    func duplicateTrip(id: Trip.ID) -> Trip? {
        model.duplicateTrip(id: id)
    }

    func importReader(for path: String) -> @Sendable () -> Result<[ImportedTrip], ImportError> {
        let url = ExportFile.url(forTyped: path)
        return { Result { () throws(ImportError) in try TripImport.read(contentsOf: url) } }
    }

    func addImported(_ imported: [ImportedTrip], from path: String) -> (trips: [Trip], notes: [String]) {
        let trips = ImportedTrip.newTrips(imported, named: nil)
        model.addTrips(trips, "import \(ExportFile.url(forTyped: path).lastPathComponent)")
        return (trips, imported.flatMap(\.notes))
    }

    func regions() -> [RegionShelf.Installed] {
        shelf?.installed() ?? []
    }

    var regionsFolder: String { shelf?.directory.path ?? "" }

    func regionImporter(for path: String) -> @Sendable (BusyProgress) -> Result<RegionInfo, RegionError> {
        let file = ExportFile.url(forTyped: path).path
        // The built-in towns, whose countries and regions the new places take: the library's first index.
        let towns = (try? places.value.get() as? PlaceLibrary)?.indexes.first
        let shelf = shelf
        return { progress in
            Result { () throws(RegionError) in
                guard let shelf else { throw RegionError.cannotWrite(path: file, reason: "no regions folder is set up here") }
                var job = try RegionImport(file: file, shelf: shelf, towns: towns)
                job.isCancelled = { progress.isCancelled }
                job.progress = { progress.say($0.text) }
                return try job.run()
            }
        }
    }

    func removeRegion(_ name: String) throws(RegionError) {
        guard let shelf else { throw RegionError.noSuchRegion(name, known: []) }
        try shelf.remove(name)
    }

    func roadJoiner() -> (@Sendable (BusyProgress) -> String?)? {
        guard let shelf, RoadJoin.isNeeded(on: shelf) else { return nil }
        return { progress in
            var join = RoadJoin(shelf: shelf)
            join.isCancelled = { progress.isCancelled }
            join.progress = { progress.say($0.text) }
            return RoadJoin.sentence(Result { () throws(RegionError) in try join.run() })
        }
    }

    func regionsChanged() {
        places.reload()
        roadLegs.reload()
    }

    func reverseStops(ofTrip id: Trip.ID) {
        model.reverseStops(inTrip: id)
    }
}
