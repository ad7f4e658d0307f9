import RoadtripCore
import RoadtripRegions

/// How long region work (an import, a download, the roads joined) says how far it is and hears
/// that it should stop: the command line's progress line and Ctrl-C, the planner's status bar and
/// Esc. Each is called on the thread the work runs on.
package struct RegionWork: Sendable {
    package var progress: @Sendable (String) -> Void
    package var isCancelled: @Sendable () -> Bool

    package init(progress: @escaping @Sendable (String) -> Void = { _ in }, isCancelled: @escaping @Sendable () -> Bool = { false }) {
        self.progress = progress
        self.isCancelled = isCancelled
    }
}

extension LazyResource where Value == any PlaceIndex {
    /// The built-in towns, whose countries and regions a new region's places take (`RegionImport`):
    /// the place library's first index, found this one way by every use case that adds a region;
    /// nil when the library cannot be loaded.
    package var builtInTowns: (any PlaceIndex)? {
        (try? value.get() as? PlaceLibrary)?.indexes.first
    }
}
