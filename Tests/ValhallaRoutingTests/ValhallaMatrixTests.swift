import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport
@testable import ValhallaRouting

/// The road matrix from `/sources_to_targets`, on a server that answers each request from its
/// body: every leg 1 km more than its source's number, in seconds 60 times that (each longer than
/// the straight line, at 60 km/h: figures a drive can have).
struct ValhallaMatrixTests {
    /// A matrix answer for the request: the cell from source s to target t is `(s.lat * 10000 + 1)` km.
    static let answer: @Sendable (Data) -> (status: Int, body: String) = { body in
        guard let request = try? JSONDecoder().decode(ValhallaJSON.MatrixRequest.self, from: body) else { return (400, "{}") }
        let rows = request.sources.map { source in
            request.targets.map { _ in #"{"distance":\#((source.lat * 10_000).rounded() + 1),"time":\#(((source.lat * 10_000).rounded() + 1) * 60)}"# }.joined(
                separator: ",")
        }
        return (200, #"{"sources_to_targets":[\#(rows.map { "[\($0)]" }.joined(separator: ","))]}"#)
    }

    /// `n` stops, stop i at latitude i / 10,000 (so the answer can tell them apart; 60 of them
    /// within 700 m, closer than the shortest leg of the answer).
    static func stops(_ n: Int) -> [(Coordinate, String)] {
        (0..<n).map { (Coordinate(latitude: Double($0) / 10_000, longitude: 1), "Stop \($0)") }
    }

    @Test func aMatrixHasEveryLegBothWays() throws {
        let server = try LoopbackServer(.respond(Self.answer))
        defer { server.stop() }
        guard case .roads(let matrix) = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: Self.stops(3)) else {
            Issue.record("a matrix on roads"); return
        }
        #expect(matrix.meters(2, 0) == 3_000)
        #expect(matrix.seconds(0, 1) == 60)
        #expect(matrix.meters(1, 1) == 0)
        #expect(server.connections == 1)
    }

    /// 60 stops are 3,540 pairs: two requests of at most 2,500 pairs (41 sources, then 19), progress after each.
    @Test func manyStopsAreAskedInParts() throws {
        let server = try LoopbackServer(.respond(Self.answer))
        defer { server.stop() }
        var reported: [Int] = []
        let outcome = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: Self.stops(60)) { done, total in
            #expect(total == 60 * 59)
            reported.append(done)
            return true
        }
        guard case .roads(let matrix) = outcome else { Issue.record("a matrix on roads"); return }
        #expect(matrix.meters(59, 3) == 60_000)
        #expect(reported == [41 * 59, 60 * 59])
        #expect(server.connections == 2)
    }

    @Test func aCancelStopsBetweenRequests() throws {
        let server = try LoopbackServer(.respond(Self.answer))
        defer { server.stop() }
        #expect(ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: Self.stops(60)) { _, _ in false } == .cancelled)
        #expect(server.connections == 1)
    }

    /// Rows known in full are not asked; a leg known is taken as it is.
    @Test func legsKnownAreNotAsked() throws {
        let server = try LoopbackServer(.respond(Self.answer))
        defer { server.stop() }
        let known = RoutedLeg(meters: 5, seconds: 7, line: [], region: "Valhalla")
        let outcome = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(
            of: Self.stops(2), options: RouteOptions(), known: { i, _ in i == 0 ? known : nil }
        ) { _, _ in true }
        guard case .roads(let matrix) = outcome else { Issue.record("a matrix on roads"); return }
        #expect(matrix.meters(0, 1) == 5)
        #expect(matrix.meters(1, 0) == 2_000)
        #expect(server.connections == 1)
    }

    @Test func aPairWithoutARoadIsAGapOfTheMatrix() throws {
        let server = try LoopbackServer(
            .answer(
                status: 200,
                body: #"{"sources_to_targets":[[{"distance":0,"time":0},{"distance":null,"time":null}],[{"distance":1,"time":60},{"distance":0,"time":0}]]}"#))
        defer { server.stop() }
        guard case .roads(let matrix) = ValhallaRouter(url: server.url, timeout: LoopbackServer.patience).matrix(of: Self.stops(2)) else {
            Issue.record("a matrix on roads, with its gap")
            return
        }
        #expect(matrix.gaps == [RoadMatrix.Gap(from: 0, to: 1)] && matrix.meters(1, 0) == 1_000)
    }
}
