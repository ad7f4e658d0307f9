extension LazyResource where Value == any PlaceIndex {
    /// Over the gazetteer of the installed resources, loaded on first use.
    static func gazetteer(environment: [String: String]) -> PlaceIndexProvider {
        PlaceIndexProvider { try Gazetteer.load(from: Resources.locate(environment: environment).gazetteer) }
    }
}

extension LazyResource where Value == any BasemapProviding {
    /// The basemap of the installed resources, loaded when a map is first drawn.
    static func basemap(environment: [String: String]) -> BasemapProvider {
        BasemapProvider { try Basemap.load(from: Resources.locate(environment: environment).basemap) }
    }
}
