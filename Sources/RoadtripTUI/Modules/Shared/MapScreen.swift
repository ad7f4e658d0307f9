import RoadtripCore

/// A screen with the trip's map beside its list (a trip, the places along it, a stop's editor).
@MainActor
protocol MapScreen: Screen {
    var map: TripMapPanel { get set }
}

extension MapScreen {
    /// The basemap the map draws on (nil: none), once loaded.
    func showBasemap(_ basemap: (any BasemapProviding)?) {
        map.basemap = basemap
        needsDisplay = true
    }
}
