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

    func importTrips(from path: String) throws(ImportError) -> (trips: [Trip], notes: [String]) {
        let url = ExportFile.url(forTyped: path)
        let imported = try TripImport.read(contentsOf: url)
        let trips = ImportedTrip.newTrips(imported, named: nil)
        model.addTrips(trips, "import \(url.lastPathComponent)")
        return (trips, imported.flatMap(\.notes))
    }

    func reverseStops(ofTrip id: Trip.ID) {
        model.reverseStops(inTrip: id)
    }
}
