@testable import RoadtripCore
import Testing

struct StayTextTests {
    @Test(arguments: [
        ("2 h", Stay.hours(2)), ("2h", .hours(2)), ("1 h 30 min", .hours(1.5)), ("1h30", .hours(1.5)), ("90 min", .hours(1.5)),
        ("45 min", .hours(0.75)), ("1:30", .hours(1.5)), ("1.5", .hours(1.5)), ("1,5 h", .hours(1.5)), ("2 hours", .hours(2)),
        ("1 night", .nights(1)), ("3 nights", .nights(3)), ("2n", .nights(2)), ("2 Nights", .nights(2)),
    ])
    func staysReadAsPeopleWriteThem(_ text: String, _ stay: Stay) throws {
        #expect(try StayText.parse(text) == stay)
    }

    @Test func emptyAndZeroAreNoStay() throws {
        #expect(try StayText.parse("") == nil)
        #expect(try StayText.parse("   ") == nil)
        #expect(try StayText.parse("0 h") == nil)
    }

    @Test(arguments: ["a while", "2 days", "h", "0 nights", "400 nights", "300 h", "1:75", "-2 h"])
    func otherTextIsRefusedWithHowToWriteIt(_ text: String) {
        #expect(throws: StayText.Invalid.self) { try StayText.parse(text) }
    }

    @Test func staysAreWrittenAsTheyAreRead() throws {
        for stay in [Stay.hours(1.5), .hours(2), .hours(0.75), .nights(1), .nights(4)] {
            #expect(try StayText.parse(StayText.text(stay)) == stay)
        }
        #expect(StayText.text(.hours(1.5)) == "1 h 30 min")
        #expect(StayText.text(.nights(2)) == "2 nights")
        #expect(StayText.text(nil) == "")
    }
}
