import OSMImport
import RoadtripCore
import RoadtripRegions

/// Adding an OpenStreetMap extract from a file as a region, once for both front ends (`roadtrip
/// region add`, `a` in the planner's regions panel): its places take their countries and regions
/// from the built-in towns (`builtInTowns`); the region is built aside and put in place in one
/// step, so nothing changes unless it succeeds. Runs on any thread.
package struct AddRegion: Sendable {
    private let shelf: RegionShelf
    private let towns: (any PlaceIndex)?

    @MainActor
    package init(shelf: RegionShelf, places: PlaceIndexProvider) {
        self.shelf = shelf
        towns = places.builtInTowns
    }

    /// Adds the extract `file` as the region `name` (nil: named after the file), replacing one of that name.
    package func add(_ file: String, name: String? = nil, work: RegionWork = RegionWork()) throws(RegionError) -> RegionInfo {
        var job = try RegionImport(file: file, name: name, shelf: shelf, towns: towns)
        job.isCancelled = work.isCancelled
        job.progress = { work.progress($0.text) }
        return try job.run()
    }
}
