import Foundation
import Terminal

/// What every module's router needs to build its module and the next ones: the shared model,
/// the navigation stack, the units, and the resources that load on first use.
@MainActor
struct ModuleContext {
    let model: DataModel
    let navigator: Navigator
    let unit: DistanceUnit
    let places: PlaceIndexProvider
    let basemap: BasemapProvider

    init(model: DataModel, navigator: Navigator, unit: DistanceUnit, places: PlaceIndexProvider, basemap: BasemapProvider = .unavailable) {
        self.model = model
        self.navigator = navigator
        self.unit = unit
        self.places = places
        self.basemap = basemap
    }
}

/// A resource loaded the first time something needs it (SPEC: big data files must not slow
/// start-up). A resource that cannot be loaded is reported as a sentence, and only once.
@MainActor
final class LazyResource<Value> {
    private let load: () throws -> Value
    private var result: Result<Value, any Error>?

    init(load: @escaping () throws -> Value) {
        self.load = load
    }

    /// A value already in hand (tests, or a caller that loaded it).
    static func fixed(_ value: Value) -> LazyResource<Value> {
        LazyResource { value }
    }

    var value: Result<Value, any Error> {
        if let result { return result }
        let loaded = Result { try load() }
        result = loaded
        return loaded
    }
}

typealias PlaceIndexProvider = LazyResource<any PlaceIndex>
typealias BasemapProvider = LazyResource<any BasemapProviding>

extension LazyResource where Value == any BasemapProviding {
    /// No basemap: maps show the route and pins on an empty background.
    static var unavailable: BasemapProvider {
        BasemapProvider { throw BasemapUnavailable() }
    }
}

extension LazyResource where Value == any PlaceIndex {
    /// No gazetteer: nothing is found, and time zones come from longitudes.
    static var unavailable: PlaceIndexProvider {
        PlaceIndexProvider { throw GazetteerUnavailable() }
    }
}

struct GazetteerUnavailable: Error, CustomStringConvertible {
    var description: String { "no gazetteer was given" }
}

struct BasemapUnavailable: Error, CustomStringConvertible {
    var description: String { "no basemap was given" }
}

extension LazyResource where Value == any BasemapProviding {
    /// The basemap for a map panel: nil when none was meant to be there (`unavailable`), the
    /// load's error when one was and could not be read (for the status bar to say so).
    var forMap: Result<(any BasemapProviding)?, any Error> {
        switch value {
        case .success(let basemap): return .success(basemap)
        case .failure(let error) where error is BasemapUnavailable: return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }
}

extension StatusMessage {
    /// A basemap that could not be loaded: the map still draws the route.
    static func basemapFailed(_ error: any Error) -> StatusMessage {
        .error("The map is drawn without land and borders: \(error)")
    }
}
