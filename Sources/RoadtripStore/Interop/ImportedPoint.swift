import RoadtripCore

/// A point as a file gives it, before it becomes a stop: what the file says, nothing more.
struct ImportedPoint: Equatable {
    var location: Coordinate
    var name: String?
    var notes: String?
    var stay: Stay?
    var overnight = false
    /// The stop's region and country, where roadtrip's own file gives them.
    var region: String?
    var country: String?

    init(location: Coordinate, name: String? = nil, notes: String? = nil, stay: Stay? = nil, overnight: Bool = false) {
        self.location = location
        self.name = name
        self.notes = notes
        self.stay = stay
        self.overnight = overnight
    }

    /// Whether the file gave the point something of its own: such points of a track are kept
    /// when it is reduced.
    var isNamed: Bool { name != nil }

    /// The stop, named `fallbackName` when the file gave no name.
    func stop(fallbackName: @autoclosure () -> String) -> Stop {
        var stop = Stop(name: name ?? fallbackName(), location: location, notes: notes)
        stop.stay = stay
        stop.overnight = overnight
        (stop.region, stop.country) = (region, country)
        return stop
    }
}

/// A route, track or line of a file: points in order, and its name when it has one.
struct ImportedLine: Equatable {
    enum Kind { case route, track }
    var kind: Kind
    var name: String?
    var points: [ImportedPoint] = []
}
