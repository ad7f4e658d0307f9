import OSMImport
import RoadtripRegions

/// Removing a region and its files, once for both front ends (`roadtrip region remove`, `r` in
/// the planner's regions panel); the regions' roads are joined again after (`JoinRegionRoads`).
package struct RemoveRegion: Sendable {
    private let shelf: RegionShelf

    package init(shelf: RegionShelf) {
        self.shelf = shelf
    }

    /// Removes the region `name`: the sentence saying so; a `RegionError` when there is none of that name.
    package func remove(_ name: String) throws(RegionError) -> String {
        try shelf.remove(name)
        return "Removed region \(name)."
    }
}
