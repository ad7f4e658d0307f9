import Foundation
import RoadtripCore

package enum Fixtures {
    package static let monterey = Coordinate(latitude: 36.6002, longitude: -121.8947)
    package static let bigSur = Coordinate(latitude: 36.2704, longitude: -121.8081)
    package static let morroBay = Coordinate(latitude: 35.3658, longitude: -120.8499)

    package static func uuid(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!
    }

    package static var pacific: Trip {
        Trip(
            id: uuid(1), name: "Pacific Drive",
            stops: [
                Stop(id: uuid(11), name: "Monterey", location: monterey),
                Stop(id: uuid(12), name: "Big Sur", location: bigSur),
                Stop(id: uuid(13), name: "Morro Bay", location: morroBay),
            ])
    }

    package static var alps: Trip {
        Trip(
            id: uuid(2), name: "Alpine Loop",
            stops: [
                Stop(id: uuid(21), name: "Zürich", location: Coordinate(latitude: 47.3769, longitude: 8.5417)),
                Stop(id: uuid(22), name: "Füssen", location: Coordinate(latitude: 47.5696, longitude: 10.7004)),
            ])
    }

    package static var empty: Trip {
        Trip(id: uuid(3), name: "Someday", stops: [])
    }

    package static var trips: [Trip] { [pacific, alps, empty] }

    /// A file as the iOS sample app wrote it: the SPEC §3 envelope, keys in its own order.
    package static let iOSFile = """
        { "version": 1,
          "trips": [ { "id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Pacific Drive",
                       "waypoints": [ { "id": "1B0A7C9E-5D2F-4C1B-8E3A-6F4D2B1C0A99", "name": "Monterey",
                                        "location": { "latitude": 36.6002, "longitude": -121.8947 } } ] } ] }
        """
}
