import Foundation
import Testing
import RoadtripCore
import RoadtripTestSupport
@testable import ValhallaRouting
#if canImport(Glibc)
import Glibc
#endif

/// A password in the service's address (issue 52, item 8) authenticates the requests and is
/// never shown, kept or put where another process reads it: not in a reason, not in the
/// version legs are kept under, not on curl's command line.
struct ValhallaCredentialsTests {
    static let vella = ValhallaJSONTests.vella, pas = ValhallaJSONTests.pas

    /// `url` with the user "alice" and her password.
    static func withPassword(_ url: URL) -> URL {
        URL(string: url.absoluteString.replacingOccurrences(of: "http://", with: "http://alice:s3cretPW@"))!
    }

    @Test func aReasonNamesTheServiceWithoutItsPassword() throws {
        let server = try LoopbackServer(.close)
        defer { server.stop() }
        let router = ValhallaRouter(url: Self.withPassword(server.url), timeout: LoopbackServer.patience)
        #expect(
            router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B")
                == .estimate(reason: "Valhalla at \(server.url.absoluteString) does not answer"))
    }

    /// Legs are kept under the service's address without the password (the cache's keys).
    @Test func theRoadsAreNamedWithoutThePassword() throws {
        let router = ValhallaRouter(url: URL(string: "http://alice:s3cretPW@127.0.0.1:8702")!)
        #expect(router.roads(from: Self.vella, to: Self.pas) == CoveringRoads(name: "Valhalla", version: "http://127.0.0.1:8702"))
        #expect(router.everyRoads == ["http://127.0.0.1:8702"])
    }

    /// The request carries the credentials (HTTP basic authentication, as curl sends a URL's).
    @Test func theRequestsAreAuthenticated() throws {
        let server = try LoopbackServer(.serve(FakeValhalla.answer))
        defer { server.stop() }
        let router = ValhallaRouter(url: Self.withPassword(server.url), timeout: LoopbackServer.patience)
        #expect(try router.status().get() == FakeValhalla.version)
        guard case .road = router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B") else { Issue.record("a road"); return }
        let basic = "Authorization: Basic " + Data("alice:s3cretPW".utf8).base64EncodedString()
        #expect(server.requests.count == 2 && server.requests.allSatisfy { $0.headers.contains(basic) }, "\(server.requests.map(\.headers))")
    }

    /// While the server holds a request, curl is running: its command line (which any process of
    /// the user reads in /proc) has the service's address, and not the password.
    @Test func thePasswordIsNotOnCurlsCommandLine() throws {
        let seen = Seen()
        let server = try LoopbackServer(
            .serve { request in
                seen.record(Self.commandLines(containing: request.headers.first { $0.hasPrefix("Host: ") }.map { String($0.dropFirst(6)) } ?? "?"))
                return FakeValhalla.answer(request)
            })
        defer { server.stop() }
        let router = ValhallaRouter(url: Self.withPassword(server.url), timeout: LoopbackServer.patience)
        guard case .road = router.route(from: Self.vella, to: Self.pas, fromName: "A", toName: "B") else { Issue.record("a road"); return }
        let lines = seen.lines
        #expect(lines.count == 1 && lines.allSatisfy { !$0.contains("s3cretPW") }, "\(lines)")
    }

    /// The command lines of this user's processes that hold `text` (the server's host and port).
    static func commandLines(containing text: String) -> [String] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }
        return pids.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String] = []
        func record(_ lines: [String]) { lock.withLock { found += lines } }
        var lines: [String] { lock.withLock { found } }
    }
}
