import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripUseCases

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

    func placement(for mode: WaypointEditorMode) -> WaypointPlacement {
        var editedStop: Stop?
        if case .edit(let id) = mode { editedStop = stop(id: id) }
        return WaypointPlacement(
            tripName: tripName, editedStop: editedStop, previousStop: previousStop(for: mode),
            stopNumber: stopNumber(for: mode), searchContext: searchContext(for: mode))
    }

    func lookUp(_ text: String, near context: SearchContext?) -> PlaceFinder.Lookup {
        PlaceFinder(places: places, borders: basemapProvider).lookUp(text, limit: Self.resultLimit, near: context)
    }

    func isOwnName(_ name: String, at coordinate: Coordinate) -> Bool {
        PlaceFinder(places: places).isOwnName(name, at: coordinate)
    }

    func searchProblem() -> String? {
        (try? places.value.get())?.problems.first
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

    /// The stop the new or edited stop comes after.
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

    /// The stop's number in the trip (from 1) once added or as it is.
    func stopNumber(for mode: WaypointEditorMode) -> Int {
        switch mode {
        case .add(let index): return index + 1
        case .edit(let id): return (model.trip(id: tripID)?.stops.firstIndex { $0.id == id } ?? 0) + 1
        }
    }

    func distance(from: Coordinate, to: Coordinate) -> Double {
        Geodesy.distance(from: from, to: to)
    }

    /// When a stop at `coordinate` would be far out of line with the trip (the rule `roadtrip new`
    /// has: `OutOfLine`), how far it is from its nearest neighbour, and that neighbour's name.
    func outOfLine(_ coordinate: Coordinate, for mode: WaypointEditorMode) -> (meters: Double, neighbour: String)? {
        guard var stops = model.trip(id: tripID)?.stops else { return nil }
        let position: Int
        switch mode {
        case .add(let index):
            position = min(max(index, 0), stops.count)
            stops.insert(Stop(name: "", location: coordinate), at: position)
        case .edit(let id):
            guard let index = stops.firstIndex(where: { $0.id == id }) else { return nil }
            position = index
            stops[index].location = coordinate
        }
        guard OutOfLine.stops(stops.map(\.location)).contains(where: { $0.index == position }) else { return nil }
        let neighbours = [position - 1, position + 1].filter(stops.indices.contains).map { stops[$0] }
        return neighbours.map { (Geodesy.distance(from: $0.location, to: coordinate), $0.name) }.min { $0.0 < $1.0 }
    }

    func insertStop(_ stop: Stop, at index: Int) {
        EditTrip(tripID, in: model).insertStop(stop, at: index)
    }

    func updateStop(_ stop: Stop) {
        EditTrip(tripID, in: model).updateStop(stop)
    }
}
