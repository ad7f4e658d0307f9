import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore

/// The trip list's use cases, on the shared `DataModel`.
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

    func reverseStops(ofTrip id: Trip.ID) {
        model.reverseStops(inTrip: id)
    }

    func runBusy(_ task: BusyTask) {
        services.runBusy(task)
    }
}
