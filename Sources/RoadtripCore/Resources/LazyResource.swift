import Foundation

/// A resource loaded the first time something needs it (SPEC: big data files must not slow
/// start-up). A resource that cannot be loaded is reported as a sentence, and only once.
@MainActor
package final class LazyResource<Value> {
    private let load: () throws -> Value
    private var result: Result<Value, any Error>?

    package init(load: @escaping () throws -> Value) {
        self.load = load
    }

    /// A value already in hand (tests, or a caller that loaded it).
    static func fixed(_ value: Value) -> LazyResource<Value> {
        LazyResource { value }
    }

    /// Forgets the value, so that the next use loads it again (a region was added or removed).
    package func reload() {
        result = nil
    }

    package var value: Result<Value, any Error> {
        if let result { return result }
        let loaded = Result { try load() }
        result = loaded
        return loaded
    }
}

package typealias PlaceIndexProvider = LazyResource<any PlaceIndex>
package typealias BasemapProvider = LazyResource<any BasemapProviding>

extension LazyResource where Value == any BasemapProviding {
    /// No basemap: maps show the route and pins on an empty background.
    package static var unavailable: BasemapProvider {
        BasemapProvider { throw BasemapUnavailable() }
    }
}

extension LazyResource where Value == any PlaceIndex {
    /// No gazetteer: nothing is found, and time zones come from longitudes.
    package static var unavailable: PlaceIndexProvider {
        PlaceIndexProvider { throw GazetteerUnavailable() }
    }
}

struct GazetteerUnavailable: Error, CustomStringConvertible {
    var description: String { "no gazetteer was given" }
}

package struct BasemapUnavailable: Error, CustomStringConvertible {
    package var description: String { "no basemap was given" }
}

extension LazyResource where Value == any PlaceIndex {
    /// Over the gazetteer of the installed resources, loaded on first use.
    package static func gazetteer(environment: [String: String]) -> PlaceIndexProvider {
        PlaceIndexProvider { try Gazetteer.load(from: Resources.locate(environment: environment).gazetteer) }
    }
}

extension LazyResource where Value == any BasemapProviding {
    /// The basemap of the installed resources, loaded when a map is first drawn.
    package static func basemap(environment: [String: String]) -> BasemapProvider {
        BasemapProvider { try Basemap.load(from: Resources.locate(environment: environment).basemap) }
    }
}
