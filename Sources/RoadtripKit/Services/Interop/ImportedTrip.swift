/// A trip read from another program's file, before it joins the user's trips (which gives it
/// and its stops new ids).
public struct ImportedTrip: Equatable, Sendable {
    public var name: String
    public var stops: [Waypoint]
    /// What was changed on the way in, one sentence each, for the user to read before keeping
    /// the trip ("a track of 12,345 points became 48 stops").
    public var notes: [String]

    public init(name: String, stops: [Waypoint], notes: [String] = []) {
        self.name = name
        self.stops = stops
        self.notes = notes
    }
}
