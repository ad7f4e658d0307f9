import Foundation

/// The basemap, loaded when a map is first drawn.
package typealias BasemapProvider = LazyResource<any BasemapProviding>

extension LazyResource where Value == any BasemapProviding {
    /// No basemap: maps show the route and pins on an empty background.
    package static var unavailable: BasemapProvider {
        BasemapProvider { throw BasemapUnavailable() }
    }
}

package struct BasemapUnavailable: Error, CustomStringConvertible {
    package var description: String { "no basemap was given" }
}

extension LazyResource where Value == any BasemapProviding {
    /// The basemap of the installed resources, loaded when a map is first drawn.
    package static func basemap(environment: [String: String]) -> BasemapProvider {
        BasemapProvider { try Basemap.load(from: Resources.locate(environment: environment).basemap) }
    }
}
