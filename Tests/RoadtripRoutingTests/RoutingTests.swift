import Foundation
import Testing
import RoadtripCore
import RoadtripRegions
@testable import RoadtripRouting
import RoadtripTestSupport

/// The factory: Routino on the regions by default, a Valhalla service when ROADTRIP_VALHALLA_URL
/// names one, either in the leg cache.
struct RoutingTests {
    static let a = Coordinate(latitude: 42.5078, longitude: 1.5211), b = Coordinate(latitude: 42.5428, longitude: 1.7336)

    static func engine(_ environment: [String: String], in directory: TemporaryDirectory) -> any RoadRouting {
        Routing.engine(
            shelf: RegionShelf(directory: directory.file("regions")), environment: environment.merging(["XDG_CACHE_HOME": directory.path]) { a, _ in a })
    }

    @Test func aValhallaURLPicksValhallaInTheCache() throws {
        let directory = try TemporaryDirectory()
        let engine = Self.engine(["ROADTRIP_VALHALLA_URL": "http://127.0.0.1:8002"], in: directory)
        #expect(engine is CachedRouting)
        #expect(engine.hasRoads)
        #expect(engine.roads(from: Self.a, to: Self.b) == CoveringRoads(name: "Valhalla", version: "http://127.0.0.1:8002"))
    }

    /// Unset, empty, or not an http(s) address: Routino (here with no region, so no roads).
    @Test(arguments: [[:], ["ROADTRIP_VALHALLA_URL": ""], ["ROADTRIP_VALHALLA_URL": "ftp://example.org"], ["ROADTRIP_VALHALLA_URL": "127.0.0.1:8002"]])
    func otherwiseRoutino(_ environment: [String: String]) throws {
        let directory = try TemporaryDirectory()
        let engine = Self.engine(environment, in: directory)
        #expect(!engine.hasRoads)
        #expect(engine.roads(from: Self.a, to: Self.b) == nil)
    }

    @Test func anAddressThatIsNotHTTPIsSaid() {
        #expect(
            Routing.valhallaURL(environment: ["ROADTRIP_VALHALLA_URL": "ftp://example.org"])
                == .failure(Routing.InvalidSetting(description: "ROADTRIP_VALHALLA_URL=ftp://example.org is not an http:// or https:// address")))
        #expect(
            Routing.valhallaURL(environment: ["ROADTRIP_VALHALLA_URL": "https://valhalla.example.org/route-api/"])
                == .success(URL(string: "https://valhalla.example.org/route-api/")!))
    }

    /// Seconds from 0.1 to 300; else the default 5.
    @Test func theTimeOutIsConfigurable() {
        #expect(Routing.valhallaTimeout(environment: ["ROADTRIP_VALHALLA_TIMEOUT": "1.5"]) == 1.5)
        for text in ["", "0", "-3", "1e9", "soon"] {
            #expect(Routing.valhallaTimeout(environment: ["ROADTRIP_VALHALLA_TIMEOUT": text]) == 5)
        }
        #expect(Routing.valhallaTimeout(environment: [:]) == 5)
    }

    /// A password in ROADTRIP_VALHALLA_URL (issue 52, item 8): the status and the leg cache name
    /// the service without it, and the requests still carry it.
    @Test func aPasswordInTheAddressIsNeitherShownNorKept() throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(.serve(FakeValhalla.answer))
        defer { server.stop() }
        let address = server.url.absoluteString
        let environment = [
            "ROADTRIP_VALHALLA_URL": address.replacingOccurrences(of: "http://", with: "http://alice:s3cretPW@"), "XDG_CACHE_HOME": directory.path,
        ]
        let status = RoutingStatus.of(shelf: RegionShelf(directory: directory.file("regions")), environment: environment)
        #expect(status == RoutingStatus(engine: "valhalla", url: address, regions: nil, version: FakeValhalla.version, answers: true, problem: nil))
        guard case .road = Self.engine(environment, in: directory).route(from: Self.a, to: Self.b, fromName: "A", toName: "B", options: RouteOptions()) else {
            Issue.record("a road"); return
        }
        let kept = try String(contentsOf: CachedRouting.standardFile(environment: environment), encoding: .utf8)
        #expect(kept.contains(":\(server.port)|") && !kept.contains("s3cretPW"), "\(kept)")
        #expect(server.requests.allSatisfy { $0.headers.contains { $0.hasPrefix("Authorization: Basic ") } })
    }

    @Test func aPasswordInAServiceThatDoesNotAnswerIsNotShown() throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(.close)
        defer { server.stop() }
        let address = server.url.absoluteString
        let environment = ["ROADTRIP_VALHALLA_URL": address.replacingOccurrences(of: "http://", with: "http://alice:s3cretPW@")]
        let status = RoutingStatus.of(shelf: RegionShelf(directory: directory.file("regions")), environment: environment)
        #expect(status.url == address)
        #expect(status.problem == "Valhalla at \(address) does not answer: every leg is a straight-line estimate until it answers")
    }

    @Test func aPasswordInAnAddressThatIsNotHTTPIsNotShown() {
        #expect(
            Routing.valhallaURL(environment: ["ROADTRIP_VALHALLA_URL": "ftp://alice:s3cretPW@example.org"])
                == .failure(Routing.InvalidSetting(description: "ROADTRIP_VALHALLA_URL=ftp://example.org is not an http:// or https:// address")))
    }
}
