import Foundation
@preconcurrency import OpenCombine
import RoadtripCore
import RoadtripStore

/// The trip list's use cases, on the shared `DataModel`.
@MainActor
final class TripListInteractor: TripListInteractorInput, ModelEditingSession {
    let model: DataModel

    init(model: DataModel) {
        self.model = model
    }

    var trips: AnyPublisher<[Trip], Never> {
        model.$trips.eraseToAnyPublisher()
    }

    func addTrip() -> Trip {
        model.addTrip(Trip(name: Trip.defaultName), at: 0)
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
}
