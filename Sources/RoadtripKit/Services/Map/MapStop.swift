import Terminal

/// A stop as the map shows it: where, its number on the pin, its name on the label.
public struct MapStop: Equatable, Sendable {
    public var coordinate: Coordinate
    public var number: Int
    public var name: String

    public init(coordinate: Coordinate, number: Int, name: String) {
        self.coordinate = coordinate
        self.number = number
        self.name = name
    }
}

/// One drawn map: the canvas to show, and what went where (for tests and for views that want to
/// know which labels fitted).
public struct MapFrame: Sendable {
    public var canvas: DotCanvas
    /// The pin's cells per stop index, for the stops in view.
    public var pins: [Int: Rect]
    /// Labels that found room, `id` being the stop index.
    public var labels: [PlacedLabel]
    public var scaleBar: ScaleBar?
    /// The cells of the scale bar's text, when shown.
    public var scaleBarRect: Rect?
}

extension MapStop {
    /// A trip's stops as the map shows them: numbered from 1, named.
    static func stops(of trip: Trip) -> [MapStop] {
        trip.waypoints.withUnsafeBufferPointer { stops in
            stops.indices.map { MapStop(coordinate: stops[$0].location, number: $0 + 1, name: stops[$0].name) }
        }
    }
}
