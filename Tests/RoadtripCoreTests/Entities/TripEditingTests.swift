import Foundation
@testable import RoadtripCore
import Testing
import RoadtripTestSupport

/// The trip's own editing rules (`Trip+Editing.swift`), on values: no model, no file. What the
/// model adds (one undo step each, its description) is tested with the model (`UndoTests`).
struct TripEditingTests {
    private var trip = Fixtures.pacific
    private var names: [String] { trip.stops.map(\.name) }
    private let carmel = Stop(name: "Carmel", location: Coordinate(latitude: 36.5552, longitude: -121.9233))

    @Test mutating func insertKeepsTheIndexWithinTheList() {
        trip.insertStop(carmel, at: 1)
        #expect(names == ["Monterey", "Carmel", "Big Sur", "Morro Bay"])
        trip.insertStop(Stop(name: "First", location: Fixtures.monterey), at: -5)
        trip.insertStop(Stop(name: "Last", location: Fixtures.morroBay), at: 99)
        #expect(names == ["First", "Monterey", "Carmel", "Big Sur", "Morro Bay", "Last"])
    }

    @Test mutating func updateReplacesTheStopWithTheSameIDOnly() {
        var renamed = trip.stops[1]
        renamed.name = "Big Sur Coast"
        trip.updateStop(renamed)
        #expect(names == ["Monterey", "Big Sur Coast", "Morro Bay"])
        trip.updateStop(carmel)
        #expect(names == ["Monterey", "Big Sur Coast", "Morro Bay"])
    }

    @Test mutating func removeGivesTheStopRemovedOrNil() {
        let bigSur = Fixtures.pacific.stops[1]
        let removed = trip.removeStop(id: bigSur.id)
        #expect(removed == bigSur)
        #expect(names == ["Monterey", "Morro Bay"])
        let removedAgain = trip.removeStop(id: bigSur.id)
        #expect(removedAgain == nil)
        #expect(names == ["Monterey", "Morro Bay"])
    }

    @Test mutating func aMoveThatWouldLeaveTheListIsRefused() {
        let bigSur = Fixtures.pacific.stops[1].id
        let down = trip.moveStop(id: bigSur, by: 1)
        #expect(down)
        #expect(names == ["Monterey", "Morro Bay", "Big Sur"])
        let refused = [
            trip.moveStop(id: bigSur, by: 1), trip.moveStop(id: Fixtures.pacific.stops[0].id, by: -1),
            trip.moveStop(id: carmel.id, by: 0),
        ]
        #expect(refused == [false, false, false])
        #expect(names == ["Monterey", "Morro Bay", "Big Sur"])
        let up = trip.moveStop(id: bigSur, by: -2)
        #expect(up)
        #expect(names == ["Big Sur", "Monterey", "Morro Bay"])
    }

    @Test mutating func reorderTakesExactlyTheTripsStops() {
        let ids = Fixtures.pacific.stops.map(\.id)
        let reordered = trip.reorderStops(to: [ids[2], ids[0], ids[1]])
        #expect(reordered)
        #expect(names == ["Morro Bay", "Monterey", "Big Sur"])
        // An order made before the trip changed: a stop missing, one more, one twice, one unknown.
        let refused = [
            trip.reorderStops(to: [ids[0], ids[1]]), trip.reorderStops(to: ids + [carmel.id]),
            trip.reorderStops(to: [ids[0], ids[0], ids[1]]), trip.reorderStops(to: [ids[0], ids[1], carmel.id]),
        ]
        #expect(refused == [false, false, false, false])
        #expect(names == ["Morro Bay", "Monterey", "Big Sur"])
    }

    @Test mutating func reverseReversesTheStops() {
        trip.reverseStops()
        #expect(names == ["Morro Bay", "Big Sur", "Monterey"])
    }

    @Test func aCopyHasItsOwnIdsAndName() {
        let copy = trip.duplicated()
        #expect(copy.name == "Pacific Drive (copy)")
        #expect(copy.id != trip.id)
        #expect(Set(copy.stops.map(\.id)).isDisjoint(with: trip.stops.map(\.id)))
        #expect(copy.stops.map(\.name) == names)
        #expect(copy.settings == trip.settings)
    }

    @Test func aCopyOfALongNameStaysWithinTheLimit() {
        let name = Trip.copyName(of: String(repeating: "x", count: NameLength.maximum))
        #expect(name.count == NameLength.maximum)
        #expect(name.hasSuffix(" (copy)"))
    }
}
