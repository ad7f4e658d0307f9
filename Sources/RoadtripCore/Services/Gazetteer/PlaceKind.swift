/// What a place is: a town, or one of the sights and natural features people drive to. Stored as
/// one byte a place in the index (`GazetteerFormat.Detail`); the raw values are the file's and
/// never change meaning. GeoNames places are `.populatedPlace`; the kinds after it come from
/// OpenStreetMap tags (a region) or Natural Earth layers (the built-in features).
package enum PlaceKind: UInt8, CaseIterable, Sendable {
    case populatedPlace = 0
    case city, town, village, hamlet, locality, island
    case peak, volcano, waterfall, glacier, lake, bay, beach, cape, cliff, arch, cave, hotSpring, spring
    case attraction, viewpoint, museum, zoo, themePark, campSite, caravanSite, alpineHut, picnicSite
    case castle, monument, memorial, ruins, fort, archaeologicalSite
    case nationalPark, protectedArea, park, natureReserve
    case mountainPass, lighthouse, tower, bridge
    case mountainRange, canyon, plateau, desert, valley, physicalFeature

    /// What a result line calls it: "village", "peak", "national park". A GeoNames place says
    /// by its population what people would call it.
    package func label(population: Int) -> String {
        switch self {
        case .populatedPlace: return population >= 100_000 ? "city" : population >= 1_000 ? "town" : "village"
        case .hotSpring: return "hot spring"
        case .cave: return "cave entrance"
        case .themePark: return "theme park"
        case .campSite: return "camp site"
        case .caravanSite: return "caravan site"
        case .alpineHut: return "alpine hut"
        case .picnicSite: return "picnic site"
        case .archaeologicalSite: return "archaeological site"
        case .nationalPark: return "national park"
        case .protectedArea: return "protected area"
        case .natureReserve: return "nature reserve"
        case .mountainPass: return "pass"
        case .mountainRange: return "mountain range"
        case .physicalFeature: return "feature"
        default: return "\(self)"
        }
    }

    /// Towns and villages: what a stop made from coordinates is named after.
    package var isSettlement: Bool {
        switch self {
        case .populatedPlace, .city, .town, .village, .hamlet: return true
        default: return false
        }
    }

    /// How much a place of this kind weighs in the ranking when nothing better is known (no
    /// population, no Natural Earth rank): the population of a town people would know as well.
    /// A named village outranks a spring of the same name; a national park a village.
    package var defaultWeight: Int {
        switch self {
        case .populatedPlace, .town: return 5_000
        case .city: return 100_000
        case .village: return 500
        case .hamlet: return 50
        case .locality, .spring, .memorial, .picnicSite, .tower, .bridge: return 20
        case .nationalPark: return 20_000
        case .protectedArea, .natureReserve, .mountainRange, .canyon, .glacier, .volcano: return 2_000
        case .lake, .island, .castle, .zoo, .themePark, .museum, .attraction, .waterfall, .mountainPass, .lighthouse: return 500
        case .peak, .bay, .beach, .cape, .cliff, .arch, .cave, .hotSpring, .viewpoint, .fort, .ruins, .monument,
             .archaeologicalSite, .plateau, .desert, .valley, .physicalFeature, .park: return 200
        case .campSite, .caravanSite, .alpineHut: return 100
        }
    }
}
