import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripStoreTestSupport
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// Import through the use case itself: the file read, then its trips in the model.
@MainActor
@Suite struct ImportTripsTests {
    let directory: TemporaryDirectory
    let model: DataModel

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
    }

    /// A route of three named points, as a GPS or another planner writes one.
    private func gpxFile(named name: String = "coast.gpx") throws -> URL {
        let file = directory.file(name)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte><name>Coast</name>
            <rtept lat="36.6002" lon="-121.8947"><name>Monterey</name></rtept>
            <rtept lat="36.2704" lon="-121.8081"><name>Big Sur</name></rtept>
            <rtept lat="35.3658" lon="-120.8499"><name>Morro Bay</name></rtept>
            </rte></gpx>
            """.utf8
        ).write(to: file)
        return file
    }

    @Test func theFilesTripsGoAtTheTopOfTheListWithIdsOfTheirOwnAsOneChange() throws {
        let file = ImportTrips(path: try gpxFile().path)
        let (trips, notes) = file.add(try file.read(), to: model)
        #expect(notes.isEmpty)
        #expect(trips.map(\.name) == ["Coast"])
        #expect(model.trips.map(\.name) == ["Coast"] + Fixtures.trips.map(\.name))
        #expect(model.trips[0].stops.map(\.name) == ["Monterey", "Big Sur", "Morro Bay"])
        #expect(!Fixtures.trips.map(\.id).contains(model.trips[0].id))
        #expect(model.undo() == "import coast.gpx")
        #expect(model.trips == Fixtures.trips)
    }

    @Test func aNameGivenNamesTheNewTripAndItIsSaved() throws {
        let file = ImportTrips(path: try gpxFile().path)
        _ = file.add(try file.read(), named: "Highway 1", to: model)
        _ = try model.save()
        let saved = try #require(try TripFileStore(url: model.store.url).read())
        #expect(saved.trips.first?.name == "Highway 1")
        #expect(saved.trips.first?.stops.count == 3)
    }

    /// Issue 56, item 10: a trip imported twice is "Coast (2)" the second time, and the notes say so.
    @Test func aNameInUseIsNumberedAsNewForceNumbersIt() throws {
        let file = ImportTrips(path: try gpxFile().path)
        _ = file.add(try file.read(), to: model)
        let (again, notes) = file.add(try file.read(), to: model)
        #expect(again.map(\.name) == ["Coast (2)"])
        #expect(notes == ["A trip is already named “Coast”: this one is “Coast (2)”."])
        #expect(model.trips.map(\.name).prefix(2) == ["Coast (2)", "Coast"])
    }

    @Test func aFileThatCannotBeReadSaysWhereAndAddsNothing() throws {
        let broken = directory.file("broken.gpx")
        try Data(#"<?xml version="1.0"?><gpx version="1.1"><rte><rtept lat="36.6" lon="-121.9"></rte></gpx>"#.utf8).write(to: broken)
        let failure = #expect(throws: ImportError.self) { try ImportTrips(path: broken.path).read() }
        #expect(failure.map { "\($0)" }?.contains("line 1") == true)
        #expect(model.trips == Fixtures.trips)
    }
}
