import Foundation
import RoadtripTestSupport

extension TemporaryDirectory {
    /// A directory whose data file holds the sample trips, as the planner's first start writes
    /// them: for the tests of commands, which never add them to a missing file themselves.
    static func withSampleTrips() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.writeSampleTrips()
        return directory
    }

    /// Writes the sample trips (Resources/sample-trips.json) as the data file.
    func writeSampleTrips() throws {
        try Data(contentsOf: SampleTrips.file).write(to: dataFile)
    }
}

extension SampleTrips {
    /// The sample trips the program ships (Resources/sample-trips.json of this checkout).
    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/sample-trips.json")
    }
}
