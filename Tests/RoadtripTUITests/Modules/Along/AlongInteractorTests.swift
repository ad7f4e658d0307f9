import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The interactor on a real DataModel over a temporary file, its work on the model's manual
/// runner: the search and the detours run only when the test says.
@MainActor
@Suite struct AlongInteractorTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let runner: ManualRunner
    static let places = FakePlaces([AlongFixtures.camp, AlongFixtures.museum, AlongFixtures.peak])

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: [AlongFixtures.valley], in: directory)
        runner = try #require(model.runner as? ManualRunner)
    }

    func interactor(roadLegs: RoadLegs = .none) -> AlongInteractor {
        AlongInteractor(
            tripID: AlongFixtures.valley.id, model: model, places: .fixed(Self.places), roadLegs: roadLegs,
            today: { LocalDay(year: 2026, month: 7, day: 1) })
    }

    @Test func thePlacesOfTheKindsAreFoundOffTheMainLoopInTheOrderTheyCome() {
        var findings: [AlongFinding] = []
        interactor().findPlaces(of: Set(AlongKind.allCases), within: 2_000, day: nil, in: AlongFixtures.valley, unit: .km) { findings.append($0) }
        #expect(findings.isEmpty && runner.queuedNames == ["along"])
        runner.runAll()
        let found = findings.first?.found ?? []
        #expect(found.map(\.place.name) == ["Càmping Valira", "Casa d'Areny-Plandolit"], "not the peak, no kind of the panel's")
        #expect(found.allSatisfy { $0.day == 1 && $0.alongAnEstimate && $0.position.leg == 0 }, "no region: along the estimate's arc")
        #expect(abs((found.first?.position.offMeters ?? 0) - 820) < 60)
        #expect(findings.first?.roads == [] && (findings.first?.tripMeters ?? 0) > 5_000)
    }

    @Test func aDayOfThePlanAndTheKindsNarrowTheSearch() {
        var findings: [AlongFinding] = []
        let interactor = interactor()
        interactor.findPlaces(of: [.camping], within: 2_000, day: 1, in: AlongFixtures.valley, unit: .km) { findings.append($0) }
        interactor.findPlaces(of: [.sights], within: 2_000, day: 2, in: AlongFixtures.valley, unit: .km) { findings.append($0) }
        runner.runAll()
        // The first search was superseded by the second before it ran: one answer, the second's.
        #expect(findings.count == 1 && findings.first?.found.isEmpty == true, "no day 2 in a trip of 12 km")
        #expect(findings.first?.refusal == "“Valley” is planned over 1 day; there is no day 2", "as `roadtrip along --day 2` says (issue 57)")
        interactor.findPlaces(of: [.camping], within: 2_000, day: 1, in: AlongFixtures.valley, unit: .km) { findings.append($0) }
        runner.runAll()
        #expect(findings.last?.found.map(\.place.name) == ["Càmping Valira"])
    }

    /// Issue 57: a trip too large to plan is refused as `roadtrip along` refuses it (`FindAlong`),
    /// where the planner used to list the places without their days.
    @Test func aTripTooLargeToPlanIsRefusedWithTheCommandLinesSentence() throws {
        var trip = AlongFixtures.valley
        trip.stops = (0...TripPlanning.maximumStops).map { _ in AlongFixtures.valley.stops[0] }
        var findings: [AlongFinding] = []
        interactor().findPlaces(of: Set(AlongKind.allCases), within: 2_000, day: nil, in: trip, unit: .km) { findings.append($0) }
        runner.runAll()
        let refusal = try #require(findings.first?.refusal)
        #expect(refusal == TripPlanning.tooLargeToPlan(trip) && refusal.hasPrefix("“Valley” has 100,001 stops") && findings.first?.found.isEmpty == true)
    }

    @Test func enterInsertsThePlaceAtItsIndexInOneUndoStep() throws {
        let interactor = interactor()
        let id = try #require(interactor.addStop(AlongFixtures.camp, at: 1))
        let stops = try #require(model.trip(id: AlongFixtures.valley.id)?.stops)
        #expect(stops.map(\.name) == ["Andorra la Vella", "Càmping Valira", "Ordino"] && stops[1].id == id)
        #expect(stops[1].location == AlongFixtures.camp.coordinate && stops[1].region == "Andorra" && stops[1].country == "Andorra")
        #expect(interactor.undo() == "add stop Càmping Valira")
        #expect(model.trip(id: AlongFixtures.valley.id)?.stops.map(\.name) == ["Andorra la Vella", "Ordino"])
        #expect(interactor.addStop(AlongFixtures.camp, at: 2) == nil && interactor.addStop(AlongFixtures.camp, at: 0) == nil, "only between two stops")
    }

    @Test func theDetourIsRoutedOnTheRoadsLaneWhereARegionHasRoads() throws {
        let routing = FakeRouting { from, to, _, _ in .road(RoutedLeg(meters: 900, seconds: 90, line: [from, to], region: "andorra")) }
        let roads = RoadLegs(runner: runner) { routing }
        let found = AlongFixtures.along[0]
        var figures: [LegFigures] = []
        interactor(roadLegs: roads).findDetour(to: found, in: AlongFixtures.valley, unit: .km) { figures.append($0) }
        #expect(figures.isEmpty && runner.queued.map(\.lane) == ["roads"])
        runner.runAll()
        #expect(figures == [LegFigures(meters: 1_800, seconds: 180, source: .road)])
        // Without roads, the estimate there and back.
        interactor().findDetour(to: found, in: AlongFixtures.valley, unit: .km) { figures.append($0) }
        runner.runAll()
        #expect(figures.last?.source == .estimate && (figures.last?.meters ?? 0) > 0)
    }

    @Test func closingDropsTheWorkUnderWay() {
        let interactor = interactor()
        var answers = 0
        interactor.findPlaces(of: Set(AlongKind.allCases), within: 2_000, day: nil, in: AlongFixtures.valley, unit: .km) { _ in answers += 1 }
        interactor.findDetour(to: AlongFixtures.along[0], in: AlongFixtures.valley, unit: .km) { _ in answers += 1 }
        interactor.cancelWork()
        runner.runAll()
        #expect(answers == 0)
    }
}
