import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing

/// The undo history keeps changes, not copies: what it stores, and that undoing and redoing any
/// sequence of changes gives back every state exactly.
@Suite struct HistoryTests {
    static func trip(_ name: String, stops: Int, random: inout SeededRandom) -> Trip {
        Trip(
            name: name,
            stops: (0..<stops).map { index in
                Stop(
                    name: "\(name) \(index)",
                    location: Coordinate(
                        latitude: Double.random(in: -80...80, using: &random),
                        longitude: Double.random(in: -180...180, using: &random)))
            })
    }

    @Test func aMoveInALongTripKeepsTwoStopsNotTheTrip() {
        var random = SeededRandom(seed: 1)
        var trips = [Self.trip("Other", stops: 10, random: &random), Self.trip("Long", stops: 5_000, random: &random)]
        var states = [trips]
        var history = History()
        for move in 0..<250 {
            var after = trips
            after[1].stops.swapAt(move, move + 1)
            history.record("move stop", before: trips, after: after, coalescingKey: nil)
            trips = after
            states.append(trips)
        }
        // 200 changes of two stops each, not 200 copies of 5,000 stops.
        #expect(history.undoEntries.count == History.limit)
        #expect(history.storedStops == 2 * History.limit)
        while let step = history.undo(current: trips) { trips = step.trips }
        let backToTheOldestKept = trips == states[250 - History.limit]
        #expect(backToTheOldestKept)
        // Redo entries are changes too.
        #expect(history.storedStops == 2 * History.limit)
    }

    /// Whether `change` tells the truth about `before` becoming `after`: the trips outside its
    /// run are the same trips at the same places (from the end, moved), and a trip it says was
    /// edited in place is at its place in both, its stops outside their run the same.
    static func change(_ change: TripsChange, turns before: [Trip], into after: [Trip]) -> Bool {
        let run = change.trips
        guard run.oldCount == before.count, run.newCount == after.count,
            before.prefix(run.head) == after.prefix(run.head), before.suffix(run.tail) == after.suffix(run.tail)
        else { return false }
        return change.stops.allSatisfy { id, stops in
            guard let place = after.firstIndex(where: { $0.id == id }), run.new.contains(place), before.indices.contains(place),
                before[place].id == id
            else { return false }
            let old = before[place].stops, new = after[place].stops
            return stops.oldCount == old.count && stops.newCount == new.count
                && old.prefix(stops.head) == new.prefix(stops.head) && old.suffix(stops.tail) == new.suffix(stops.tail)
        }
    }

    @Test func aMoveSaysWhichStopsAndNothingElse() throws {
        var random = SeededRandom(seed: 3)
        let trips = [Self.trip("Other", stops: 10, random: &random), Self.trip("Long", stops: 5_000, random: &random)]
        var after = trips
        after[1].stops.swapAt(250, 251)
        var history = History()
        let recorded = history.record("move stop", before: trips, after: after, coalescingKey: nil)
        let change = try #require(recorded)
        #expect(change.trips == RunChange(head: 1, tail: 0, oldCount: 2, newCount: 2))
        #expect(change.stops == [trips[1].id: RunChange(head: 250, tail: 5_000 - 252, oldCount: 5_000, newCount: 5_000)])
        let step = history.undo(current: after)
        let undone = try #require(step)
        #expect(undone.change == change.reversed)
    }

