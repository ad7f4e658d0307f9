import Foundation
import RoadtripCore
import RoadtripRegions
import ValhallaRouting

/// Which engine routes legs and whether it answers: what `roadtrip routing` prints.
package struct RoutingStatus: Encodable, Equatable {
    /// "routino" or "valhalla".
    package let engine: String
    /// The Valhalla service's address, without the user and password it may hold.
    package let url: String?
    /// The regions Routino routes on (those with roads).
    package let regions: [String]?
    /// The Valhalla service's version, from its `/status`.
    package let version: String?
    package let answers: Bool
    /// Why legs are not routed on roads, when `answers` is false: a sentence without its full stop.
    package let problem: String?

    /// The status of the engine `environment` chooses, on the regions of `shelf`: a Valhalla
    /// service is asked its `/status` (within its time-out); Routino, in process, always answers.
    package static func of(shelf: RegionShelf, environment: [String: String]) -> RoutingStatus {
        switch Routing.valhallaURL(environment: environment) {
        case .success(let url)?:
            let router = ValhallaRouter(url: url, timeout: Routing.valhallaTimeout(environment: environment))
            switch router.status() {
            case .success(let version):
                return RoutingStatus(engine: "valhalla", url: router.url.absoluteString, regions: nil, version: version, answers: true, problem: nil)
            case .failure(let failure):
                return RoutingStatus(
                    engine: "valhalla", url: router.url.absoluteString, regions: nil, version: nil, answers: false,
                    problem: router.reason(failure, asked: "its status") + ": every leg is a straight-line estimate until it answers")
            }
        case .failure(let invalid)?:
            return RoutingStatus(
                engine: "routino", url: nil, regions: roadRegions(shelf), version: nil, answers: false,
                problem: "\(invalid.description): legs are routed by Routino instead")
        case nil:
            // Routino is in process: it answers, with or without regions of roads to route on.
            return RoutingStatus(engine: "routino", url: nil, regions: roadRegions(shelf), version: nil, answers: true, problem: nil)
        }
    }

    /// The added regions with a road database.
    static func roadRegions(_ shelf: RegionShelf) -> [String] {
        shelf.installed(checkingPlaces: false).compactMap { region in (try? region.info.get())?.roadDatabase == nil ? nil : region.name }
    }
}
