import RoadtripCore
import RoadtripRegions

extension PlaceFinder {
    /// What the commands that make stops look places up in: every index (`library`), and the
    /// basemap's borders for the region of a point typed as coordinates; `unit` for the distance
    /// in such a point's name.
    @MainActor
    static func commandLine(environment: [String: String], unit: DistanceUnit) -> PlaceFinder {
        PlaceFinder(places: .library(environment: environment), borders: .basemap(environment: environment), unit: unit)
    }
}