    /// The rehearsal of an edit (`History.rehearse`, run on a thread of its own when the
    /// planner starts) shares nothing: several at once beside an edit on this thread leave that
    /// edit's history as it would be alone.
    @Test func rehearsalsBesideAnEditShareNothingWithIt() async throws {
        var random = SeededRandom(seed: 4)
        let trips = [Self.trip("Mine", stops: 30, random: &random)]
        var after = trips
        after[0].stops.swapAt(3, 4)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { History.rehearse() } }
            var history = History()
            let change = history.record("move stop", before: trips, after: after, coalescingKey: nil, onlyAt: 0)
            #expect(change?.stops[trips[0].id] == RunChange(head: 3, tail: 25, oldCount: 30, newCount: 30))
            #expect(history.undoEntries.count == 1 && history.redoEntries.isEmpty)
        }
    }

    /// Told the one trip an edit changed, the history records and publishes what comparing every
    /// trip finds: the same change, the same undo; and nothing when the edit changed nothing.
    @Test func anEditAtAKnownPlaceRecordsWhatComparingFinds() throws {
        var random = SeededRandom(seed: 9)
        let trips = (0..<6).map { Self.trip("Trip \($0)", stops: 40, random: &random) }
        var edits: [(Int, [Trip])] = []
        var moved = trips
        moved[2].stops.swapAt(5, 6)
        edits.append((2, moved))
        var renamed = trips
        renamed[4].name = "Renamed"
        edits.append((4, renamed))
        var replaced = trips
        replaced[0] = Self.trip("Another", stops: 3, random: &random)
        edits.append((0, replaced))
        edits.append((3, trips))
        for (place, after) in edits {
            var told = History(), compared = History()
            let toldChange = told.record("edit", before: trips, after: after, coalescingKey: nil, onlyAt: place)
            let comparedChange = compared.record("edit", before: trips, after: after, coalescingKey: nil)
            #expect(toldChange == comparedChange, "edit at \(place)")
            #expect(told.undo(current: after)?.trips == compared.undo(current: after)?.trips, "edit at \(place)")
        }
    }

    /// The run of stops that changed is found a block of stops at a time, then stop by stop:
    /// the same run as comparing every stop, for runs at and across the blocks' edges, and for a
    /// stop equal to the one before but stored apart (its name in storage of its own).
    @Test func theChangedRunIsTheOneComparingEveryStopFinds() {
        var random = SeededRandom(seed: 21)
        // Names too long to be stored inline in the string: each has storage of its own.
        let base = Self.trip("A trip long enough to store its names apart", stops: 300, random: &random).stops
        for _ in 0..<300 {
            var after = base
            let start = [0, 63, 64, 65, 127, 128, 200, 299][Int.random(in: 0..<8, using: &random)]
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where start + 1 < after.count: after.swapAt(start, start + 1)
            case 1: after.insert(Stop(name: "New", location: Coordinate(latitude: 1, longitude: 2)), at: start)
            case 2: after.removeSubrange(start..<min(after.count, start + Int.random(in: 1...90, using: &random)))
            case 3: after[start].name = "Renamed"
            default: after[start].name = String(after[start].name.utf8.map { Character(UnicodeScalar($0)) }) // equal, stored apart
            }
            let run = RunReplacement(from: base, to: after)
            var head = 0
            while head < min(base.count, after.count), base[head] == after[head] { head += 1 }
            var tail = 0
            while tail < min(base.count, after.count) - head, base[base.count - 1 - tail] == after[after.count - 1 - tail] { tail += 1 }
            #expect(run.range == head..<(base.count - tail))
            #expect(run.applied(to: base) == after)
        }
    }

    /// The history finds what changed by comparing the bytes of stops before `==`: a stop copied
    /// out of a file read must be the same bytes (no padding between Stop's fields), or moving
    /// one stop of 5,000 costs 5,000 calls of `==`.
    @Test func aStopReadAndCopiedIsTheSameBytes() throws {
        let waypoints = (0..<50).map { index in
            #"{"id": "\#(UUID().uuidString)", "name": "Stop \#(index)", "location": {"latitude": \#(index), "longitude": 1}"#
                + (index % 2 == 0 ? #", "overnight": true, "stayHours": 2"# : "") + "}"
        }
        let json = #"{"trips": [{"id": "\#(UUID().uuidString)", "name": "T", "waypoints": [\#(waypoints.joined(separator: ","))]}]}"#
        let read = try #require(TripFileReader.read(Data(json.utf8)))
        let before = read.trips[0].stops
        var after = before
        after.insert(after.remove(at: 0), at: 1)
        let sameBytes = before.withUnsafeBytes { old in
            after.withUnsafeBytes { new in
                (2..<before.count).allSatisfy { index in
                    let offset = index * MemoryLayout<Stop>.stride
                    return memcmp(old.baseAddress! + offset, new.baseAddress! + offset, MemoryLayout<Stop>.size) == 0
                }
            }
        }
        #expect(sameBytes)
    }

    @Test func aDeletedTripIsKeptWhole() {
        var random = SeededRandom(seed: 2)
        let trips = [Self.trip("A", stops: 3, random: &random), Self.trip("B", stops: 4, random: &random)]
        var history = History()
        history.record("delete trip A", before: trips, after: [trips[1]], coalescingKey: nil)
        #expect(history.storedStops == 3)
        #expect(history.undo(current: [trips[1]])?.trips == trips)
    }

    @Test func aRenameKeepsNoStops() {
        var random = SeededRandom(seed: 3)
        let trips = [Self.trip("A", stops: 1_000, random: &random)]
        var renamed = trips
        renamed[0].name = "B"
        var history = History()
        history.record("rename trip A", before: trips, after: renamed, coalescingKey: nil)
        #expect(history.storedStops == 0)
        #expect(history.undo(current: renamed)?.trips == trips)
    }

    @Test func keystrokesOfOneRenameAreOneEntryAndTypingBackLeavesNone() {
        var random = SeededRandom(seed: 4)
        let original = [Self.trip("Coast", stops: 5, random: &random)]
        var history = History()
        var trips = original
        for name in ["Coas", "Coa", "Coast drive"] {
            var after = trips
            after[0].name = name
            history.record("rename trip Coast", before: trips, after: after, coalescingKey: "rename 1")
            trips = after
        }
        #expect(history.undoEntries.count == 1)
        #expect(history.undo(current: trips)?.trips == original)

        var typedBack = History()
        var renamed = original
        renamed[0].name = "Coas"
        typedBack.record("rename trip Coast", before: original, after: renamed, coalescingKey: "rename 2")
        typedBack.record("rename trip Coast", before: renamed, after: original, coalescingKey: "rename 2")
        #expect(typedBack.undoEntries.isEmpty)
    }

    @Test func aChangeThatChangesNothingIsNotRecorded() {
        var random = SeededRandom(seed: 5)
        let trips = [Self.trip("A", stops: 2, random: &random)]
        var history = History()
        history.record("nothing", before: trips, after: trips, coalescingKey: nil)
        #expect(history.undoEntries.isEmpty)
    }

    @Test func theStopsHeldAreBoundedButTheLastChangeCanAlwaysBeUndone() {
        var random = SeededRandom(seed: 6)
        var trips = (0..<3).map { Self.trip("T\($0)", stops: 30_000, random: &random) }
        var history = History()
        for _ in 0..<3 {
            let after = Array(trips.dropFirst())
            history.record("delete trip", before: trips, after: after, coalescingKey: nil)
            trips = after
        }
        #expect(history.undoEntries.count == 1)
        #expect(history.storedStops == 30_000)
    }

    /// Random edits of every kind (add, delete, rename, insert, delete and move stops, a trip
    /// moved, nothing at all), then undo to the start and redo to the end: every state comes back.
    @Test(arguments: 1...20)
    func undoAndRedoGiveBackEveryState(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var trips = (0..<5).map { Self.trip("T\($0)", stops: Int.random(in: 0...8, using: &random), random: &random) }
        var states = [trips]
        var history = History()
        for step in 0..<60 {
            var after = trips
            let index = after.isEmpty ? 0 : Int.random(in: 0..<after.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: after.insert(Self.trip("New \(step)", stops: 3, random: &random), at: min(index, after.count))
            case 1 where !after.isEmpty: after.remove(at: index)
            case 2 where !after.isEmpty: after[index].name += "!"
            case 3 where !after.isEmpty:
                let stop = Self.trip("S", stops: 1, random: &random).stops[0]
                after[index].stops.insert(stop, at: Int.random(in: 0...after[index].stops.count, using: &random))
            case 4 where !after.isEmpty && !after[index].stops.isEmpty:
                after[index].stops.remove(at: Int.random(in: 0..<after[index].stops.count, using: &random))
            case 5 where !after.isEmpty && after[index].stops.count > 1:
                let from = Int.random(in: 0..<after[index].stops.count, using: &random)
                after[index].stops.swapAt(from, Int.random(in: 0..<after[index].stops.count, using: &random))
            case 6 where after.count > 1: after.swapAt(0, index)
            default: break
            }
            let change = history.record("step \(step)", before: trips, after: after, coalescingKey: nil)
            #expect((change == nil) == (after == trips))
            if let change { #expect(Self.change(change, turns: trips, into: after)) }
            if after != trips { states.append(after) }
            trips = after
        }
        var back = [trips]
        while let step = history.undo(current: trips) {
            #expect(Self.change(step.change, turns: trips, into: step.trips))
            trips = step.trips
            back.append(trips)
        }
        let undoneInOrder = Array(back.reversed()) == states
        #expect(undoneInOrder)
        var forward = [trips]
        while let step = history.redo(current: trips) {
            #expect(Self.change(step.change, turns: trips, into: step.trips))
            trips = step.trips
            forward.append(trips)
        }
        let redoneInOrder = forward == states
        #expect(redoneInOrder)
    }
}
