import Foundation
import Testing
import RoadtripTestSupport

/// Issue 57, item 1: `roadtrip along` and the planner's `A` look along the road through one use
/// case (`FindAlong`), so they refuse the same thing with the same sentence; the planner's side is
/// AlongInteractorTests' and AlongPresenterTests'.
@Suite("along refuses what the planner refuses, end to end")
struct AlongRefusalEndToEndTests {
    @Test("a day the plan does not have is refused with FindAlong's sentence, which the planner's list shows too")
    func aDayThePlanDoesNotHaveIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(try RegionFixture.roadtrip(["new", "Valley", "42.5078, 1.5211", "42.5562, 1.5332"], in: directory).status == 0)
        let refused = try RegionFixture.roadtrip(["along", "Valley", "--day", "2"], in: directory)
        #expect(
            refused.status != 0 && refused.standardError.contains("“Valley” is planned over 1 day; there is no day 2"),
            "\(CommandLineEndToEndTests.describe(refused))")
        let oneStop = try RegionFixture.roadtrip(["new", "Alone", "42.5078, 1.5211"], in: directory)
        #expect(oneStop.status == 0, "\(CommandLineEndToEndTests.describe(oneStop))")
        let noLeg = try RegionFixture.roadtrip(["along", "Alone", "--leg", "1"], in: directory)
        #expect(noLeg.status != 0 && noLeg.standardError.contains("“Alone” has no leg: it needs two stops"), "\(CommandLineEndToEndTests.describe(noLeg))")
    }
}
