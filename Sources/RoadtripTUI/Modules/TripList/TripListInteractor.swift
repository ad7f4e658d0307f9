import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore
import RoadtripUseCases

/// The trip list's use cases (`EditTrip`, `ImportTrips`, the regions), on the shared `DataModel`.
@MainActor
final class TripListInteractor: TripListInteractorInput, ModelEditingSession {
    let model: DataModel
    private let roadLegs: RoadLegs
    /// Busy work (an import).
    private let services: ProgramServices

    init(model: DataModel, services: ProgramServices, roadLegs: RoadLegs = .none) {
        self.model = model
        self.services = services
        self.roadLegs = roadLegs
    }

    var trips: AnyPublisher<TripsUpdate, Never> {
        model.tripChanges
    }

    var isReadingFile: Bool { model.isReading }

    func knownLegs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures] {
        roadLegs.figures(of: trip, estimate: estimate, lines: false).legs
    }

    var roadLegChanges: AnyPublisher<Void, Never> { roadLegs.changes }

    var offeredName: String { AddTrip(to: model).offeredName }

    func addTrip(named name: String) throws(NameInUse) -> Trip {
        try AddTrip(to: model).add(Trip(name: name), at: 0)
    }

    func renameTrip(id: Trip.ID, to name: String) throws(NameInUse) {
        try EditTrip(id, in: model).rename(to: name)
    }

    func deleteTrip(id: Trip.ID) {
        EditTrip(id, in: model).delete()
    }

    func duplicateTrip(id: Trip.ID) -> Trip? {
        EditTrip(id, in: model).duplicate()
    }

    func importReader(for path: String) -> @Sendable () -> Result<[ImportedTrip], ImportError> {
        let file = ImportTrips(path: path)
        return { Result { () throws(ImportError) in try file.read() } }
    }

    func addImported(_ imported: [ImportedTrip], from path: String) -> (trips: [Trip], notes: [String]) {
        ImportTrips(path: path).add(imported, to: model)
    }

    func reverseStops(ofTrip id: Trip.ID) {
        EditTrip(id, in: model).reverseStops()
    }

    func runBusy(_ task: BusyTask) {
        services.runBusy(task)
    }
}
