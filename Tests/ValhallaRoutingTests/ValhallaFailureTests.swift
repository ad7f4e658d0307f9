import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport
@testable import ValhallaRouting

/// A Valhalla service that misbehaves, played by a tiny HTTP server on 127.0.0.1 of each test's
/// own: every leg is then an estimate with the reason, and nothing waits past the time-out.
struct ValhallaFailureTests {
    static let vella = ValhallaJSONTests.vella, pas = ValhallaJSONTests.pas
    static let stops = [(vella, "Andorra la Vella"), (pas, "Pas de la Casa"), (Coordinate(latitude: 42.5345, longitude: 1.5806), "Encamp")]

    /// The outcome of one leg asked of a server behaving as `behaviour` (stopped after).
    static func leg(_ behaviour: LoopbackServer.Behaviour, timeout: TimeInterval = LoopbackServer.patience) throws -> (RoadOutcome, String) {
        let server = try LoopbackServer(behaviour)
        defer { server.stop() }
        let router = ValhallaRouter(url: server.url, timeout: timeout)
        return (router.route(from: vella, to: pas, fromName: "Andorra la Vella", toName: "Pas de la Casa"), server.url.absoluteString)
    }

    @Test func garbageIsNotARoute() throws {
        let (outcome, url) = try Self.leg(.answer(status: 200, body: "this is not JSON"))
        #expect(outcome == .estimate(reason: "Valhalla at \(url) answered something that is not a route"))
    }

    @Test func anHTTPErrorIsSaid() throws {
        let (outcome, url) = try Self.leg(.answer(status: 500, body: "<h1>oops</h1>"))
        #expect(outcome == .estimate(reason: "Valhalla at \(url) answered HTTP 500"))
    }

    /// Valhalla's own refusals: no way between the stops, no road near one.
    @Test func valhallasRefusalsAreReasons() throws {
        let unconnected = #"{"error_code":170,"error":"Locations are in unconnected regions","status_code":400,"status":"Bad Request"}"#
        #expect(try Self.leg(.answer(status: 400, body: unconnected)).0 == .estimate(reason: "no road between them"))
        let far = #"{"error_code":171,"error":"No suitable edges near location","status_code":400,"status":"Bad Request"}"#
        #expect(try Self.leg(.answer(status: 400, body: far)).0 == .estimate(reason: "no road within 1 km of Andorra la Vella or Pas de la Casa"))
    }

    /// A service that takes the request and never answers: the leg waits the time-out, no more.
    @Test func aSilentServiceTimesOut() throws {
        let (outcome, url) = try Self.leg(.silent, timeout: 0.5)
        #expect(outcome == .estimate(reason: "Valhalla at \(url) did not answer within 0.5 s"))
    }

    @Test func aServiceThatHangsUpDoesNotAnswer() throws {
        let (outcome, url) = try Self.leg(.close)
        #expect(outcome == .estimate(reason: "Valhalla at \(url) does not answer"))
    }

    /// Bytes that are not HTTP at all.
    @Test func aServiceSpeakingSomethingElseDoesNotAnswer() throws {
        let (outcome, url) = try Self.leg(.raw("SSH-2.0-OpenSSH_9.2\r\n"))
        #expect(outcome == .estimate(reason: "Valhalla at \(url) does not answer"))
    }

    /// Nothing listens on the port (a server stopped before the leg).
    @Test func aServiceThatIsDownDoesNotAnswer() throws {
        let server = try LoopbackServer(.close)
        server.stop()
        let outcome = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B")
        #expect(outcome == .estimate(reason: "Valhalla at \(server.url.absoluteString) does not answer"))
    }

    /// After a time-out, the next legs are estimates at once for the same reason: a trip of many
    /// legs does not wait a time-out for each. Once the first leg timed out the server is stopped,
    /// so that a leg asked again would be refused ("does not answer"), not timed out: the reason
    /// tells whether it was asked, however slow the machine (no count of connections racing the
    /// server's thread).
    @Test func aServiceThatTimedOutIsNotAskedAgainAtOnce() throws {
        let server = try LoopbackServer(.silent)
        let router = ValhallaRouter(url: server.url, timeout: 0.5, retryAfter: 3_600)
        let reason = "Valhalla at \(server.url.absoluteString) did not answer within 0.5 s"
        #expect(router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B") == .estimate(reason: reason))
        server.stop()
        for _ in 0..<2 {
            #expect(router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B") == .estimate(reason: reason))
        }
        #expect(router.matrix(of: Self.stops) == .estimate(reason: reason))
    }

    @Test func aMatrixOfGarbageIsAnEstimate() throws {
        let server = try LoopbackServer(.answer(status: 200, body: #"{"sources_to_targets":[[{"distance":1,"time":60}]]}"#))
        defer { server.stop() }
        #expect(
            ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: Self.stops)
                == .estimate(reason: "Valhalla at \(server.url.absoluteString) answered something that is not a road matrix"))
    }

    @Test func theStatusOfAServiceThatIsNotValhalla() throws {
        let server = try LoopbackServer(.answer(status: 200, body: "[]"))
        defer { server.stop() }
        let router = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience)
        #expect(router.status() == .failure(.garbled))
    }
}
