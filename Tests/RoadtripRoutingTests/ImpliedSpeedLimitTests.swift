import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoutinoRouting
import RoadtripTestSupport

/// Issue 56, item 4: a limit OpenStreetMap implies by a country's code (`maxspeed=AT:urban`, or
/// `source:maxspeed=AT:urban` with no number) limits the road as the number would, where Routino
/// alone read it as no limit; for the countries the extract lies in.
struct ImpliedSpeedLimitTests {
    /// A straight primary road of about 2.2 km east from Krems (Austria), with `tags`, as OSM XML with its box.
    static func extract(_ tags: [String: String], in directory: TemporaryDirectory, name: String) throws -> String {
        let nodes = (0...22).map { i in #"<node id="\#(i + 1)" version="1" lat="48.4000" lon="\#(String(format: "%.5f", 15.6000 + Double(i) * 0.00135))"/>"# }
        let tagLines = (["highway": "primary"].merging(tags) { $1 }).sorted { $0.key < $1.key }.map { #"<tag k="\#($0.key)" v="\#($0.value)"/>"# }
        let way = #"<way id="1" version="1">"# + (1...23).map { #"<nd ref="\#($0)"/>"# }.joined() + tagLines.joined() + "</way>"
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><osm version="0.6"><bounds minlat="48.39" minlon="15.59" maxlat="48.41" maxlon="15.64"/>"#
            + nodes.joined() + way + "</osm>"
        let file = directory.file("\(name).osm")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The leg along the road in a region made of `tags`' extract, and the region.
    static func leg(_ tags: [String: String], name: String) throws -> (RoutedLeg, RegionInfo) {
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        let info = try RegionImport(file: try extract(tags, in: directory, name: name), shelf: shelf, towns: try RealGazetteer.get()).run()
        let outcome = RoadRouter(shelf: shelf).route(
            from: Coordinate(latitude: 48.4, longitude: 15.6005), to: Coordinate(latitude: 48.4, longitude: 15.6290),
            fromName: "west", toName: "east")
        guard case .road(let leg) = outcome else { throw Unrouted(outcome: "\(outcome)") }
        return (leg, info)
    }

    struct Unrouted: Error { let outcome: String }

    @Test func aCountrysCodeLimitsTheRoadAsItsNumberDoes() throws {
        let (numbered, info) = try Self.leg(["maxspeed": "50"], name: "numbered")
        #expect(info.speedLimitCountries == ["AT"], "\(String(describing: info.speedLimitCountries))")
        let (coded, _) = try Self.leg(["maxspeed": "AT:urban"], name: "coded")
        let (sourced, _) = try Self.leg(["source:maxspeed": "AT:urban"], name: "sourced")
        let (open, _) = try Self.leg([:], name: "open")
        #expect(
            abs(coded.seconds - numbered.seconds) < 0.5 && abs(sourced.seconds - numbered.seconds) < 0.5,
            "AT:urban \(coded.seconds) s, source:maxspeed \(sourced.seconds) s, 50 \(numbered.seconds) s")
        #expect(open.seconds < numbered.seconds - 30, "no limit: the primary's cruising speed, \(open.seconds) s")
    }

    @Test func onlyTheExtractsCountriesCodesAreWritten() {
        #expect(DrivingTagging.implied(for: []).isEmpty && DrivingTagging.implied(for: ["US"]).isEmpty)
        let austrian = DrivingTagging.implied(for: ["AT"])
        #expect(austrian.contains(#"<if k="maxspeed" v="AT:urban"> <set v="50"/> </if>"#))
        #expect(austrian.contains(#"<ifnot k="maxspeed"> <if k="zone:traffic" v="AT:rural"> <set k="maxspeed" v="100"/> </if> </ifnot>"#))
        #expect(!austrian.contains { $0.contains("DE:") })
        #expect(
            DrivingTagging.rules(from: "<way>\n<if k=\"maxspeed\"> <output/> </if>\n</way>", adding: ["X"])
                == "<way>\nX\n      <if k=\"maxspeed\"> <output/> </if>\n</way>")
        #expect(DrivingTagging.rules(from: "<way></way>", adding: ["X"]) == nil)
    }
}
