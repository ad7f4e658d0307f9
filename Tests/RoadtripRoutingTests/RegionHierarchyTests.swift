import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions
import RoadtripTestSupport
import RoutinoRouting
import Testing

/// Issue 54: a region keeps the contraction hierarchy of its roads the matrix searches
/// (`RoadHierarchyFile`): the car's quickest made by `region add`, another vehicle's or the
/// shortest way's made the first time a matrix asks and kept; a damaged one is made again, and
/// the matrix is the same either way.
struct RegionHierarchyTests {
    @Test func aRegionsMatrixIsSearchedOnTheHierarchyItKeepsAndADamagedOneIsMadeAgain() throws {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/andorra.osm.pbf").path, shelf: shelf, towns: nil).run()
        let folder = try #require(shelf.installed().first).folder
        let car = DrivingProfile.of(.car)
        let quickest = folder.appendingPathComponent(RoadHierarchyFile.name(for: .car, quickest: true))
        #expect(RoadHierarchyFile.kept(inRegion: folder, profile: car, quickest: true) != nil, "made by region add")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(RoadHierarchyFile.name(for: .car, quickest: false)).path))

        let towns = RoadRouterTests.towns
        func matrix(_ options: RouteOptions) throws -> RoadMatrix {
            guard case .roads(let matrix) = RoadRouter(shelf: shelf).matrix(of: towns, options: options, known: { _, _ in nil }, progress: { _, _ in true })
            else {
                throw Unrouted()
            }
            return matrix
        }
        let kept = try matrix(RouteOptions())
        #expect(kept.isFromGraph)

        // A damaged file is made again from the region's graph, with the same figures.
        try Data(repeating: 0xA5, count: 4_096).write(to: quickest)
        #expect(RoadHierarchyFile.kept(inRegion: folder, profile: car, quickest: true) == nil)
        let remade = try matrix(RouteOptions())
        #expect(remade.meters(0, 1) == kept.meters(0, 1) && remade.seconds(2, 3) == kept.seconds(2, 3))
        #expect(RoadHierarchyFile.kept(inRegion: folder, profile: car, quickest: true) != nil, "kept again")

        // The shortest way, and a van's, are made when asked and kept for the next run.
        _ = try matrix(RouteOptions(vehicle: .car, quickest: false))
        _ = try matrix(RouteOptions(vehicle: .van, quickest: true))
        #expect(RoadHierarchyFile.kept(inRegion: folder, profile: car, quickest: false) != nil)
        #expect(RoadHierarchyFile.kept(inRegion: folder, profile: DrivingProfile.of(.van), quickest: true) != nil)
    }

    struct Unrouted: Error {}
}
