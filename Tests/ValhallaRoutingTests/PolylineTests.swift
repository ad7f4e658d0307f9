import Testing
import RoadtripCore
@testable import ValhallaRouting

/// Valhalla's shapes: Google's polyline encoding at six decimals.
struct PolylineTests {
    /// Google's own example, at its five decimals.
    @Test func decodesGooglesExampleAtFiveDecimals() {
        #expect(
            Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5) == [
                Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                Coordinate(latitude: 43.252, longitude: -126.453),
            ])
    }

    /// The same points at Valhalla's six (encoded by hand with the reference algorithm).
    @Test func decodesSixDecimals() {
        #expect(
            Polyline.decode("_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI") == [
                Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                Coordinate(latitude: 43.252, longitude: -126.453),
            ])
    }

    @Test func anEmptyShapeHasNoPoints() {
        #expect(Polyline.decode("") == [])
    }

    /// Text that is not a polyline: a character outside the encoding, a number cut short, a
    /// latitude without its longitude, a latitude past the pole.
    @Test(arguments: ["_izlhA ~rlgdF", "_izlhA~rlg", "_izlhA", "_~~~~~~~~~~~~~~F?", "_{ietD?"])
    func refusesWhatIsNotAPolyline(_ text: String) {
        #expect(Polyline.decode(text) == nil)
    }
}
