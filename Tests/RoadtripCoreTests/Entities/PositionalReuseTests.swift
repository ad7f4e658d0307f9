@testable import RoadtripCore
import Testing

@Suite struct PositionalReuseTests {
    /// The values and which elements were made again.
    private func values(_ reuse: inout PositionalReuse<String, String>, _ list: [String]) -> (values: [String], made: [String]) {
        var made: [String] = []
        let values = reuse.values(for: list) { element in
            made.append(element)
            return element.uppercased()
        }
        return (values, made)
    }

    @Test func aFirstListMakesEveryValue() {
        var reuse = PositionalReuse<String, String>()
        let first = values(&reuse, ["a", "b", "c"])
        #expect(first.values == ["A", "B", "C"])
        #expect(first.made == ["a", "b", "c"])
    }

    @Test func movingAddingOrDeletingOneElementMakesOnlyWhatChangedPlace() {
        var reuse = PositionalReuse<String, String>()
        _ = values(&reuse, ["a", "b", "c", "d", "e"])
        let swapped = values(&reuse, ["a", "c", "b", "d", "e"])
        #expect(swapped.values == ["A", "C", "B", "D", "E"])
        #expect(swapped.made == ["c", "b"])
        let added = values(&reuse, ["a", "c", "x", "b", "d", "e"])
        #expect(added.values == ["A", "C", "X", "B", "D", "E"])
        #expect(added.made == ["x"])
        let deleted = values(&reuse, ["a", "x", "b", "d", "e"])
        #expect(deleted.values == ["A", "X", "B", "D", "E"])
        #expect(deleted.made.isEmpty)
    }

    /// The values and which elements were made again, told what changed.
    private func values(_ reuse: inout PositionalReuse<String, String>, _ list: [String], change: RunChange?) -> (values: [String], made: [String]) {
        var made: [String] = []
        let values = reuse.values(for: list, change: change) { element in
            made.append(element)
            return element.uppercased()
        }
        return (values, made)
    }

    @Test func toldWhatChangedItMakesTheRunAndKeepsTheRestWithoutLooking() {
        var reuse = PositionalReuse<String, String>()
        _ = values(&reuse, ["a", "b", "c", "d", "e"], change: nil)
        // Told that only the middle changed, it believes it: "d" keeps its old value "D".
        let told = values(&reuse, ["a", "x", "y", "d", "e"], change: RunChange(head: 1, tail: 2, oldCount: 5, newCount: 5))
        #expect(told.values == ["A", "X", "Y", "D", "E"])
        #expect(told.made == ["x", "y"])
        // An insertion: the tail is found at its new places.
        let inserted = values(&reuse, ["a", "x", "n", "y", "d", "e"], change: RunChange(head: 2, tail: 3, oldCount: 5, newCount: 6))
        #expect(inserted.values == ["A", "X", "N", "Y", "D", "E"])
        #expect(inserted.made == ["n"])
        // A change that does not fit the last list is not believed: it compares instead.
        let unfit = values(&reuse, ["a", "b"], change: RunChange(head: 0, tail: 0, oldCount: 9, newCount: 2))
        #expect(unfit.values == ["A", "B"])
        #expect(unfit.made == ["b"])
    }

    @Test func forgettingMakesEverythingAgain() {
        var reuse = PositionalReuse<String, String>()
        _ = values(&reuse, ["a", "b"])
        reuse.removeAll()
        #expect(values(&reuse, ["a", "b"]).made == ["a", "b"])
        #expect(values(&reuse, []).values.isEmpty)
    }
}
