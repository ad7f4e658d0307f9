import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport
@testable import ValhallaRouting

/// An answer that never ends (issue 52, item 5: `/route` streaming `[` took 1.7 GB in 8 s) or
/// announces more than an answer can be: read no further than its cap, and an estimate at once,
/// saying so. The time-out is the tests' patience (300 s): the cap stops it, not the clock.
struct ValhallaAnswerSizeTests {
    static let vella = ValhallaJSONTests.vella, pas = ValhallaJSONTests.pas

    static func leg(from server: LoopbackServer) -> RoadOutcome {
        ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).route(from: vella, to: pas, fromName: "Andorra la Vella", toName: "Pas de la Casa")
    }

    @Test func aRouteThatNeverEndsIsCutAtItsCap() throws {
        let server = try LoopbackServer(.endless(announcing: nil))
        defer { server.stop() }
        #expect(Self.leg(from: server) == .estimate(reason: "Valhalla at \(server.url.absoluteString) answered more than 16 MB for a route"))
    }

    /// An answer of 17 MB, its length not announced: read to the cap and no further.
    @Test func aRouteLongerThanItsCapIsCutThere() throws {
        let server = try LoopbackServer(.raw("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + String(repeating: "[", count: 17 << 20)))
        defer { server.stop() }
        #expect(Self.leg(from: server) == .estimate(reason: "Valhalla at \(server.url.absoluteString) answered more than 16 MB for a route"))
    }

    /// A length past the cap announced: curl stops at the headers (`--max-filesize`).
    @Test func aRouteAnnouncedTooLongIsNotRead() throws {
        let server = try LoopbackServer(.endless(announcing: 1 << 40))
        defer { server.stop() }
        #expect(Self.leg(from: server) == .estimate(reason: "Valhalla at \(server.url.absoluteString) answered more than 16 MB for a route"))
    }

    /// The matrix of three stops asks 9 pairs: its cap is a megabyte and a kilobyte a pair.
    @Test func aMatrixThatNeverEndsIsCutAtItsCap() throws {
        let server = try LoopbackServer(.endless(announcing: nil))
        defer { server.stop() }
        #expect(
            ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: ValhallaFailureTests.stops)
                == .estimate(reason: "Valhalla at \(server.url.absoluteString) answered more than 1 MB for a road matrix"))
    }

    /// After an answer too large, the next legs are estimates at once (the service is not asked
    /// again within `retryAfter`), as after a time-out: a trip of many legs does not read a cap's
    /// worth for each.
    @Test func aServiceThatAnsweredTooMuchIsNotAskedAgainAtOnce() throws {
        let server = try LoopbackServer(.endless(announcing: nil))
        defer { server.stop() }
        let router = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience, retryAfter: 3_600)
        let reason = "Valhalla at \(server.url.absoluteString) answered more than 16 MB for a route"
        #expect(router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B") == .estimate(reason: reason))
        #expect(router.route(from: Self.pas, to: Self.vella, fromName: "B", toName: "A") == .estimate(reason: reason))
        #expect(server.connections == 1)
    }
}
