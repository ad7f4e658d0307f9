import Foundation
import IndexWriting
import RoadtripCore
import RoadtripRegions

/// What an import keeps of an OpenStreetMap extract: the tags that make an object a place a
/// road-tripper may type (`filterExpressions`, for `osmium tags-filter`), and how a feature that
/// `osmium export` wrote becomes a `NamedFeature` (`feature(fromLine:)`).
enum OSMFeatures {
    /// `osmium tags-filter` expressions: every object carrying one of these tags, whatever its type.
    static let filterExpressions = [
        "nwr/place=city,town,village,hamlet,locality,island,islet",
        "nwr/natural=peak,volcano,waterfall,glacier,water,bay,beach,cape,cliff,arch,cave_entrance,hot_spring,spring",
        "nwr/waterway=waterfall",
        "nwr/tourism=attraction,viewpoint,museum,zoo,theme_park,camp_site,caravan_site,alpine_hut,picnic_site,hotel,motel,guest_house,hostel",
        "nwr/historic=castle,monument,memorial,ruins,fort,archaeological_site",
        "nwr/boundary=national_park,protected_area",
        "nwr/leisure=park,nature_reserve",
        "nwr/mountain_pass=yes",
        "nwr/man_made=lighthouse,tower,bridge",
        "nwr/amenity=fuel,charging_station,restaurant,cafe,fast_food,parking,toilets,drinking_water,hospital,pharmacy,place_of_worship",
        "nwr/shop=supermarket",
    ]

    /// `osmium tags-filter` expressions for what Routino's driving rules read of an extract (the
    /// ways of `tagging-drive.xml`: roads and ferries, and turn restrictions), with the nodes
    /// those ways need: a region's roads alone, which the regions' joined roads are built from.
    static let roadExpressions = ["w/highway", "w/route=ferry", "r/type=restriction"]

    /// The roads a region's count of roads counts (ways tagged `highway` with one of these): what
    /// a car may drive on.
    static let roadKinds: Set<String> = [
        "motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential", "living_street", "service", "track", "road",
        "motorway_link", "trunk_link", "primary_link", "secondary_link", "tertiary_link",
    ]

