import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The sample trips a first start writes, read from the resources folder (RoadtripStore's
/// `Resources.loadSampleTrips`, beside the data file it seeds).
@Suite struct ResourcesTests {
    @Test func theSampleTripsAreFoundAndReal() throws {
        let trips = try Resources.locate(environment: [:]).loadSampleTrips()
        #expect(trips.count >= 3)
        #expect(trips.allSatisfy { $0.stops.count >= 2 && $0.stops.allSatisfy(\.location.isValid) })
        #expect(trips.first?.stops.first?.name == "Monterey")
        #expect(trips.first?.stops.last?.name == "Morro Bay")
        #expect(Set(trips.map(\.id)).count == trips.count)
    }

    @Test func theEnvironmentOverrideComesFirst() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(Fixtures.iOSFile, to: "sample-trips.json")
        let resources = try Resources.locate(environment: ["ROADTRIP_RESOURCES": directory.url.path])
        #expect(try resources.loadSampleTrips().map(\.name) == ["Pacific Drive"])
    }
}
