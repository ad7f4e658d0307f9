import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import ScreenModels
import Terminal
import RoadtripTestSupport

@MainActor
final class ItineraryViewSpy: ItineraryViewInput {
    var displayed: [ItineraryViewModel] = []
    var last: ItineraryViewModel? { displayed.last }
    func display(_ viewModel: ItineraryViewModel) { displayed.append(viewModel) }
}

/// A trip in a subject, planned in Chicago's zone from 1 July 2026.
@MainActor
final class ItineraryInteractorSpy: ItineraryInteractorInput {
    let subject: CurrentValueSubject<Trip?, Never>
    var undoDescription: String?
    var readOnlyReason: String?
    /// Where the planner looks for a night's place; none by default.
    var places: (any PlaceIndex)?
    /// Each `addStop`: the place's name, the stop it goes after, and whether with a night.
    var stopsAdded: [(name: String, after: Int, night: Bool)] = []
    /// The nights of `stopsAdded`.
    var nightsAdded: [(name: String, after: Int)] { stopsAdded.filter(\.night).map { ($0.name, $0.after) } }

    /// The fill-ups the plan says, as given.
    var fuelStops: [FuelStops.Note] = []

    init(trip: Trip?) { subject = CurrentValueSubject(trip) }

    var trip: AnyPublisher<Trip?, Never> { subject.eraseToAnyPublisher() }
    let roadSubject = PassthroughSubject<Void, Never>()
    var roadLegChanges: AnyPublisher<Void, Never> { roadSubject.eraseToAnyPublisher() }

    func itinerary(for trip: Trip, unit: DistanceUnit) -> Itinerary {
        let zones = Array(repeating: TimeZone(identifier: "America/Chicago")!, count: trip.stops.count)
        var planner = ItineraryPlanner(
            stops: trip.stops, legMeters: TripRoute(trip).legMeters, estimate: RouteEstimate(for: trip, unit: unit),
            settings: trip.settings, timeZones: zones, today: LocalDay(year: 2026, month: 7, day: 1))
        planner.overnightPlaces = places.map(OvernightPlaces.init(places:))
        var itinerary = planner.plan()
        itinerary.fuelStops = fuelStops
        return itinerary
    }

    func addStop(_ place: Place, after index: Int, night: Bool) -> StatusMessage {
        stopsAdded.append((place.name, index, night))
        return StatusMessage("Added \(place.name).")
    }

    func undo() -> String? { undoDescription }
    func redo() -> String? { nil }
    func save() throws(DataFileError) -> String { "/data/trips.json" }
}

@MainActor
final class ItineraryRouterSpy: ItineraryRouterInput {
    var closed = 0
    var helpShown = 0
    func closeItinerary() { closed += 1 }
    func openHelp() { helpShown += 1 }
    /// The day of each `openAlong`.
    var alongDays: [Int] = []
    func openAlong(day: Int, output: AlongModuleOutput) { alongDays.append(day) }
}

@MainActor
final class ItineraryPresenterSpy: ItineraryViewOutput, RecordsIntents {
    var intents: [String] = []
    /// Set by `answerSelections`; nil, a selection is recorded and not answered.
    private var answer: ((Int) -> Void)?

    /// Answers each selection as the presenter does: `view` is shown `viewModel` with that line selected.
    func answerSelections(in view: ItineraryViewInput, showing viewModel: ItineraryViewModel) {
        answer = selectionAnswer(showing: viewModel, row: \.selectedRow) { [weak view] in view?.display($0) }
    }

    func didLoad() { intents.append("load") }
    func didSelect(row: Int) {
        intents.append("select \(row)")
        answer?(row)
    }
    func didPressUndo() { intents.append("undo") }
    func didPressRedo() { intents.append("redo") }
    func didPressSave() { intents.append("save") }
    func didPressHelp() { intents.append("help") }
    func didPressBack() { intents.append("back") }
    func didPressAddNight(row: Int) { intents.append("night \(row)") }
    func didPressAlong(row: Int) { intents.append("along \(row)") }
}

enum ItineraryFixtures {
    /// Chicago → Springfield → St. Louis → Joplin: about 4 h 20 min, 2 h 10 min and 6 h 30 min at the defaults.
    static var route66: Trip {
        Trip(
            id: Fixtures.uuid(66), name: "Route 66",
            stops: [
                Stop(id: Fixtures.uuid(661), name: "Chicago", location: Coordinate(latitude: 41.8781, longitude: -87.6298)),
                Stop(id: Fixtures.uuid(662), name: "Springfield", location: Coordinate(latitude: 39.7817, longitude: -89.6501)),
                Stop(id: Fixtures.uuid(663), name: "St. Louis", location: Coordinate(latitude: 38.627, longitude: -90.1994)),
                Stop(id: Fixtures.uuid(664), name: "Joplin", location: Coordinate(latitude: 37.0842, longitude: -94.5133)),
            ])
    }
}
