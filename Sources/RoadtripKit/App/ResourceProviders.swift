extension LazyResource where Value == any PlaceSearching {
    /// Over the gazetteer of the installed resources, loaded on first use.
    static func gazetteer(environment: [String: String]) -> PlaceSearchProvider {
        PlaceSearchProvider { try Gazetteer.load(from: Resources.locate(environment: environment).gazetteer) }
    }
}
