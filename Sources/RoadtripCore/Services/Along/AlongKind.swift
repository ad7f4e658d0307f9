import Foundation

/// The kinds of place a user looks for along the road, as the planner's keys and `roadtrip along
/// --kind` name them: each a few `PlaceKind`s.
package enum AlongKind: String, CaseIterable, Sendable {
    case sights, beds, camping

    /// The place kinds it stands for.
    package var placeKinds: Set<PlaceKind> {
        switch self {
        case .sights:
            return [.attraction, .viewpoint, .museum, .zoo, .themePark, .castle, .monument, .memorial, .ruins, .fort, .archaeologicalSite,
                    .waterfall, .cave, .hotSpring, .lighthouse, .tower]
        case .beds: return [.campSite, .caravanSite, .alpineHut]
        case .camping: return [.campSite, .caravanSite]
        }
    }

    /// The place kinds of `kinds` together (all of them when none is named).
    package static func placeKinds(of kinds: [AlongKind]) -> Set<PlaceKind> {
        (kinds.isEmpty ? allCases : kinds).reduce(into: Set()) { $0.formUnion($1.placeKinds) }
    }
}
