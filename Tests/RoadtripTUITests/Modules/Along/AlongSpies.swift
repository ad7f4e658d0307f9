import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Terminal
import RoadtripTestSupport

@MainActor
final class AlongViewSpy: AlongViewInput {
    var displayed: [AlongViewModel] = []
    var last: AlongViewModel? { displayed.last }
    func display(_ viewModel: AlongViewModel) { displayed.append(viewModel) }
    var basemaps = 0
    func showBasemap(_ basemap: (any BasemapProviding)?) { basemaps += 1 }
}

/// The searches and detours asked for, answered when the test says (`answer`, `route`).
@MainActor
final class AlongInteractorSpy: AlongInteractorInput {
    struct Search {
        let kinds: Set<AlongKind>
        let reach: Double
        let day: Int?
        let done: @MainActor (AlongFinding) -> Void
    }

    let subject: CurrentValueSubject<Trip?, Never>
    let roadSubject = PassthroughSubject<Void, Never>()
    var searches: [Search] = []
    var detoursAsked: [(place: String, done: @MainActor (LegFigures) -> Void)] = []
    var detoursCancelled = 0
    var workCancelled = 0
    var added: [(name: String, index: Int)] = []
    var readOnlyReason: String?

    init(trip: Trip?) { subject = CurrentValueSubject(trip) }

    var trip: AnyPublisher<Trip?, Never> { subject.eraseToAnyPublisher() }
    var roadLegChanges: AnyPublisher<Void, Never> { roadSubject.eraseToAnyPublisher() }
    func basemap() -> Result<(any BasemapProviding)?, any Error> { .success(nil) }

    func findPlaces(
        of kinds: Set<AlongKind>, within reach: Double, day: Int?, in trip: Trip, unit: DistanceUnit,
        done: @escaping @MainActor (AlongFinding) -> Void
    ) {
        searches.append(Search(kinds: kinds, reach: reach, day: day, done: done))
    }

    /// The last search finds `found` along a trip of `tripMeters`.
    func answer(_ found: [AlongTheRoute.Found], tripMeters: Double = 11_600) {
        searches.last?.done(AlongFinding(found: found, tripMeters: tripMeters, roads: []))
    }

    func findDetour(to found: AlongTheRoute.Found, in trip: Trip, unit: DistanceUnit, done: @escaping @MainActor (LegFigures) -> Void) {
        detoursAsked.append((found.place.name, done))
    }

    /// Hands the detour asked for `place` its figures.
    func route(_ place: String, _ figures: LegFigures) {
        detoursAsked.first { $0.place == place }?.done(figures)
    }

    func cancelDetours() { detoursCancelled += 1 }

    /// The places kept at each call of `cancelDetours(except:)`; the others' answers never come.
    var detoursKept: [Set<String>] = []
    func cancelDetours(except kept: Set<Place>) {
        let names = Set(kept.map(\.name))
        detoursKept.append(names)
        detoursAsked.removeAll { !names.contains($0.place) }
    }
    func cancelWork() { workCancelled += 1 }

    func addStop(_ place: Place, at index: Int) -> Stop.ID? {
        added.append((place.name, index))
        return Fixtures.uuid(99)
    }

    func undo() -> String? { "add stop Càmping Valira" }
    func redo() -> String? { nil }
    func save() throws(DataFileError) -> String { "/data/trips.json" }
}

@MainActor
final class AlongRouterSpy: AlongRouterInput {
    var closed = 0
    var helpShown = 0
    func closeAlong() { closed += 1 }
    func openHelp() { helpShown += 1 }
}

@MainActor
final class AlongOutputSpy: AlongModuleOutput {
    var added: [(stopID: Stop.ID, summary: String)] = []
    func alongDidAddStop(stopID: Stop.ID, summary: String) { added.append((stopID, summary)) }
}

@MainActor
final class AlongPresenterSpy: AlongViewOutput, RecordsIntents {
    var intents: [String] = []
    /// The rows the view said it shows, each time it said so.
    var shownRows: [Range<Int>] = []
    func didLoad() { intents.append("load") }
    func didShowRows(_ rows: Range<Int>) { shownRows.append(rows) }
    func didSelect(row: Int) { intents.append("select \(row)") }
    func didToggle(_ kind: AlongKind) { intents.append("toggle \(kind.rawValue)") }
    func didChangeReach(by steps: Int) { intents.append("reach \(steps)") }
    func didPressAddStop(row: Int) { intents.append("add \(row)") }
    func didPressUndo() { intents.append("undo") }
    func didPressRedo() { intents.append("redo") }
    func didPressSave() { intents.append("save") }
    func didPressHelp() { intents.append("help") }
    func didPressBack() { intents.append("back") }
}

/// Andorra la Vella → Ordino, and what lies along it.
enum AlongFixtures {
    static var valley: Trip {
        Trip(
            id: Fixtures.uuid(37), name: "Valley",
            stops: [
                Stop(id: Fixtures.uuid(371), name: "Andorra la Vella", location: Coordinate(latitude: 42.5078, longitude: 1.5211)),
                Stop(id: Fixtures.uuid(372), name: "Ordino", location: Coordinate(latitude: 42.5562, longitude: 1.5332)),
            ])
    }

    static func place(_ name: String, _ kind: PlaceKind, _ latitude: Double, _ longitude: Double) -> Place {
        Place(
            name: name, admin1: "Andorra", admin1Code: "", country: "Andorra", countryCode: "AD",
            coordinate: Coordinate(latitude: latitude, longitude: longitude), population: 0, kind: kind, source: "andorra")
    }

    static let camp = place("Càmping Valira", .campSite, 42.5070, 1.5310)
    static let museum = place("Casa d'Areny-Plandolit", .museum, 42.5555, 1.5335)
    /// A peak: no kind of the panel's.
    static let peak = place("Casamanya", .peak, 42.5350, 1.5530)

    /// `place` `off` meters east of the road (its foot that far west of it), `meters` along the trip.
    static func found(_ place: Place, meters: Double, off: Double, leg: Int = 0, day: Int? = 1) -> AlongTheRoute.Found {
        let foot = Coordinate(
            latitude: place.coordinate.latitude,
            longitude: place.coordinate.longitude - off / (111_195 * cos(place.coordinate.latitude * .pi / 180)))
        return AlongTheRoute.Found(
            place: place,
            position: TripLine.Position(
                meters: meters, leg: leg, shareOfLeg: meters / 11_600, offMeters: off,
                onTheLeft: false, foot: foot), alongAnEstimate: false, day: day)
    }

    static let along = [found(camp, meters: 900, off: 800), found(museum, meters: 11_300, off: 60)]
}
