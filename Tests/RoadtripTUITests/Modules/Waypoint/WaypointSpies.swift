import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI

@MainActor
final class WaypointViewSpy: WaypointViewInput {
    var displayed: [WaypointViewModel] = []
    var filled: (place: String, name: String, notes: String)?
    var last: WaypointViewModel? { displayed.last }
    func display(_ viewModel: WaypointViewModel) { displayed.append(viewModel) }
    var basemaps: [(any BasemapProviding)?] = []
    func showBasemap(_ basemap: (any BasemapProviding)?) { basemaps.append(basemap) }
    var filledStay: (stay: String, overnight: Bool)?
    func fill(place: String, name: String, notes: String, stay: String, overnight: Bool) {
        filled = (place, name, notes)
        filledStay = (stay, overnight)
    }
}

@MainActor
final class WaypointInteractorSpy: WaypointInteractorInput {
    var trip: Trip
    var lookups: [String: PlaceFinder.Lookup] = [:]
    var inserted: [(Stop, Int)] = []
    var updated: [Stop] = []

    init(trip: Trip) { self.trip = trip }

    /// How many times the presenter asked where the stop sits (once, as the editor opens).
    var placementsAsked = 0
    func placement(for mode: WaypointEditorMode) -> WaypointPlacement {
        placementsAsked += 1
        var placement = WaypointPlacement(tripName: trip.name)
        switch mode {
        case .add(let index):
            placement.previousStop = index > 0 ? trip.stops[index - 1] : nil
            placement.stopNumber = index + 1
        case .edit(let id):
            placement.editedStop = stop(id: id)
            if let index = trip.stops.firstIndex(where: { $0.id == id }), index > 0 { placement.previousStop = trip.stops[index - 1] }
        }
        return placement
    }

    func lookUp(_ text: String, near context: SearchContext?) -> PlaceFinder.Lookup { lookups[text] ?? (text.isEmpty ? .empty : .places([])) }
    /// What `searchProblem` answers.
    var problem: String?
    func searchProblem() -> String? { problem }
    /// The names `isOwnName` says are their places' own.
    var ownNames: Set<String> = []
    func isOwnName(_ name: String, at coordinate: Coordinate) -> Bool { ownNames.contains(name) }
    func stop(id: Stop.ID) -> Stop? { trip.stops.first { $0.id == id } }

    func distance(from: Coordinate, to: Coordinate) -> Double { Geodesy.distance(from: from, to: to) }
    /// What `outOfLine` answers for every place (nil: nothing is out of line).
    var outOfLineAnswer: (meters: Double, neighbour: String)?
    func outOfLine(_ coordinate: Coordinate, for mode: WaypointEditorMode) -> (meters: Double, neighbour: String)? { outOfLineAnswer }
    func insertStop(_ stop: Stop, at index: Int) { inserted.append((stop, index)) }
    var basemapResult: Result<(any BasemapProviding)?, any Error> = .success(nil)
    func basemap() -> Result<(any BasemapProviding)?, any Error> { basemapResult }
    func updateStop(_ stop: Stop) { updated.append(stop) }
}

@MainActor
final class WaypointRouterSpy: WaypointRouterInput {
    var closed = 0
    var helpShown = 0
    func closeEditor() { closed += 1 }
    func openHelp() { helpShown += 1 }
}

@MainActor
final class WaypointOutputSpy: WaypointModuleOutput {
    var saved: [(Stop.ID, String)] = []
    func waypointEditorDidSave(stopID: Stop.ID, summary: String) { saved.append((stopID, summary)) }
}

@MainActor
final class WaypointPresenterSpy: WaypointViewOutput {
    var intents: [String] = []
    func didLoad() { intents.append("load") }
    func didChangePlace(_ text: String) { intents.append("place \(text)") }
    func didChangeName(_ text: String) { intents.append("name \(text)") }
    func didReachNameLengthLimit() { intents.append("name full") }
    func didChangeNotes(_ text: String) { intents.append("notes \(text)") }
    func didChangeStay(_ text: String) { intents.append("stay \(text)") }
    func didChangeOvernight(_ overnight: Bool) { intents.append("overnight \(overnight)") }
    func didSelectResult(_ row: Int) { intents.append("select \(row)") }
    func didPressConfirm() { intents.append("confirm") }
    /// What `didRequestQuit` answers.
    var mayQuit = true
    func didRequestQuit(_ request: QuitRequest) -> Bool {
        intents.append("quit \(request)")
        return mayQuit
    }
    func didPressCancel() { intents.append("cancel") }
    func didPressHelp() { intents.append("help") }
}
