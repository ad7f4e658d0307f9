import Foundation
import RoadtripCore
import RoadtripStore

/// Finds places and writes the stop; knows the trip, not the screen.
@MainActor
final class WaypointInteractor: WaypointInteractorInput {
    static let resultLimit = 50

    private let model: DataModel
    private let tripID: Trip.ID
    private let places: PlaceIndexProvider
    private let mapCentre: Coordinate?
    private let basemapProvider: BasemapProvider

    init(tripID: Trip.ID, model: DataModel, places: PlaceIndexProvider, mapCentre: Coordinate? = nil, basemap: BasemapProvider = .unavailable) {
        self.tripID = tripID
        self.model = model
        self.places = places
        self.mapCentre = mapCentre
        self.basemapProvider = basemap
    }

    func basemap() -> Result<(any BasemapProviding)?, any Error> {
        basemapProvider.forMap
    }

    func lookUp(_ text: String, for mode: WaypointEditorMode) -> PlaceFinder.Lookup {
        PlaceFinder(places: places).lookUp(text, limit: Self.resultLimit, near: searchContext(for: mode))
    }

    /// Where the stop will be: between the stops before and after it, which search results are
    /// ranked by distance from; in a trip without stops, around where the user moved the map.
    func searchContext(for mode: WaypointEditorMode) -> SearchContext? {
        guard let stops = model.trip(id: tripID)?.stops else { return nil }
        let neighbours: ArraySlice<Stop>
        switch mode {
        case .add(let index):
            let place = min(max(index, 0), stops.count)
            neighbours = stops[max(place - 1, 0)..<min(place + 1, stops.count)]
        case .edit(let id):
            guard let place = stops.firstIndex(where: { $0.id == id }) else { return nil }
            neighbours = (stops[max(place - 1, 0)..<place] + stops[min(place + 1, stops.count)..<min(place + 2, stops.count)])[...]
        }
        return SearchContext(neighbours.map(\.location)) ?? mapCentre.flatMap { SearchContext([$0]) }
    }

    var tripName: String { model.trip(id: tripID)?.name ?? "" }

    func stop(id: Stop.ID) -> Stop? {
        model.trip(id: tripID)?.stops.first { $0.id == id }
    }

    func previousStop(for mode: WaypointEditorMode) -> Stop? {
        guard let stops = model.trip(id: tripID)?.stops else { return nil }
        switch mode {
        case .add(let index):
            return index > 0 && index <= stops.count ? stops[index - 1] : nil
        case .edit(let id):
            guard let index = stops.firstIndex(where: { $0.id == id }), index > 0 else { return nil }
            return stops[index - 1]
        }
    }

    func stopNumber(for mode: WaypointEditorMode) -> Int {
        switch mode {
        case .add(let index): return index + 1
        case .edit(let id): return (model.trip(id: tripID)?.stops.firstIndex { $0.id == id } ?? 0) + 1
        }
    }

    func distance(from: Coordinate, to: Coordinate) -> Double {
        Geodesy.distance(from: from, to: to)
    }

    func insertStop(_ stop: Stop, at index: Int) {
        model.insertStop(stop, inTrip: tripID, at: index)
    }

    func updateStop(_ stop: Stop) {
        model.updateStop(stop, inTrip: tripID)
    }
}
