import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct GeoJSONImportTests {
    static func read(_ text: String, name: String = "places.geojson") throws -> [ImportedTrip] {
        let directory = try TemporaryDirectory()
        return try TripImport.read(contentsOf: directory.write(text, to: name))
    }

    @Test func pointFeaturesAreStopsWithTheirPropertiesAndALineNamesTheTrip() throws {
        let trips = try Self.read(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-121.8947, 36.6002, 12]},
               "properties": {"name": "Monterey", "notes": "Aquarium", "stayHours": 2, "overnight": true}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-121.8081, 36.2704]}, "properties": {"description": "Views", "stayNights": 1}},
              {"type": "Feature", "geometry": null, "properties": null},
              {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "properties": {}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[-121.8947, 36.6002], [-121.8081, 36.2704]]}, "properties": {"name": "Coast"}}
            ]}
            """)
        let trip = try #require(trips.first)
        #expect(trips.count == 1 && trip.name == "Coast")
        #expect(trip.stops.map(\.name) == ["Monterey", "Point 2"])
        #expect(trip.stops.map(\.notes) == ["Aquarium", "Views"])
        #expect(trip.stops.map(\.stay) == [.hours(2), .nights(1)])
        #expect(trip.stops.map(\.overnight) == [true, false])
        #expect(trip.stops[0].location == Coordinate(latitude: 36.6002, longitude: -121.8947))
        #expect(trip.notes == ["1 polygon was left out"])
    }

    @Test func aMultiPointIsStopsNamedAfterTheFeature() throws {
        let trips = try Self.read(
            #"{"type": "Feature", "properties": {"name": "Viewpoints"}, "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}}"#,
            name: "views.json")
        #expect(trips.map(\.name) == ["views"])
        #expect(trips.first?.stops.map(\.name) == ["Viewpoints 1", "Viewpoints 2"])
        #expect(trips.first?.stops.map(\.location) == [Coordinate(latitude: 2, longitude: 1), Coordinate(latitude: 4, longitude: 3)])
    }

    @Test func lineStringsAloneAreTripsReducedWhenLong() throws {
        let long = (0..<500).map { "[\(Double($0) * 0.01), \(sin(Double($0) / 20))]" }.joined(separator: ",")
        let trips = try Self.read(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "Short"}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1], [2, 0]]}},
              {"type": "Feature", "properties": {"name": "Long"}, "geometry": {"type": "LineString", "coordinates": [\(long)]}}
            ]}
            """)
        #expect(trips.map(\.name) == ["Short", "Long"])
        #expect(trips[0].stops.count == 3)
        #expect((10...60).contains(trips[1].stops.count))
        #expect(trips[1].notes == ["a line of 500 points became \(trips[1].stops.count) stops"])
    }

    @Test func aBareGeometryIsReadToo() throws {
        let trips = try Self.read(#"{"type": "LineString", "coordinates": [[10, 50], [11, 51]]}"#, name: "line.geojson")
        #expect(trips.map(\.name) == ["line"])
        #expect(trips.first?.stops.map(\.location) == [Coordinate(latitude: 50, longitude: 10), Coordinate(latitude: 51, longitude: 11)])
    }
}
