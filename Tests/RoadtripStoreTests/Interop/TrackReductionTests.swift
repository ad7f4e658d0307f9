import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

@Suite struct TrackReductionTests {
    static func at(_ latitude: Double, _ longitude: Double) -> Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    @Test func aStraightLineKeepsItsEndsAndTheCornerOfAnL() {
        let line = (0...100).map { Self.at(0, Double($0) * 0.01) }
        #expect(TrackReduction.indices(of: line, minimum: 2, maximum: 60, tolerance: 10) == [0, 100])
        let corner = (0...50).map { Self.at(0, Double($0) * 0.01) } + (1...50).map { Self.at(Double($0) * 0.01, 0.5) }
        #expect(TrackReduction.indices(of: corner, minimum: 2, maximum: 60, tolerance: 10) == [0, 50, 100])
    }

    @Test func theMaximumBoundsTheCountAndAnchorsAreAlwaysKept() {
        let wiggle = (0..<1000).map { Self.at(sin(Double($0) / 5), Double($0) * 0.01) }
        let kept = TrackReduction.indices(of: wiggle, anchors: [3, 997], minimum: 10, maximum: 25, tolerance: 1)
        #expect(kept.count == 25)
        #expect(kept.first == 0 && kept.last == 999 && kept.contains(3) && kept.contains(997))
        #expect(kept == kept.sorted())
    }

    @Test func aLoopThatEndsWhereItStartsIsReducedToo() {
        let loop = (0...360).map { Self.at(cos(Double($0) * .pi / 180), sin(Double($0) * .pi / 180)) }
        let kept = TrackReduction.indices(of: loop, minimum: 10, maximum: 60, tolerance: 1_000)
        #expect((10...60).contains(kept.count))
        #expect(kept.contains(180))
    }

    @Test func distancesAlongAddUp() {
        let along = TrackReduction.distancesAlong([Self.at(0, 0), Self.at(0, 1), Self.at(0, 2)])
        #expect(along.count == 3)
        #expect(abs(along[2] - 2 * 111_195) < 10)
    }

    @Test func aGenerated200000PointTrackImportsAndIsReduced() throws {
        // A 200,000-point GPX track (about 12 MB) of a winding 2,000 km drive: streamed in and
        // reduced to a trip of a few dozen stops.
        let directory = try TemporaryDirectory()
        let file = directory.file("huge.gpx")
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Huge</name><trkseg>"#
        text.reserveCapacity(13_000_000)
        for index in 0..<200_000 {
            let t = Double(index) / 200_000
            let latitude = 35 + 5 * t + 0.3 * sin(t * 40), longitude = -120 + 20 * t
            text += "<trkpt lat=\"\(latitude.fixed(6))\" lon=\"\(longitude.fixed(6))\"><ele>12.5</ele></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>"
        try Data(text.utf8).write(to: file)
        let trips = try TripImport.read(contentsOf: file)
        let trip = try #require(trips.first)
        #expect(trip.name == "Huge")
        #expect((10...60).contains(trip.stops.count), "\(trip.stops.count) stops")
        #expect(trip.notes == ["a track of 200,000 points became \(trip.stops.count) stops"])
    }
}
