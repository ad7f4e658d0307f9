import Foundation

/// Which regions' roads can meet, in groups: the regions whose areas touch or overlap, and the
/// regions those touch in turn (a chain A–B–C is one group, since a leg from A into C may drive
/// through B). Only the regions of one group are joined (`RoadJoin`), one database a group; a leg
/// between two groups is said to be between regions whose roads do not meet without asking
/// Routino (`RoadRouter.routeAcross`). Both decide by this one rule, so they never disagree.
///
/// The area is the region's data box (`RegionInfo.bounds`), not the box its extract was cut to
/// (`cutBounds`) nor where its services are known (`servicesBounds`): roads run past the cut
/// (an extract keeps the ways that cross it whole), and some extracts have no cut box at all, while
/// every road node of the region lies in the data box. Two regions whose roads meet share the node
/// where they meet, so their data boxes share that point: boxes apart mean roads apart.
package enum RegionGroups {
    /// How far apart, in degrees (about 1 km), two boxes may be and still count as touching: a
    /// node two extracts share may have moved a little between the dates they were cut, and a
    /// box that is a shade too large costs a join, one too small a road between regions.
    package static let margin = 0.01

    /// Whether roads in `one` and roads in `other` can meet: the boxes touch or overlap, within
    /// `margin`.
    package static func touch(_ one: RegionInfo.Bounds, _ other: RegionInfo.Bounds) -> Bool {
        one.south <= other.north + margin && other.south <= one.north + margin
            && one.west <= other.east + margin && other.west <= one.east + margin
    }

    /// The groups of `items` whose boxes touch, directly or through others of them: each group's
    /// items in the order given, the groups in the order of their first items. A region alone is a
    /// group of one.
    package static func of<Item>(_ items: [Item], box: (Item) -> RegionInfo.Bounds) -> [[Item]] {
        let boxes = items.map(box)
        var group = Array(items.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while group[index] != index { index = group[index] }
            return index
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i && touch(boxes[i], boxes[j]) {
                let (a, b) = (root(i), root(j))
                group[max(a, b)] = min(a, b)
            }
        }
        var members: [Int: [Item]] = [:]
        var order: [Int] = []
        for index in items.indices {
            let key = root(index)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(items[index])
        }
        return order.map { members[$0] ?? [] }
    }
}
