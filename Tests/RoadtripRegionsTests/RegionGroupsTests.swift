import Testing
@testable import RoadtripRegions

/// Issue 54, item 4: which regions' roads can meet, by their boxes: only those are joined, and a
/// leg between two groups is said to be between roads that do not meet.
struct RegionGroupsTests {
    typealias Box = RegionInfo.Bounds

    /// A box one degree wide and high whose south-west corner is at `south`, `west`.
    static func box(_ south: Double, _ west: Double, size: Double = 1) -> Box {
        Box(south: south, west: west, north: south + size, east: west + size)
    }

    static func groups(_ boxes: [(String, Box)]) -> [[String]] {
        RegionGroups.of(boxes, box: \.1).map { $0.map(\.0) }
    }

    @Test func boxesThatOverlapOrShareAnEdgeOrACornerTouch() {
        #expect(RegionGroups.touch(Self.box(0, 0), Self.box(0.5, 0.5)))
        #expect(RegionGroups.touch(Self.box(0, 0), Self.box(0, 1)), "one's east edge is the other's west edge")
        #expect(RegionGroups.touch(Self.box(0, 0), Self.box(1, 1)), "a corner")
        #expect(RegionGroups.touch(Self.box(0, 0, size: 10), Self.box(4, 4)), "one inside the other")
    }

    /// A node two extracts share may have moved a little between the dates they were cut: a gap
    /// under `margin` (about 1 km) still touches; a wider one does not.
    @Test func boxesApartByLessThanTheMarginTouchAndByMoreDoNot() {
        #expect(RegionGroups.touch(Self.box(0, 0), Self.box(0, 1 + RegionGroups.margin / 2)))
        #expect(RegionGroups.touch(Self.box(0, 0), Self.box(1 + RegionGroups.margin / 2, 0)))
        #expect(!RegionGroups.touch(Self.box(0, 0), Self.box(0, 1 + RegionGroups.margin * 2)))
        #expect(!RegionGroups.touch(Self.box(0, 0), Self.box(1 + RegionGroups.margin * 2, 1 + RegionGroups.margin * 2)))
        // Apart in one direction is enough, however they overlap in the other.
        #expect(!RegionGroups.touch(Self.box(0, 0, size: 10), Self.box(5, 10.5)))
    }

    /// Andorra and Monaco, by the boxes their extracts' data reach (`osmium fileinfo -e`): far apart.
    @Test func andorraAndMonacoDoNotTouch() {
        let andorra = Box(south: 41.7369089, west: 1.0366421, north: 42.7883379, east: 1.8252606)
        let monaco = Box(south: 43.5136837, west: 7.3830115, north: 43.7543317, east: 7.5027982)
        #expect(!RegionGroups.touch(andorra, monaco) && !RegionGroups.touch(monaco, andorra))
        #expect(Self.groups([("andorra", andorra), ("monaco", monaco)]) == [["andorra"], ["monaco"]])
    }

    /// A chain A–B–C is one group although A and C are apart: a leg from A into C may drive
    /// through B, so their roads are joined together.
    @Test func aChainIsOneGroup() {
        let groups = Self.groups([("a", Self.box(0, 0)), ("c", Self.box(0, 2)), ("b", Self.box(0, 1))])
        #expect(groups == [["a", "c", "b"]])
    }

    @Test func regionsApartAreGroupsOfTheirOwnInTheOrderGiven() {
        let groups = Self.groups([
            ("far", Self.box(40, 40)), ("west", Self.box(0, 0)), ("alone", Self.box(-50, -50)),
            ("east", Self.box(0.5, 0.9)), ("farther", Self.box(40.5, 41)),
        ])
        #expect(groups == [["far", "farther"], ["west", "east"], ["alone"]])
        #expect(Self.groups([]).isEmpty)
        #expect(Self.groups([("one", Self.box(0, 0))]) == [["one"]])
    }

    /// Two groups that a later region bridges become one, whichever order they come in.
    @Test func aRegionBetweenTwoGroupsMakesThemOne() {
        let boxes = [("a1", Self.box(0, 0)), ("a2", Self.box(0, 1)), ("b1", Self.box(0, 4)), ("b2", Self.box(0, 5)), ("bridge", Self.box(0, 2, size: 2))]
        #expect(Self.groups(boxes) == [["a1", "a2", "b1", "b2", "bridge"]])
        #expect(Self.groups(boxes.reversed()).map { Set($0) } == [Set(boxes.map(\.0))])
        #expect(Self.groups(Array(boxes.dropLast())) == [["a1", "a2"], ["b1", "b2"]])
    }
}
