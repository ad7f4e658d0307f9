import Foundation
import RoadtripCore

/// A data file of many trips, as JSON text written compactly as another program might: large
/// enough for the planner to read it in two stages (its first trips before the first frame, the
/// rest off the main loop). Trip `t` (from 0) is "Trip t+1" with the id `Fixtures.uuid(1_000_000 + t)`;
/// its stops are "Stop t+1.s+1", one kilometre or so apart.
package enum LargeTripsFile {
    package static func tripID(_ trip: Int) -> UUID { Fixtures.uuid(1_000_000 + trip) }

    package static func text(trips: Int, stops: Int) -> String {
        var text = #"{"version":1,"trips":["#
        for trip in 0..<trips {
            if trip > 0 { text += "," }
            text += #"{"id":"\#(tripID(trip).uuidString)","name":"Trip \#(trip + 1)","waypoints":["#
            for stop in 0..<stops {
                if stop > 0 { text += "," }
                let (latitude, longitude) = (40 + Double(trip % 40) * 0.1 + Double(stop) * 0.01, -100 + Double(stop) * 0.01)
                text += #"{"id":"\#(Fixtures.uuid(trip * 10_000 + stop + 1).uuidString)","name":"Stop \#(trip + 1).\#(stop + 1)","#
                text += #""location":{"latitude":\#(latitude),"longitude":\#(longitude)}}"#
            }
            text += "]}"
        }
        return text + "]}"
    }
}
