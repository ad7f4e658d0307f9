import Foundation
import Testing
@testable import IndexWriting
@testable import RoadtripCore

/// Issue 37, item 3: a vehicle's range plans where it fills up, says a stretch without a station
/// longer than the range, and says where it cannot know.
struct FuelStopsTests {
    static let at = AlongTheRouteTests.at

    /// A road east from 0 to 100 km, drawn every kilometer and driven as drawn.
    static let road = (0...100).map { at(Double($0) * 1_000, 0) }
    static let line = TripLine(stops: [road[0], road[100]], figures: [LegFigures(meters: 100_000, seconds: 4_000, source: .road, line: road)])

    /// Stations at 20, 35, 55 and 90 km (the one at 35 km 1 km off the road), a charger of household
    /// sockets at 40 km and one of a car's at 60 km; services known where `known` covers.
    final class Stations: PlaceIndex, @unchecked Sendable {
        let index: Gazetteer
        let known: ClosedRange<Double>

        init(known: ClosedRange<Double> = 0...200_000) throws {
            let schuko = PlaceDetails(tags: ["socket:schuko": "2"]), ccs = PlaceDetails(tags: ["socket:type2_combo": "2", "socket:schuko": "1"])
            index = try AlongTheRouteTests.places([
                NamedFeature(name: "Twenty", kind: .fuel, coordinate: at(20_000, 0), identifier: 1),
                NamedFeature(name: "Thirty-five", kind: .fuel, coordinate: at(35_000, 1_000), identifier: 2),
                NamedFeature(name: "Fifty-five", kind: .fuel, coordinate: at(55_000, 0), identifier: 3),
                NamedFeature(name: "Ninety", kind: .fuel, coordinate: at(90_000, 0), identifier: 4),
                NamedFeature(name: "E-bikes", kind: .chargingStation, coordinate: at(40_000, 0), identifier: 5, details: schuko),
                NamedFeature(name: "Fast", kind: .chargingStation, coordinate: at(60_000, 0), identifier: 6, details: ccs),
            ])
            self.known = known
        }

        func search(_ query: String, limit: Int, near context: SearchContext?) -> [Place] { [] }
        func nearest(to coordinate: Coordinate) -> Place? { nil }
        func places(within kilometers: Double, of coordinate: Coordinate) -> [(place: Place, kilometers: Double)] { [] }
        func bestPlace(
            within kilometers: Double, of coordinate: Coordinate, weight: (PlaceKind, Int) -> Int?,
            where isWanted: (Coordinate) -> Bool
        ) -> RankedPlace? { nil }
        func places(of kinds: Set<PlaceKind>, inCells cells: Set<Int>) -> [Place] { index.places(of: kinds, inCells: cells) }
        /// Known from `known.lowerBound` to `known.upperBound` meters east of the road's start.
        func knowsServices(at coordinate: Coordinate) -> Bool {
            let metersEast = (coordinate.longitude - 7) * (6_371_008.8 * .pi / 180) * cos(45 * .pi / 180)
            return known.contains(metersEast)
        }
    }

    static func notes(range: Double, fuel: Fuel = .petrol, stops: [Coordinate]? = nil, places: (any PlaceIndex)? = nil) throws -> [FuelStops.Note] {
        FuelStops.notes(along: line, stops: stops ?? [road[0], road[100]], places: try places ?? Stations(), fuel: fuel, rangeMeters: range)
    }

    @Test func itFillsUpAtTheFarthestStationInRangeAndAgainFromThere() throws {
        let notes = try Self.notes(range: 40_000)
        #expect(notes.compactMap(\.station?.name) == ["Thirty-five", "Fifty-five", "Ninety"], "35 km out, then 55 (90 is past 75), then 90")
        // The station 1 km off counts the way to it: at a range of 35.5 km it is out of reach.
        #expect(try Self.notes(range: 35_500).first?.station?.name == "Twenty")
        let first = notes[0]
        #expect(first.from == 0 && abs(first.to - 35_000) < 50 && abs(first.offMeters - 1_000) < 20 && first.leg == 0)
        #expect(abs(notes[1].from - first.to) < 1, "the next stretch starts where the tank was filled")
        #expect(try Self.notes(range: 100_500).isEmpty, "a trip shorter than the range fills up nowhere")
    }

    @Test func aStopAtAStationFillsUpWithoutBeingProposed() throws {
        let notes = try Self.notes(range: 40_000, stops: [Self.road[0], Self.road[20], Self.road[100]])
        #expect(notes.compactMap(\.station?.name) == ["Fifty-five", "Ninety"], "the stop at Twenty fills up: from there 55 km is in range")
    }

    @Test func aStretchWithoutAStationLongerThanTheRangeIsSaidAndTheTripGoesOnFromTheNext() throws {
        let notes = try Self.notes(range: 25_000)
        let far = try #require(notes.first { $0.kind == .tooFar })
        // From 55 km the next station is at 90: 35 km, past a range of 25.
        #expect(abs(far.from - 55_000) < 50 && abs(far.to - 90_000) < 50)
        #expect(notes.last?.station == nil || notes.last.map { $0.to > far.to } == true)
    }

    @Test func whereNoRegionHasTheStationsItCannotBeKnown() throws {
        let partly = try Stations(known: 0...60_000)
        let notes = try Self.notes(range: 25_000, places: partly)
        #expect(notes.contains { $0.kind == .unknown && abs($0.from - 55_000) < 50 } && !notes.contains { $0.kind == .tooFar })
        let nothing = FuelStops.notes(along: Self.line, stops: [Self.road[0], Self.road[100]], places: nil, fuel: .petrol, rangeMeters: 30_000)
        #expect(nothing.map(\.kind) == [.unknown] && nothing[0].from == 0 && nothing[0].to == 100_000, "without places, the whole trip")
    }

    @Test func anElectricVehicleChargesAtChargersACarPlugsInto() throws {
        let notes = try Self.notes(range: 62_000, fuel: .electric)
        #expect(notes.map(\.station?.name) == ["Fast"], "not the fuel stations, not the charger of household sockets; from 60 km the end is in range")
        let short = try Self.notes(range: 50_000, fuel: .electric)
        #expect(short.first?.kind == .tooFar && abs((short.first?.to ?? 0) - 60_000) < 50, "the charger of household sockets at 40 km does not count")
        let place = { (tags: [String: String]) in
            Place(
                name: "C", admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Self.at(0, 0), population: 0, timeZone: "UTC",
                kind: .chargingStation, details: tags.isEmpty ? nil : PlaceDetails(tags: tags))
        }
        #expect(FuelStops.isUsable(place([:])) && FuelStops.isUsable(place(["socket:type2": "2"])))
        #expect(!FuelStops.isUsable(place(["socket:schuko": "1"])) && FuelStops.isUsable(place(["socket:schuko": "1", "socket:chademo": "1"])))
    }
}
