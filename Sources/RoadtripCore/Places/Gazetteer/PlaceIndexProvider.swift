import Foundation

/// The place index (the gazetteer, or the library of it and the regions' indexes), loaded on first use.
package typealias PlaceIndexProvider = LazyResource<any PlaceIndex>

extension LazyResource where Value == any PlaceIndex {
    /// No gazetteer: nothing is found, and time zones come from longitudes.
    package static var unavailable: PlaceIndexProvider {
        PlaceIndexProvider { throw GazetteerUnavailable() }
    }
}

struct GazetteerUnavailable: Error, CustomStringConvertible {
    var description: String { "no gazetteer was given" }
}

extension LazyResource where Value == any PlaceIndex {
    /// Over the gazetteer of the installed resources, loaded on first use.
    package static func gazetteer(environment: [String: String]) -> PlaceIndexProvider {
        PlaceIndexProvider { try Gazetteer.load(from: Resources.locate(environment: environment).gazetteer) }
    }
}
