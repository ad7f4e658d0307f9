import RoadtripCore
import RoadtripStore

/// The changes a user makes to one trip, once for both front ends: renaming it, its settings,
/// adding, moving and removing stops, reversing, copying and deleting it (the planner's keys and
/// forms; `roadtrip rename`, `set`, `add-stop`, `move-stop`, `remove-stop`, `delete`). Each is one
/// described change of the model: the planner's `u` undoes it, the command line saves it.
@MainActor
package struct EditTrip {
    private let model: DataModel
    private let tripID: Trip.ID

    package init(_ tripID: Trip.ID, in model: DataModel) {
        self.tripID = tripID
        self.model = model
    }

    /// The trip as it is now; nil once it no longer exists.
    package var trip: Trip? { model.trip(id: tripID) }

    // MARK: The trip

    /// Why `name` is refused for this trip (another trip has it), or nil when it is free.
    package func refusal(ofName name: String) -> NameInUse? {
        TripNames(model: model, except: tripID).refusal(of: name, for: .renaming)
    }

    /// Renames the trip; renames with the same `session` in a row (a name typed key by key) are
    /// undone as one. Refused, nothing renamed, when another trip has the name.
    package func rename(to name: String, session: String? = nil) throws(NameInUse) {
        if let refusal = refusal(ofName: name) { throw refusal }
        model.renameTrip(id: tripID, to: name, session: session)
    }

    package func changeSettings(to settings: TripSettings) {
        model.updateTrip(id: tripID, "change the settings") { $0.settings = settings }
    }

    /// The time zone of the first stop, the default of the start's (the settings form's and `set`'s).
    package func firstStopTimeZone(places: PlaceIndexProvider) -> String? {
        guard let first = trip?.stops.first, let places = try? places.value.get() else { return nil }
        return places.nearest(to: first.location)?.zone?.identifier
    }

    package func reverseStops() {
        model.reverseStops(inTrip: tripID)
    }

    /// A copy just after it, “Pacific Drive (copy)” or the first free name like that; nil when
    /// it no longer exists.
    package func duplicate() -> Trip? {
        guard let trip else { return nil }
        return model.duplicateTrip(id: tripID, named: TripNames(model: model).unused(Trip.copyName(of: trip.name)))
    }

    package func delete() {
        model.deleteTrip(id: tripID)
    }

    // MARK: Its stops

    package func insertStop(_ stop: Stop, at index: Int) {
        model.insertStop(stop, inTrip: tripID, at: index)
    }

    package func updateStop(_ stop: Stop) {
        model.updateStop(stop, inTrip: tripID)
    }

    package func removeStop(id: Stop.ID) {
        model.deleteStop(id: id, inTrip: tripID)
    }

    /// Moves a stop `offset` places; false when that would leave the list.
    package func moveStop(id: Stop.ID, by offset: Int) -> Bool {
        model.moveStop(id: id, inTrip: tripID, by: offset)
    }
}
