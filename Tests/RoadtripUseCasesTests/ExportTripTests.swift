import Foundation
@testable import RoadtripCore
import RoadtripStore
import RoadtripStoreTestSupport
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// Export through the use case itself: the bytes and the file both front ends write.
@MainActor
@Suite struct ExportTripTests {
    let directory: TemporaryDirectory
    let folders: RoadtripFolders

    init() throws {
        directory = try TemporaryDirectory()
        folders = RoadtripFolders(environment: ["HOME": directory.url.path])
    }

    /// A point off the straight line between Monterey and Big Sur, on the coast road.
    static let onTheRoad = Coordinate(latitude: 36.4, longitude: -121.9)

    /// Legs on roads for the first leg of every trip, through `onTheRoad`; counts the askings.
    @MainActor
    final class RoadsOfTheFirstLeg {
        var asked = 0

        func legs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures]? {
            asked += 1
            return zip(trip.stops, trip.stops.dropFirst()).enumerated().map { index, leg in
                index == 0
                    ? LegFigures(meters: 42_000, seconds: 2_700, source: .road, line: [leg.0.location, ExportTripTests.onTheRoad, leg.1.location])
                    : LegFigures(meters: 120_000, seconds: 5_400, source: .estimate, reason: "no region covers Morro Bay")
            }
        }
    }

    private func export(_ roads: RoadsOfTheFirstLeg = RoadsOfTheFirstLeg(), places: PlaceIndexProvider = .unavailable) -> ExportTrip {
        ExportTrip(
            legs: roads.legs, places: places, defaultUnit: .km, today: { LocalDay(year: 2026, month: 7, day: 1) },
            now: { Date(timeIntervalSince1970: 1_782_900_000) })
    }

    @Test func theBytesAreTheTripsWithItsLegsAlongTheirRoads() throws {
        let data = try export().data(of: Fixtures.pacific, as: .geojson)
        let expected = try TripExport.data(
            for: Fixtures.pacific, format: .geojson, now: Date(timeIntervalSince1970: 1_782_900_000),
            creator: RoadtripVersion.creator, legs: RoadsOfTheFirstLeg().legs(of: Fixtures.pacific, estimate: RouteEstimate()))
        #expect(data == expected)
        let text = String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
        #expect(text.contains("[-121.8947,36.6002],[-121.9,36.4],[-121.8081,36.2704]"))
    }

    @Test func aGPXCarriesTheRoadAsTheFrontEndAsksTrackOrRoute() throws {
        let track = String(decoding: try export().data(of: Fixtures.pacific, as: .gpx), as: UTF8.self)
        let route = String(decoding: try export().data(of: Fixtures.pacific, as: .gpx, gpxRoad: .route), as: UTF8.self)
        #expect(track.contains(#"<trkpt lat="36.4000000" lon="-121.9000000"/>"#) && !track.contains(#"<rtept lat="36.4000000""#))
        #expect(route.contains(#"<rtept lat="36.4000000" lon="-121.9000000"/>"#) && !route.contains("<trk>"))
    }

    @Test func aTripTheFormatCannotHoldIsRefusedBeforeItsLegsAreRouted() {
        var trip = Fixtures.pacific
        trip.stops = [trip.stops[0]]
        let roads = RoadsOfTheFirstLeg()
        let failure = #expect(throws: ExportFile.Failure.self) { try export(roads).data(of: trip, as: .ics) }
        #expect(failure?.description.contains("a calendar needs a drive: add a second stop first.") == true)
        #expect(failure?.fileExists == false)
        #expect(roads.asked == 0)
    }

    @Test func aCalendarIsPlannedInTheStopsZonesFromToday() throws {
        let text = String(decoding: try export(places: .fixed(FakePlaces.california)).data(of: Fixtures.pacific, as: .ics), as: UTF8.self)
        #expect(text.contains("DTSTART;TZID=America/Los_Angeles:20260701T090000\r\n"))
        #expect(text.contains("SUMMARY:Drive Monterey → Big Sur\r\n"))
    }

    @Test func theFileHoldsTheBytesAndAnExistingOneIsKeptUnlessReplaced() throws {
        let file = directory.file("coast.kml"), dataFile = directory.file("trips.json")
        try export().write(Fixtures.pacific, as: .kml, to: file, replacing: false, protecting: dataFile, folders: folders)
        #expect(try Data(contentsOf: file) == (try export().data(of: Fixtures.pacific, as: .kml)))
        let failure = #expect(throws: ExportFile.Failure.self) {
            try export().write(Fixtures.alps, as: .kml, to: file, replacing: false, protecting: dataFile, folders: folders)
        }
        #expect(failure?.fileExists == true)
        try export().write(Fixtures.alps, as: .kml, to: file, replacing: true, protecting: dataFile, folders: folders)
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("Zürich"))
    }

    @Test func theTripsFileIsNeverWrittenOverEvenWhenReplacing() throws {
        let model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        _ = try model.save()
        let before = try Data(contentsOf: model.store.url)
        let failure = #expect(throws: ExportFile.Failure.self) {
            try export().write(Fixtures.pacific, as: .geojson, to: model.store.url, replacing: true, protecting: model.store.url, folders: folders)
        }
        #expect(failure?.description.contains("is the trips file roadtrip is using") == true)
        #expect(try Data(contentsOf: model.store.url) == before)
    }
}
