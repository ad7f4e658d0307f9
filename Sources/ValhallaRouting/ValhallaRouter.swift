import Foundation
import RoadtripCore

/// The Valhalla engine (`RoadRouting`): legs routed by a Valhalla service over HTTP, `/route` for
/// a leg and its shape, `/sources_to_targets` for a matrix. The roads are the server's, whatever
/// it has tiles for: every leg is asked of it, and one it cannot route stays an estimate with the
/// reason (no road between the stops, the service down, slow or answering something else).
///
/// A leg's time is Valhalla's own (its costing's speeds), not roadtrip's `DriveTime`: Valhalla
/// gives no speed limits along the shape to time it by. The shape is the leg's line, for the map
/// and the exports.
///
/// A request waits at most `timeout`; after a service that did not answer, legs asked in the
/// next `retryAfter` are estimates at once with the same reason, so that a trip of many legs
/// does not wait a time-out for each.
package final class ValhallaRouter: RoadRouting, @unchecked Sendable {
    /// The service's address without its user information: what is shown and kept of it.
    package let url: URL
    let client: ValhallaClient
    let retryAfter: TimeInterval
    let now: @Sendable () -> Date
    private let lock = NSLock()
    // Behind `lock`: why the service last did not answer, and until when that stands.
    private var down: (reason: String, until: Date)?

    /// A few seconds a leg: the planner shows the estimate rather than wait longer.
    package static let defaultTimeout: TimeInterval = 5
    /// The most pairs one matrix request asks (Valhalla's own default limit for `auto`).
    package static let pairsPerRequest = 2_500

    /// The most of a `/route` answer read: a leg as long as the Earth's circumference (40,075
    /// km, the longest `LegFigures.arePlausible` takes) at 400 bytes a kilometer, more than twice
    /// what Valhalla 3.9.1 answers on Andorra's winding mountain roads (165, its shape of every
    /// point of the road included). A longer answer is no leg's, and is not read on.
    static let routeAnswerLimit = 16 << 20
    /// The most of `/status`'s answer read: a version and a few settings.
    static let statusAnswerLimit = 1 << 20

    /// The most of a `/sources_to_targets` answer read for `pairs` pairs: a kilobyte a pair (a
    /// cell of Valhalla 3.9.1 is some 200 bytes: its figures, cost, indexes, headings and ends)
    /// and a megabyte for what is around them (the locations echoed, warnings).
    static func matrixAnswerLimit(pairs: Int) -> Int {
        (1 << 20) + pairs * 1_024
    }

    /// The service at `url`, as the user gave it: a user and password in it authenticate every
    /// request, and are never shown nor kept (`ServiceAddress`).
    package init(url: URL, timeout: TimeInterval = defaultTimeout, retryAfter: TimeInterval = 10, now: @escaping @Sendable () -> Date = Date.init) {
        let address = ServiceAddress(url)
        self.url = address.url
        client = ValhallaClient(address: address, timeout: timeout)
        self.retryAfter = retryAfter
        self.now = now
    }

    package var hasRoads: Bool { true }

    /// The service's roads, named by its address without user information (a leg kept is kept
    /// under it, in a file others may read).
    package func roads(from: Coordinate, to: Coordinate) -> CoveringRoads? {
        CoveringRoads(name: "Valhalla", version: url.absoluteString)
    }

    package var everyRoads: Set<String> { [url.absoluteString] }

    package func route(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions = RouteOptions()) -> RoadOutcome {
        if let reason = recentFailure() { return .estimate(reason: reason) }
        switch client.post("route", ValhallaJSON.RouteRequest(from: from, to: to, options: options), limit: Self.routeAnswerLimit) {
        case .failure(.http(400, let code?, _)) where Self.unconnected.contains(code): return .estimate(reason: RoutedLeg.noRoad)
        case .failure(.http(400, Self.noRoadNear?, _)): return .estimate(reason: "no road within 1 km of \(fromName) or \(toName)")
        case .failure(let failure): return .estimate(reason: reason(failure, asked: "a route"))
        case .success(let data):
            return Self.leg(data, from: (from, fromName), to: (to, toName), service: service) ?? .estimate(reason: reason(.garbled, asked: "a route"))
        }
    }

    /// "Valhalla at ADDRESS": how a reason names the service.
    var service: String { "Valhalla at \(url.absoluteString)" }

    /// Valhalla's error codes for points no road joins (unconnected regions, no path found).
    static let unconnected: Set<Int> = [170, 442, 443]
    /// Valhalla's error code for a point with no road within its `search_cutoff`.
    static let noRoadNear = 171

    /// The leg of `/route`'s answer; an estimate when its figures cannot be a drive between the
    /// stops (`LegFigures.implausibility`, said of `service`) or an end is off-road; nil when the
    /// answer is not a route (not its JSON, a shape that does not decode, figures no leg has).
    static func leg(_ data: Data, from: (Coordinate, String), to: (Coordinate, String), service: String) -> RoadOutcome? {
        guard let answer = try? JSONDecoder().decode(ValhallaJSON.RouteResponse.self, from: data), answer.trip.legs.count == 1,
            let leg = answer.trip.legs.first, let line = Polyline.decode(leg.shape), line.count >= 2
        else { return nil }
        let meters = leg.summary.length * 1_000
        if let doubt = LegFigures.implausibility(meters: meters, seconds: leg.summary.time, from: from.0, to: to.0) {
            return doubted(doubt, meters: meters, seconds: leg.summary.time, by: service).map { .estimate(reason: $0) }
        }
        return RoutedLeg(meters: meters, seconds: leg.summary.time, line: line, region: "Valhalla").reaching(from: from, to: to)
    }

    /// Why `service`'s figures for a leg (`meters`, `seconds`; `between`: the stops, in a matrix)
    /// are not taken: "Valhalla at … gave 1.0 km for stops 1,280 km apart"; nil when they are no
    /// figures of a drive at all, and the answer is then not what was asked.
    static func doubted(_ doubt: LegFigures.Implausibility, meters: Double, seconds: Double, by service: String, between: (String, String)? = nil) -> String? {
        let length = DistanceUnit.km.format(meters: meters)
        switch doubt {
        case .notADrive:
            return nil
        case .fasterThanAnyVehicle:
            let stops = between.map { " from \($0.0) to \($0.1)" } ?? ""
            return "\(service) gave \(length) in \(RouteEstimate.formatDuration(seconds: seconds))\(stops), faster than any vehicle drives"
        case .shorterThanTheStraightLine(let geodesic):
            let apart = DistanceUnit.km.format(meters: geodesic) + " apart"
            return "\(service) gave \(length) " + (between.map { "from \($0.0) to \($0.1), \(apart)" } ?? "for stops \(apart)")
        }
    }

    /// The service's version, asked of `/status`.
    package func status() -> Result<String, ValhallaFailure> {
        client.get("status", limit: Self.statusAnswerLimit).flatMap { data in
            (try? JSONDecoder().decode(ValhallaJSON.Status.self, from: data)).map { .success($0.version) } ?? .failure(.garbled)
        }
    }

    /// A phrase for beside an estimate (or after "roadtrip routing:"): why `failure` gave nothing,
    /// `asked` naming what was asked for. A service that did not answer, or answered without end,
    /// is remembered (`retryAfter`): a trip of many legs does not wait, or read, that for each.
    package func reason(_ failure: ValhallaFailure, asked: String) -> String {
        let reason: String
        switch failure {
        case .unreachable: reason = "\(service) does not answer"
        case .timedOut: reason = "\(service) did not answer within \(Self.seconds(client.timeout))"
        case .tooLarge(let limit): reason = "\(service) answered more than \(Self.megabytes(limit)) for \(asked)"
        case .garbled: return "\(service) answered something that is not \(asked)"
        case .noCurl: return "\(service) is asked through curl, which is not installed: install it with `sudo apt-get install curl`"
        case .http(let status, _, let message):
            return "\(service) answered HTTP \(status)" + (message.map { ": " + String($0.prefix(120)) } ?? "")
        }
        lock.withLock { down = (reason, now().addingTimeInterval(retryAfter)) }
        return reason
    }

    /// Why the service did not answer a moment ago, while that stands.
    func recentFailure() -> String? {
        lock.withLock {
            guard let down, now() < down.until else { return nil }
            return down.reason
        }
    }

    /// "16 MB": whole megabytes, rounded down (the answer was more than the limit).
    static func megabytes(_ bytes: Int) -> String {
        "\(bytes >> 20) MB"
    }

    /// "5 s", "0.5 s".
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
