import Foundation

/// The kinds of place a user looks for along the road, as the planner's keys and `roadtrip along
/// --kind` name them: each a few `PlaceKind`s.
package enum AlongKind: String, CaseIterable, Sendable {
    case fuel, charging, food, beds, camping, sights, parking, toilets, water, groceries

    /// The place kinds it stands for.
    package var placeKinds: Set<PlaceKind> {
        switch self {
        case .fuel: return [.fuel]
        case .charging: return [.chargingStation]
        case .food: return [.restaurant, .cafe, .fastFood]
        case .beds: return [.hotel, .motel, .guestHouse, .hostel, .campSite, .caravanSite, .alpineHut]
        case .camping: return [.campSite, .caravanSite]
        case .sights:
            return [
                .attraction, .viewpoint, .museum, .zoo, .themePark, .castle, .monument, .memorial, .ruins, .fort, .archaeologicalSite,
                .waterfall, .cave, .hotSpring, .lighthouse, .tower,
            ]
        case .parking: return [.parking]
        case .toilets: return [.toilets]
        case .water: return [.drinkingWater]
        case .groceries: return [.supermarket]
        }
    }

    /// What is looked for when nothing is named: what a driver stops for; parking, toilets, water
    /// and groceries (a town has dozens) only when asked.
    package static let usual: [AlongKind] = [.fuel, .charging, .food, .beds, .sights]

    /// The place kinds of `kinds` together (the `usual` ones when none is named).
    package static func placeKinds(of kinds: [AlongKind]) -> Set<PlaceKind> {
        (kinds.isEmpty ? usual : kinds).reduce(into: Set()) { $0.formUnion($1.placeKinds) }
    }
}
