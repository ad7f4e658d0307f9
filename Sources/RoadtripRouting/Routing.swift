import Foundation
import RoadtripCore
import RoadtripRegions
import RoutinoRouting

/// Which engine routes legs on roads: the one place that names one.
package enum Routing {
    /// The engine of `environment`'s settings on the regions of `shelf`, its legs kept in the
    /// cache of `environment` (none when `cached` is false, as the bench of the engine itself).
    package static func engine(shelf: RegionShelf, environment: [String: String], cached: Bool = true) -> any RoadRouting {
        let routino = RoadRouter(shelf: shelf)
        return cached ? CachedRouting(routino, file: CachedRouting.standardFile(environment: environment)) : routino
    }

    /// The engine of `environment`, on its standard regions folder.
    package static func engine(environment: [String: String]) -> any RoadRouting {
        engine(shelf: RegionShelf.standard(environment: environment), environment: environment)
    }
}
