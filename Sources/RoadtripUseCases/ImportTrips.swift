import Foundation
import RoadtripCore
import RoadtripStore

/// Adding the trips of a GPX, GeoJSON, KML or trips file, once for both front ends: the file
/// read (on any thread: the planner reads it off the main loop), then its trips added at the top
/// of the list, each with an id of its own, as one change (one `u` takes them all back).
package struct ImportTrips: Sendable {
    /// The file, as typed: `~/` is the home, a relative path the current folder's.
    package let url: URL

    package init(path: String) {
        url = ExportFile.url(forTyped: path)
    }

    /// The trips in the file; an `ImportError` names the line and column of what cannot be read.
    package func read() throws(ImportError) -> [ImportedTrip] {
        try TripImport.read(contentsOf: url)
    }

    /// Adds `imported` to `model` (named `name`, numbered when the file held several; else as
    /// the file names them), a name in use numbered as `new --force` numbers it ("Wachau (2)",
    /// issue 56: one name per trip); returns the new trips and what the reading noted.
    @MainActor
    package func add(_ imported: [ImportedTrip], named name: String? = nil, to model: DataModel) -> (trips: [Trip], notes: [String]) {
        var names = model.trips.map(\.name), renamed: [String] = []
        let trips = ImportedTrip.newTrips(imported, named: name).map { trip in
            var trip = trip
            let unused = Trip.unusedName(trip.name, among: names)
            if unused != trip.name { renamed.append("A trip is already named \(TripText.quoted(trip.name)): this one is \(TripText.quoted(unused)).") }
            trip.name = unused
            names.append(unused)
            return trip
        }
        model.addTrips(trips, "import \(url.lastPathComponent)")
        return (trips, imported.flatMap(\.notes) + renamed)
    }
}
