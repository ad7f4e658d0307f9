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

    @Test func forgettingMakesEverythingAgain() {
        var reuse = PositionalReuse<String, String>()
        _ = values(&reuse, ["a", "b"])
        reuse.removeAll()
        #expect(values(&reuse, ["a", "b"]).made == ["a", "b"])
        #expect(values(&reuse, []).values.isEmpty)
    }
}
