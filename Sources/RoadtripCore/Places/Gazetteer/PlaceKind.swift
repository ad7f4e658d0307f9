/// What a place is: a town, or one of the sights and natural features people drive to. Stored as
/// one byte a place in the index (`GazetteerFormat.Detail`); the raw values are the file's and
/// never change meaning, so a new kind goes at the end. GeoNames places are `.populatedPlace`; the
/// kinds after it come from OpenStreetMap tags (a region) or Natural Earth layers (the built-in
/// features); the amenities (`isAmenity`, from `.fuel` on) only from a region.
package enum PlaceKind: UInt8, CaseIterable, Sendable {
    case populatedPlace = 0
    case city, town, village, hamlet, locality, island
    case peak, volcano, waterfall, glacier, lake, bay, beach, cape, cliff, arch, cave, hotSpring, spring
    case attraction, viewpoint, museum, zoo, themePark, campSite, caravanSite, alpineHut, picnicSite
    case castle, monument, memorial, ruins, fort, archaeologicalSite
    case nationalPark, protectedArea, park, natureReserve
    case mountainPass, lighthouse, tower, bridge
    case mountainRange, canyon, plateau, desert, valley, physicalFeature
    // Region format 2 (issue 37): what a road-tripper stops for on the way.
    case fuel, chargingStation, restaurant, cafe, fastFood, hotel, motel, guestHouse, hostel, parking, toilets, drinkingWater, supermarket
    // Issue 56: what a traveller may need on the way, and the churches a town is known by.
    case hospital, pharmacy, church, placeOfWorship

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
        case .fuel: return "fuel station"
        case .chargingStation: return "EV charging"
        case .cafe: return "café"
        case .fastFood: return "fast food"
        case .guestHouse: return "guest house"
        case .drinkingWater: return "drinking water"
        case .placeOfWorship: return "place of worship"
        default: return "\(self)"
        }
    }

    /// Towns and villages.
    package var isSettlement: Bool {
        switch self {
        case .populatedPlace, .city, .town, .village, .hamlet: return true
        default: return false
        }
    }

    /// A place that covers ground (a park, a lake, a range, a desert): its point is one inside it,
    /// which may lie tens of kilometers from where one stands in it.
    package var isArea: Bool {
        switch self {
        case .nationalPark, .protectedArea, .natureReserve, .lake, .glacier, .island, .mountainRange, .canyon, .plateau, .desert, .valley:
            return true
        default: return false
        }
    }

    /// What a point typed as coordinates may be named after ("near Ordino", "12 km N of Pic de
    /// Coma Pedrosa"): a place at a spot, not an area, whose point says little of how far one is
    /// from it, nor a service (a fuel station, a car park), which few would know the way to by name.
    package var namesAPoint: Bool {
        !isArea && !isAmenity
    }

    /// A service on the way (fuel, food, a bed, parking, toilets, water, groceries) rather than a
    /// place people set out for: many of them, often without a name, told apart by where they
    /// are, and weighing less than any town or sight in a search by name.
    package var isAmenity: Bool {
        switch self {
        case .fuel, .chargingStation, .restaurant, .cafe, .fastFood, .hotel, .motel, .guestHouse, .hostel, .parking, .toilets,
            .drinkingWater, .supermarket, .hospital, .pharmacy:
            return true
        default: return false
        }
    }

    /// How much a place of this kind weighs in the ranking when nothing better is known (no
    /// population, no Natural Earth rank): the population of a town people would know as well.
    /// A named village outranks a spring of the same name; a national park a village; any of
    /// them a fuel station or hotel (a "Hotel Ordino" after Ordino), and those the parking lots.
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
            .archaeologicalSite, .plateau, .desert, .valley, .physicalFeature, .park, .church, .placeOfWorship:
            return 200
        case .campSite, .caravanSite, .alpineHut: return 100
        case .fuel, .chargingStation, .restaurant, .cafe, .fastFood, .hotel, .motel, .guestHouse, .hostel, .supermarket, .hospital, .pharmacy:
            return 10
        case .parking, .toilets, .drinkingWater: return 5
        }
    }
}
