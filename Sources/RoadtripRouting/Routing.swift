import Foundation
import RoadtripCore
import RoadtripRegions
import RoutinoRouting
import ValhallaRouting

/// Which engine routes legs on roads: the one place that names one. A Valhalla service when
/// `ROADTRIP_VALHALLA_URL` names one (its requests waited for `ROADTRIP_VALHALLA_TIMEOUT`
/// seconds, 5 by default), else Routino in process on the added regions.
package enum Routing {
    package static let valhallaVariable = "ROADTRIP_VALHALLA_URL"
    package static let timeoutVariable = "ROADTRIP_VALHALLA_TIMEOUT"

    /// The engine of `environment`'s settings on the regions of `shelf`, its legs kept in the
    /// cache of `environment` (none when `cached` is false, as the bench of the engine itself).
    package static func engine(shelf: RegionShelf, environment: [String: String], cached: Bool = true) -> any RoadRouting {
        let engine: any RoadRouting
        if case .success(let url)? = valhallaURL(environment: environment) {
            engine = ValhallaRouter(url: url, timeout: valhallaTimeout(environment: environment))
        } else {
            engine = RoadRouter(shelf: shelf)
        }
        return cached ? CachedRouting(engine, file: CachedRouting.standardFile(environment: environment)) : engine
    }

    /// The engine of `environment`, on its standard regions folder.
    package static func engine(environment: [String: String]) -> any RoadRouting {
        engine(shelf: RegionShelf.standard(environment: environment), environment: environment)
    }

    /// The Valhalla service `ROADTRIP_VALHALLA_URL` names (with the user and password it may
    /// hold, which `ValhallaRouter` keeps to itself): nil when it is not set (or empty), a
    /// sentence when it is not an http:// or https:// address (Routino routes meanwhile), which
    /// quotes it without what may be a password.
    package static func valhallaURL(environment: [String: String]) -> Result<URL, InvalidSetting>? {
        guard let text = environment[valhallaVariable], !text.isEmpty else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            let shown = ServiceAddress.withoutUserInformation(text)
            return .failure(InvalidSetting(description: "\(valhallaVariable)=\(shown) is not an http:// or https:// address"))
        }
        return .success(url)
    }

    /// `ROADTRIP_VALHALLA_TIMEOUT`, when a number of seconds from 0.1 to 300; else the default.
    package static func valhallaTimeout(environment: [String: String]) -> TimeInterval {
        guard let seconds = environment[timeoutVariable].flatMap(Double.init), (0.1...300).contains(seconds) else { return ValhallaRouter.defaultTimeout }
        return seconds
    }

    package struct InvalidSetting: Error, Equatable, CustomStringConvertible {
        package let description: String
    }
}
