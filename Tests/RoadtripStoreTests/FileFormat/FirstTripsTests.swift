import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The first trips of a file read from its first bytes (`TripFileReader.firstTrips`,
/// `TripFileStore.firstTrips`): what the planner shows before the whole file is read. They must
/// be the whole read's first trips, exactly, or none.
@Suite struct FirstTripsTests {
    static let text = LargeTripsFile.text(trips: 30, stops: 20)
    static let data = Data(text.utf8)

    @Test func aPrefixGivesTheTripsWholeInItAsTheWholeReadGivesThem() throws {
        let whole = try #require(TripFileReader.read(Self.data)).trips
        var previous = 0
        for cut in stride(from: 0, through: Self.data.count, by: 997) + [Self.data.count] {
            let first = TripFileReader.firstTrips(of: Self.data.prefix(cut), limit: 1_000)
            #expect(first == Array(whole.prefix(first.count)), "cut at \(cut)")
            // A trip is given once its closing brace is in the prefix, and not before.
            let bytes = Array(Self.text.utf8.prefix(cut))
            let ended = zip(bytes, bytes.dropFirst()).count { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: "}") }
            #expect(first.count == min(ended, whole.count), "cut at \(cut)")
            #expect(first.count >= previous)
            previous = first.count
        }
        #expect(previous == whole.count)
    }

    @Test func noMoreThanTheLimit() {
        #expect(TripFileReader.firstTrips(of: Self.data, limit: 7).map(\.id) == (0..<7).map(LargeTripsFile.tripID))
    }

    @Test func theFieldsBeforeTheTripsAreReadPast() {
        let text =
            #"{"version": 1, "note": {"kept": [1, "two", null]}, "trips": [{"id": "8F8C4E5B-2C4B-4E7A-9C59-3A0E6E1A5F01", "name": "Pacific Drive", "waypoints": []}"#
        #expect(TripFileReader.firstTrips(of: Data(text.utf8), limit: 10).map(\.name) == ["Pacific Drive"])
        #expect(TripFileReader.firstTrips(of: Data(Fixtures.iOSFile.utf8), limit: 10).map(\.name) == ["Pacific Drive"])
    }

    @Test func theTripsBeforeAFaultAreGivenAndNoneAfter() {
        var broken = Self.text
        let third = broken.range(of: #""name":"Trip 3""#)!
        broken.replaceSubrange(third, with: #""name":Trip 3"#)
        #expect(TripFileReader.firstTrips(of: Data(broken.utf8), limit: 100).map(\.name) == ["Trip 1", "Trip 2"])
        for text in ["", "not json", "[1, 2]", #"{"trips": 5}"#, #"{"version": "one", "trips": []}"#] {
            #expect(TripFileReader.firstTrips(of: Data(text.utf8), limit: 100).isEmpty, "\(text)")
        }
    }

    // MARK: From the file

    @Test func aLargeFileGivesItsFirstTrips() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        let text = LargeTripsFile.text(trips: 120, stops: 100)
        #expect(text.utf8.count > TripFileStore.wholeReadLimit)
        try Data(text.utf8).write(to: url)
        let first = try #require(TripFileStore(url: url).firstTrips())
        #expect(first.count > 20 && first.count < 120)
        let whole = try #require(try TripFileStore(url: url).read()).trips
        #expect(first == Array(whole.prefix(first.count)))
    }

    @Test func smallMissingAndOddFilesAreLeftToTheWholeRead() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("trips.json")
        #expect(TripFileStore(url: url).firstTrips() == nil)
        try Data(Self.text.utf8).write(to: url)
        #expect(TripFileStore(url: url).firstTrips() == nil, "a small file is read whole")
        #expect(TripFileStore(url: directory.url).firstTrips() == nil, "a folder")
        try Data(("garbage" + LargeTripsFile.text(trips: 120, stops: 100)).utf8).write(to: url)
        #expect(TripFileStore(url: url).firstTrips() == nil, "no trip can be read from the start")
    }
}
