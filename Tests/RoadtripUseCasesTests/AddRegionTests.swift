import Foundation
@testable import OSMImport
@testable import RoadtripCore
@testable import RoadtripRegions
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// Adding an extract from a file, removing a region and joining the regions' roads after, the
/// command line's and the planner's alike.
@MainActor
@Suite struct AddRegionTests {
    static let krems = RegionFixtures.osm.appendingPathComponent("krems.osm.gz").path

    @Test func anExtractIsAddedWithTheBuiltInTownsSayingHowFarItIs() throws {
        let fixtures = try RegionFixtures()
        let said = Said()
        let info = try AddRegion(shelf: fixtures.shelf, places: try RegionFixtures.places()).add(Self.krems, work: RegionWork(progress: { said.append($0) }))
        #expect(info.name == "krems" && info.places > 0 && fixtures.shelf.installed().map(\.name) == ["krems"])
        #expect(!said.lines.isEmpty)
        let named = try AddRegion(shelf: fixtures.shelf, places: .unavailable).add(Self.krems, name: "wachau")
        #expect(named.name == "wachau" && fixtures.shelf.installed().map(\.name) == ["krems", "wachau"])
    }

    @Test func theBuiltInTownsAreThePlaceLibrarysFirstIndexFoundOneWay() throws {
        let towns = try RealGazetteer.get()
        #expect(PlaceIndexProvider { PlaceLibrary(indexes: [towns]) }.builtInTowns as? Gazetteer === towns)
        #expect(PlaceIndexProvider { FakePlaces([]) }.builtInTowns == nil, "not a library: no towns")
        #expect(PlaceIndexProvider.unavailable.builtInTowns == nil)
    }

    @Test func anAddStoppedOrOfAMissingFileLeavesTheRegionsAsTheyWere() throws {
        let fixtures = try RegionFixtures()
        let add = AddRegion(shelf: fixtures.shelf, places: .unavailable)
        #expect(throws: RegionError.cancelled) { try add.add(Self.krems, work: RegionWork(isCancelled: { true })) }
        #expect(throws: RegionError.self) { try add.add(fixtures.directory.file("nowhere.osm.pbf").path) }
        #expect(fixtures.shelf.installed().isEmpty)
    }

    @Test func aRegionIsRemovedWithTheSentenceBothFrontEndsSay() throws {
        let fixtures = try RegionFixtures()
        _ = try AddRegion(shelf: fixtures.shelf, places: .unavailable).add(Self.krems)
        #expect(try RemoveRegion(shelf: fixtures.shelf).remove("krems") == "Removed region krems.")
        #expect(fixtures.shelf.installed().isEmpty)
        #expect(throws: RegionError.self) { try RemoveRegion(shelf: fixtures.shelf).remove("krems") }
    }

    @Test func roadsAreJoinedOnlyWhenTheRegionsChanged() throws {
        let fixtures = try RegionFixtures()
        let join = JoinRegionRoads(shelf: fixtures.shelf)
        #expect(!join.isNeeded && join.run() == nil, "no region: nothing to join")
        _ = try AddRegion(shelf: fixtures.shelf, places: .unavailable).add(Self.krems)
        _ = try AddRegion(shelf: fixtures.shelf, places: .unavailable).add(RegionFixtures.osm.appendingPathComponent("andorra.osm.pbf").path)
        if join.isNeeded {
            let outcome = join.run()
            #expect(outcome?.failed != true, "\(String(describing: outcome))")
        }
        #expect(!join.isNeeded, "joined: nothing more to do")
    }
}
