import Foundation
@testable import OSMImport
import Testing
@testable import IndexWriting
@testable import RoadtripCore
@testable import RoadtripRegions

/// Which OpenStreetMap objects become places, of what kind, under which names.
struct OSMFeaturesTests {
    @Test(arguments: [
        (["place": "village"], PlaceKind.village), (["place": "islet"], .island), (["natural": "peak"], .peak),
        (["natural": "water"], .lake), (["natural": "water", "water": "reservoir"], .lake), (["waterway": "waterfall"], .waterfall),
        (["natural": "cave_entrance"], .cave), (["natural": "hot_spring"], .hotSpring), (["tourism": "alpine_hut"], .alpineHut),
        (["historic": "castle", "tourism": "attraction"], .castle), (["boundary": "national_park"], .nationalPark),
        (["boundary": "protected_area", "protect_class": "2"], .nationalPark), (["boundary": "protected_area"], .protectedArea),
        (["leisure": "nature_reserve"], .natureReserve), (["mountain_pass": "yes", "highway": "pass"], .mountainPass),
        (["man_made": "lighthouse"], .lighthouse), (["man_made": "tower", "tower:type": "observation"], .tower),
        (["man_made": "bridge", "historic": "yes"], .bridge), (["place": "town", "tourism": "attraction"], .town),
        // Issue 37: the services on the way; a sight before the service in it.
        (["amenity": "fuel"], .fuel), (["amenity": "charging_station"], .chargingStation), (["amenity": "restaurant"], .restaurant),
        (["amenity": "cafe"], .cafe), (["amenity": "fast_food"], .fastFood), (["tourism": "hotel"], .hotel), (["tourism": "motel"], .motel),
        (["tourism": "guest_house"], .guestHouse), (["tourism": "hostel"], .hostel), (["amenity": "parking"], .parking),
        (["amenity": "parking", "access": "yes"], .parking), (["amenity": "toilets"], .toilets), (["amenity": "drinking_water"], .drinkingWater),
        (["shop": "supermarket"], .supermarket), (["historic": "castle", "tourism": "hotel"], .castle),
        (["tourism": "museum", "amenity": "cafe"], .museum), (["tourism": "camp_site", "amenity": "toilets"], .campSite),
    ])
    func tagsSayTheKind(tags: [String: String], kind: PlaceKind) {
        #expect(OSMFeatures.kind(of: tags) == kind)
    }

    @Test(arguments: [
        ["natural": "water", "water": "river"], ["man_made": "tower"], ["man_made": "bridge"], ["place": "square"], ["highway": "primary"],
        ["amenity": "parking", "access": "private"], ["amenity": "parking", "parking": "street_side"],
        ["amenity": "toilets", "access": "customers"], ["shop": "convenience"], ["amenity": "bench"],
    ])
    func tagsThatMakeNoPlace(tags: [String: String]) {
        #expect(OSMFeatures.kind(of: tags) == nil)
    }

    @Test(arguments: [("3143", 3143.0), ("3143,45", 3143.45), ("2,864 m", 2864.0), ("2864.4", 2864.4), ("10000 ft", 10000.0), ("~2000", nil), ("", nil)])
    func numbersAsMappersWriteThem(text: String, number: Double?) {
        #expect(OSMFeatures.leadingNumber(text) == number)
    }

    @Test func aPeakLineBecomesAFeatureWithItsNamesAndElevation() throws {
        let line =
            "\u{1E}"
            + #"{"type":"Feature","id":"n268642350","geometry":{"type":"Point","coordinates":[1.3978986,42.666952]},"properties":{"ele":"3143,45","name":"Pica d'Estats","name:fr":"Pique d'Estats","alt_name":"Pica d'Estats;Pic d'Estats","natural":"peak"}}"#
        let (feature, rank) = try #require(OSMFeatures.feature(fromLine: Substring(line)))
        #expect(rank == 0)
        #expect(feature.name == "Pica d'Estats")
        #expect(feature.kind == .peak)
        #expect(feature.elevation == 3143)
        #expect(feature.languageNames == ["Pique d'Estats"])
        #expect(feature.alternateNames == ["Pica d'Estats", "Pic d'Estats"])
        #expect(feature.coordinate == Coordinate(latitude: 42.666952, longitude: 1.3978986))
        #expect(feature.weight > PlaceKind.peak.defaultWeight, "a high peak weighs more than a hill")
    }

