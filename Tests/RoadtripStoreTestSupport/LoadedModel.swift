import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripTestSupport

extension DataModel {
    /// A model over `trips.json` in `directory`, loaded (and locked) with `trips` as a first run
    /// would seed it: what interactor, router, assembly and main-loop tests start from. Its
    /// autosaves and journal writes wait on a manual runner until the test runs them.
    package static func loaded(with trips: [Trip], in directory: TemporaryDirectory) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: directory.file("trips.json")), runner: ManualRunner())
        try model.load { trips }
        return model
    }
}