    /// Whether one line of OPL text (`w45 Thighway=primary,name=A Nn1,n2`) is a road the count of
    /// roads counts: read from the roads' own matching pass (`TagsFilter`), not from a pass of
    /// `osmium tags-count` of its own over the whole file.
    static func isCountedRoad(oplLine line: ArraySlice<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: "w"),
            let tags = line.split(separator: UInt8(ascii: " ")).first(where: { $0.first == UInt8(ascii: "T") })
        else { return false }
        let key = Array("highway=".utf8)
        return tags.dropFirst().split(separator: UInt8(ascii: ",")).contains { tag in
            tag.starts(with: key) && roadKinds.contains(String(decoding: tag.dropFirst(key.count), as: UTF8.self))
        }
    }

    /// The traffic control of one OPL line of a node (`n9 x1.52 y42.50 Thighway=stop`), or nil
    /// when it is none (or has no place).
    static func trafficControl(oplLine line: ArraySlice<UInt8>) -> TrafficControl? {
        guard line.first == UInt8(ascii: "n"), let object = OPLObject(line), let place = object.coordinate(in: line) else { return nil }
        var tags: [String: String] = [:]
        for tag in object.tags(in: line) { tags[String(decoding: tag.key, as: UTF8.self)] = String(decoding: tag.value, as: UTF8.self) }
        return TrafficControl.kind(ofTags: tags).map { TrafficControl(place, kind: $0) }
    }

    /// The kind of a tagged object, the first tag that says one in this order: what a place is
    /// (`place`) before what is at it (`tourism`), a sight before the services in it (a castle
    /// that is a hotel is a castle); nil when its tags make it nothing we index (a river's water,
    /// a tower that is not for visitors, a private car park).
    static func kind(of tags: [String: String]) -> PlaceKind? {
        if let place = tags["place"] {
            switch place {
            case "city": return .city
            case "town": return .town
            case "village": return .village
            case "hamlet": return .hamlet
            case "locality": return .locality
            case "island", "islet": return .island
            default: break
            }
        }
        if tags["waterway"] == "waterfall" { return .waterfall }
        if let natural = tags["natural"] {
            switch natural {
            case "peak": return .peak
            case "volcano": return .volcano
            case "waterfall": return .waterfall
            case "glacier": return .glacier
            case "water":
                // Lakes, ponds and reservoirs; not the water of a river, canal or moat.
                if [nil, "lake", "reservoir", "pond", "lagoon", "oxbow", "basin"].contains(tags["water"]) { return .lake }
            case "bay": return .bay
            case "beach": return .beach
            case "cape": return .cape
            case "cliff": return .cliff
            case "arch": return .arch
            case "cave_entrance": return .cave
            case "hot_spring": return .hotSpring
            case "spring": return .spring
            default: break
            }
        }
        if tags["mountain_pass"] == "yes" { return .mountainPass }
        if let historic = tags["historic"] {
            switch historic {
            case "castle": return .castle
            case "monument": return .monument
            case "memorial": return .memorial
            case "ruins": return .ruins
            case "fort": return .fort
            case "archaeological_site": return .archaeologicalSite
            default: break
            }
        }
        switch tags["boundary"] {
        case "national_park": return .nationalPark
        case "protected_area": return tags["protect_class"] == "2" ? .nationalPark : .protectedArea
        default: break
        }
        switch tags["leisure"] {
        case "nature_reserve": return .natureReserve
        case "park": return .park
        default: break
        }
        if let tourism = tags["tourism"] {
            switch tourism {
            case "attraction": return .attraction
            case "viewpoint": return .viewpoint
            case "museum": return .museum
            case "zoo": return .zoo
            case "theme_park": return .themePark
            case "camp_site": return .campSite
            case "caravan_site": return .caravanSite
            case "alpine_hut": return .alpineHut
            case "picnic_site": return .picnicSite
            case "hotel": return .hotel
            case "motel": return .motel
            case "guest_house": return .guestHouse
            case "hostel": return .hostel
            default: break
            }
        }
        if tags["amenity"] == "place_of_worship" {
            return tags["religion"] == "christian" ? .church : .placeOfWorship
        }
        switch tags["man_made"] {
        case "lighthouse": return .lighthouse
        case "tower" where tags["tourism"] != nil || tags["tower:type"] == "observation": return .tower
        case "bridge" where tags["tourism"] != nil || tags["historic"] != nil: return .bridge
        default: break
        }
        return amenityKind(of: tags)
    }

    /// Car parks and toilets a traveller may not use (a company's, a street's parking lane) are
    /// left out: there are very many of them, and none is a place to stop at.
    private static let closedAccess: Set<String> = ["private", "no", "customers", "permit", "residents", "delivery", "employees"]
    private static let roadsideParking: Set<String> = ["street_side", "lane", "on_kerb", "half_on_kerb", "shoulder"]

    /// The kind of a service on the way (`PlaceKind.isAmenity`), by `amenity` or `shop`.
    private static func amenityKind(of tags: [String: String]) -> PlaceKind? {
        let isOpen = !closedAccess.contains(tags["access"] ?? "")
        switch tags["amenity"] {
        case "fuel": return .fuel
        case "charging_station": return .chargingStation
        case "restaurant": return .restaurant
        case "cafe": return .cafe
        case "fast_food": return .fastFood
        case "parking" where isOpen && !roadsideParking.contains(tags["parking"] ?? ""): return .parking
        case "toilets" where isOpen: return .toilets
        case "drinking_water" where isOpen: return .drinkingWater
        case "hospital": return .hospital
        case "pharmacy": return .pharmacy
        default: return tags["shop"] == "supermarket" ? .supermarket : nil
        }
    }

    /// The name of a service that has none of its own, so that it can still be found and listed:
    /// its brand ("Shell"), else who runs it ("ESSO", "Ionity", "Pans & Company": the chain people
    /// know it by), else what it is ("Toilets", "Fuel station"). A car park, toilets or a water
    /// tap are run by the town or a company whose name is never what the place is called.
    static func madeUpName(kind: PlaceKind, tags: [String: String]) -> String? {
        guard kind.isAmenity else { return nil }
        if let brand = clean(tags["brand"]) { return brand }
        if ![.parking, .toilets, .drinkingWater].contains(kind), let operatorName = clean(tags["operator"]) { return operatorName }
        return kindName(kind)
    }

    /// What a service without a name, a brand or an operator is called: its kind ("Fuel station").
    static func kindName(_ kind: PlaceKind) -> String {
        let label = kind.label(population: 0)
        return label.prefix(1).uppercased() + label.dropFirst()
    }

    /// Tags whose values are other names of the object, each maybe several separated by ";".
    static let otherNameTags = ["alt_name", "old_name", "int_name", "official_name", "short_name", "loc_name", "reg_name", "nat_name"]

    /// The feature of one `osmium export -f geojsonseq` line, with how it was drawn (`KeptFeatures`'
    /// rank: 0 a point, 1 an area, 2 a line); nil for an object without a name (a service excepted:
    /// `madeUpName`) or a kind, or a line that is not a feature.
    static func feature(fromLine line: Substring) -> (feature: NamedFeature, rank: Int)? {
        let text = line.drop { $0 == "\u{1E}" || $0 == " " }
        guard !text.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let properties = object["properties"] as? [String: Any]
        else { return nil }
        var tags: [String: String] = [:]
        for (key, value) in properties {
            if let value = value as? String { tags[key] = value }
        }
        guard let kind = kind(of: tags) else { return nil }
        let languageNames = tags.keys.filter { $0.hasPrefix("name:") }.sorted().flatMap { names(tags[$0]) }
        guard let name = clean(tags["name"]) ?? clean(tags["name:en"]) ?? languageNames.first ?? madeUpName(kind: kind, tags: tags),
            let geometry = FeatureGeometry(geoJSON: object["geometry"]), let point = geometry.representativePoint
        else { return nil }
        let alternates = otherNameTags.flatMap { names(tags[$0]) }
        let population = kind.isSettlement ? leadingNumber(tags["population"]).map { Int($0) } ?? 0 : 0
        let elevation = leadingNumber(tags["ele"]).map { value in
            Int((tags["ele"]?.contains("ft") == true ? value * 0.3048 : value).rounded())
        }
        var feature = NamedFeature(
            name: name, alternateNames: alternates, languageNames: languageNames, kind: kind, coordinate: point,
            elevation: elevation, population: max(0, population), identifier: identifier(object["id"]),
            details: PlaceDetails(tags: tags))
        // A peak weighs a little more the higher it is: Pica d'Estats (3,143 m) before a hill of its name.
        if let elevation, kind == .peak || kind == .volcano { feature.weight += max(0, elevation / 10) }
        switch geometry {
        case .point: return (feature, 0)
        case .polygons: return (feature, 1)
        case .lines: return (feature, 2)
        }
    }

    private static func clean(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private static func names(_ value: String?) -> [String] {
        (value ?? "").split(separator: ";").compactMap { clean(String($0)) }
    }

    /// The number an `ele` or `population` tag starts with: "3143", "3143,45" (a decimal comma),
    /// "2,864 m", "10000 ft"; nil when it starts with none.
    static func leadingNumber(_ value: String?) -> Double? {
        guard let value else { return nil }
        var digits = ""
        var seenSeparator = false
        for character in value.trimmingCharacters(in: .whitespaces) {
            if character.isASCII, character.isNumber { digits.append(character); continue }
            if (character == "." || character == ","), !seenSeparator, !digits.isEmpty {
                seenSeparator = true
                digits.append(".")
                continue
            }
            break
        }
        if digits.hasSuffix(".") { digits.removeLast() }
        guard let number = Double(digits) else { return nil }
        // "2,864" with three digits after the comma is a thousands separator, not a decimal comma.
        if let dot = digits.firstIndex(of: "."), digits[digits.index(after: dot)...].count == 3,
            value.contains(","), !value.contains(".")
        {
            return Double(digits.replacingOccurrences(of: ".", with: ""))
        }
        return number
    }

    /// A number for "n123", "w45", "a67" (osmium's unique ids), distinct across object types.
    private static func identifier(_ value: Any?) -> Int {
        guard let text = value as? String, let type = text.first, let number = Int(text.dropFirst()) else { return 0 }
        let offset = ["n": 0, "w": 1, "r": 2, "a": 3][type] ?? 0
        return number &* 4 &+ offset
    }

    /// The identifier of the object a feature was made from: an area's is its way's ("a90" is
    /// "w45") or its relation's ("a135" is "r67"), so that the line and the area osmium writes
    /// for one closed way are one object.
    static func objectIdentifier(_ identifier: Int) -> Int {
        guard identifier & 3 == 3 else { return identifier }
        let area = identifier >> 2
        return area % 2 == 0 ? (area / 2) &* 4 &+ 1 : (area / 2) &* 4 &+ 2
    }
}