    @Test func aFeetElevationIsInMetersAndAVillageKeepsItsPopulation() throws {
        let peak =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-121.76,46.85]},"properties":{"ele":"14411 ft","name":"Mount Rainier","natural":"volcano"}}"#
        #expect(try #require(OSMFeatures.feature(fromLine: Substring(peak))).feature.elevation == 4392)
        let village =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-4.75,58.57]},"properties":{"name":"Durness","place":"village","population":"350"}}"#
        let feature = try #require(OSMFeatures.feature(fromLine: Substring(village))).feature
        #expect(feature.population == 350 && feature.weight == 350)
    }

    @Test func anUnnamedObjectOrALineThatIsNotJSONIsNoPlace() {
        #expect(OSMFeatures.feature(fromLine: #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"natural":"peak"}}"#) == nil)
        #expect(OSMFeatures.feature(fromLine: "not json") == nil)
        // Only a name in another language: it is the name.
        let only = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"natural":"peak","name:en":"Red Peak"}}"#
        #expect(OSMFeatures.feature(fromLine: Substring(only))?.feature.name == "Red Peak")
    }

    static func line(_ id: String, _ properties: String) -> Substring {
        Substring(#"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[1.5,42.5]},"properties":{\#(properties)}}"#)
    }

    /// Issue 37: a fuel station or toilets often have no name; they are kept, named by their
    /// brand, else (fuel and charging) their operator, else what they are.
    @Test func aServiceWithoutANameIsNamedByItsBrandOperatorOrKind() throws {
        func name(_ properties: String) -> String? { OSMFeatures.feature(fromLine: Self.line("n1", properties))?.feature.name }
        #expect(name(#""amenity":"fuel","brand":"Shell","operator":"Shell Deutschland""#) == "Shell")
        #expect(name(#""amenity":"fuel","operator":"ESSO""#) == "ESSO")
        #expect(name(#""amenity":"charging_station","operator":"Ionity""#) == "Ionity")
        #expect(name(#""amenity":"toilets","operator":"Comú de Canillo""#) == "Toilets", "a town runs them; it is not their name")
        #expect(name(#""amenity":"fuel""#) == "Fuel station")
        #expect(name(#""amenity":"charging_station""#) == "EV charging")
        #expect(name(#""amenity":"drinking_water""#) == "Drinking water")
        #expect(name(#""amenity":"fuel","name":"Gasolinera Pas""#) == "Gasolinera Pas")
        #expect(name(#""natural":"peak","operator":"x""#) == nil, "a sight without a name is still none")
    }

    /// Issue 37: the details are kept where tagged, with the place's other tags left out.
    @Test func aChargingStationKeepsItsSocketsPowerAndHours() throws {
        let properties =
            #""amenity":"charging_station","operator":"Ionity","socket:type2_combo":"4","socket:type2_combo:output":"350 kW","#
            + #""socket:chademo":"1","opening_hours":"24/7","capacity":"4","website":"https://ionity.eu""#
        let feature = try #require(OSMFeatures.feature(fromLine: Self.line("n7", properties))).feature
        #expect(feature.name == "Ionity" && feature.kind == .chargingStation && feature.weight == PlaceKind.chargingStation.defaultWeight)
        let details = try #require(feature.details)
        #expect(details.sockets == [.init(type: "chademo", count: 1, output: nil), .init(type: "type2_combo", count: 4, output: "350 kW")])
        #expect(details.openingHours == "24/7" && details.operatorName == "Ionity" && details.tags["website"] == nil)
        let peak = try #require(OSMFeatures.feature(fromLine: Self.line("n8", #""natural":"peak","name":"Pic","ele":"2000""#))).feature
        #expect(peak.details == nil)
    }

    /// The line and the area osmium writes for one closed way are one object.
    @Test func anAreaIsTheObjectOfItsWayOrRelation() {
        let way = 45 * 4 + 1, relation = 67 * 4 + 2
        #expect(OSMFeatures.objectIdentifier(90 * 4 + 3) == way)
        #expect(OSMFeatures.objectIdentifier(135 * 4 + 3) == relation)
        #expect(OSMFeatures.objectIdentifier(way) == way && OSMFeatures.objectIdentifier(12 * 4) == 12 * 4)
    }

    @Test func roadsAreCountedFromTheirOPLLines() {
        func counted(_ line: String) -> Bool { OSMFeatures.isCountedRoad(oplLine: ArraySlice(line.utf8)) }
        #expect(counted("w45 Thighway=primary,name=A%20%Road Nn1,n2"))
        #expect(counted("w46 Tname=Lane,highway=living_street Nn1,n2"), "wherever the tag is among the others")
        #expect(!counted("w47 Thighway=footway Nn1,n2"), "a way a car does not drive on")
        #expect(!counted("w48 Thighway=primaryish Nn1,n2"), "the value whole, not its start")
        #expect(!counted("w49 Trailway=rail Nn1,n2") && !counted("w50 T Nn1,n2"))
        #expect(!counted("r51 Thighway=primary Mw1@"), "a relation is not a road")
    }

    @Test func anAreaGetsAPointInsideIt() throws {
        // A C-shaped lake whose centroid lies in the gap, on land.
        let ring = "[[0,0],[3,0],[3,1],[1,1],[1,2],[3,2],[3,3],[0,3],[0,0]]"
        let line = #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[\#(ring)]]},"properties":{"natural":"water","name":"Crescent"}}"#
        let (feature, rank) = try #require(OSMFeatures.feature(fromLine: Substring(line)))
        #expect(rank == 1, "an area: after a point, before a line")
        #expect(InteriorPointTests.isInside(feature.coordinate, InteriorPointTests.cShape))
    }
}
