import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import TextCanvas

/// `roadtrip routing`: which engine routes legs on roads, and whether it answers.
struct RoutingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routing",
        abstract: "Show which engine routes legs on roads (Routino or a Valhalla service) and whether it answers.",
        discussion: """
            Legs are routed by Routino, in process, on the roads of the added regions, unless \
            ROADTRIP_VALHALLA_URL names a Valhalla service (http://host:port): then every leg is asked \
            of it, each request waited for ROADTRIP_VALHALLA_TIMEOUT seconds (5 by default). A leg \
            the engine cannot route is a straight-line estimate with the reason. Exits with 1 when \
            the Valhalla service does not answer (or the variable is not an address).

            Examples:
              roadtrip routing
              roadtrip routing --json
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(name: .long, help: "Print a JSON object {engine, url, regions, version, answers, problem}.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let status = RoutingStatus.of(shelf: RegionShelf.standard(environment: environment), environment: environment)
        if json {
            try CommandOutput.printJSON(String(decoding: try JSONEncoder.deterministic().encode(status), as: UTF8.self))
        } else if status.answers {
            try CommandOutput.printText(TextWidth.printable(Self.summary(status)) + "\n")
        }
        if !status.answers {
            throw CommandFailure(TextWidth.printable((status.problem ?? "the engine does not answer") + "."))
        }
    }

    /// "Legs are routed by Valhalla 3.9.1 at http://127.0.0.1:8002, which answers.", "… by
    /// Routino, in process, on the roads of “andorra”, “krems”.", or that Routino has none.
    static func summary(_ status: RoutingStatus) -> String {
        if let url = status.url {
            return "Legs are routed by Valhalla\(status.version.map { " " + $0 } ?? "") at \(url), which answers."
        }
        guard let regions = status.regions, !regions.isEmpty else {
            return "Legs are routed by Routino, in process, but no region has roads: every leg is a straight-line estimate "
                + "(add one with `roadtrip region add FILE.osm.pbf`)."
        }
        return "Legs are routed by Routino, in process, on the roads of \(RegionText.names(regions, first: 10))."
    }
}
