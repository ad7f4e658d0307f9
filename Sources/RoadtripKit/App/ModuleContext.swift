import Foundation

/// What every module's router needs to build its module and the next ones: the shared model,
/// the navigation stack, the units, and place search.
@MainActor
struct ModuleContext {
    let model: DataModel
    let navigator: Navigator
    let unit: DistanceUnit
    let places: PlaceSearchProvider
}

/// The gazetteer, loaded the first time a search needs it (SPEC: loading must not slow start-up).
/// A gazetteer that cannot be loaded is reported once, as a sentence; coordinates still work.
@MainActor
final class PlaceSearchProvider {
    private let load: () throws -> PlaceSearching
    private var result: Result<PlaceSearching, any Error>?

    init(load: @escaping () throws -> PlaceSearching) {
        self.load = load
    }

    /// A provider of places already in hand (tests, or a caller that loaded them).
    static func fixed(_ places: PlaceSearching) -> PlaceSearchProvider {
        PlaceSearchProvider { places }
    }

    var places: Result<PlaceSearching, any Error> {
        if let result { return result }
        let loaded = Result { try load() }
        result = loaded
        return loaded
    }
}
