import RoadtripCore

/// What the user chose earlier in this session, for the screens that are opened again (issue 53,
/// items 9 and 13): the kinds of places looked for along the road and how far from it, and the
/// folder the last export went to. Each screen is made anew when it opens; these are not. Kept
/// in memory only: a planner started again starts from the defaults and its own folder.
@MainActor
final class SessionChoices {
    /// The kinds the panel along the road shows: at first what `roadtrip along` looks for.
    var alongKinds = Set(AlongKind.usual)
    /// How far from the road the panel looks, in the trip's unit (one of its steps).
    var alongReach = 2.0
    /// The folder of the last export written, where the next is proposed; nil before the first.
    var exportFolder: String?

    init() {}
}
