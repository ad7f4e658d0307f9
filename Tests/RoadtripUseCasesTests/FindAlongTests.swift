import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import RoadtripUseCases
import Testing

/// The places along a trip's road through the use case itself: on the legs the front end gives
/// or each leg's estimate, narrowed to a day or a leg, or refused with the sentence both front
/// ends show.
@Suite struct FindAlongTests {
    static let valley = Trip(
        name: "Valley",
        stops: [
            Stop(name: "Andorra la Vella", location: Coordinate(latitude: 42.5078, longitude: 1.5211)),
            Stop(name: "Ordino", location: Coordinate(latitude: 42.5562, longitude: 1.5332)),
        ])

    static func place(_ name: String, _ kind: PlaceKind, _ latitude: Double, _ longitude: Double) -> Place {
        Place(
            name: name, admin1: "Andorra", admin1Code: "", country: "Andorra", countryCode: "AD",
            coordinate: Coordinate(latitude: latitude, longitude: longitude), population: 0, kind: kind, source: "andorra")
    }

    /// Two places by the road, a peak (no kind asked for below) and the trip's own last stop.
    static let places = FakePlaces([
        place("Càmping Valira", .campSite, 42.5070, 1.5310), place("Casa d'Areny-Plandolit", .museum, 42.5555, 1.5335),
        place("Casamanya", .peak, 42.5350, 1.5530), place("Ordino", .museum, 42.5562, 1.5332),
    ])
    static let kinds = AlongKind.placeKinds(of: [.camping, .sights])

    let find = FindAlong(places: Self.places, today: LocalDay(year: 2026, month: 7, day: 1))

    /// No leg known: each its estimate.
    static func noLegs(_ estimate: RouteEstimate) -> [LegFigures]? { nil }

    @Test func thePlacesOfTheKindsAreFoundAlongEachLegsEstimateInTheOrderTheyCome() throws {
        let found = try find.places(of: Self.kinds, within: 2_000, along: Self.valley, unit: .km, legs: Self.noLegs)
        #expect(found.places.map { $0.place.name } == ["Càmping Valira", "Casa d'Areny-Plandolit"], "not the peak, nor the trip's own stop")
        #expect(found.places.allSatisfy { $0.day == 1 && $0.alongAnEstimate && $0.position.leg == 0 })
        #expect(found.legs.count == 1 && found.legs.allSatisfy { $0.isEstimate } && found.line.meters == found.legs[0].meters)
        #expect(try find.places(of: [], within: 2_000, along: Self.valley, unit: .km, legs: Self.noLegs).places.isEmpty, "no kind: nothing looked for")
    }

    @Test func theLegsTheFrontEndGivesAreTheLine() throws {
        let (start, end) = (Self.valley.stops[0].location, Self.valley.stops[1].location)
        let road = LegFigures(meters: 9_000, seconds: 900, source: .road, line: [start, Coordinate(latitude: 42.5070, longitude: 1.5300), end])
        var asked = 0
        let found = try find.places(of: Self.kinds, within: 2_000, along: Self.valley, unit: .km) { _ in
            asked += 1
            return [road]
        }
        #expect(asked == 1 && found.legs == [road] && found.line.meters == 9_000)
        #expect(found.places.first?.place.name == "Càmping Valira" && found.places.first?.alongAnEstimate == false)
    }

    @Test func aDayOrALegNarrowsTheSearch() throws {
        let onDay = try find.places(of: Self.kinds, within: 2_000, along: Self.valley, unit: .km, day: 1, legs: Self.noLegs)
        #expect(onDay.places.count == 2)
        let onLeg = try find.places(of: Self.kinds, within: 2_000, along: Self.valley, unit: .km, leg: 1, legs: Self.noLegs)
        #expect(onLeg.places.count == 2)
    }

    @Test func aDayOrALegTheTripDoesNotHaveIsRefused() {
        let refusals =
            [
                (Self.valley, 2, nil, "“Valley” is planned over 1 day; there is no day 2"),
                (Self.valley, nil, 2, "“Valley” has legs 1 to 1; there is no leg 2"),
                (Self.valley, nil, 0, "“Valley” has legs 1 to 1; there is no leg 0"),
                (Trip(name: "Alone", stops: [Self.valley.stops[0]]), nil, 1, "“Alone” has no leg: it needs two stops"),
            ] as [(Trip, Int?, Int?, String)]
        for (trip, day, leg, sentence) in refusals {
            #expect(throws: FindAlong.Refusal(description: sentence)) {
                try find.places(of: Self.kinds, within: 2_000, along: trip, unit: .km, day: day, leg: leg, legs: Self.noLegs)
            }
        }
    }

    @Test func aTripTooLargeToPlanIsRefusedAsPlanDaysRefusesItBeforeItsLegsAreAsked() throws {
        let trip = Trip(name: "Everywhere", stops: (0...TripPlanning.maximumStops).map { _ in Self.valley.stops[0] })
        var asked = 0
        let refusal = #expect(throws: FindAlong.Refusal.self) {
            try find.places(of: Self.kinds, within: 2_000, along: trip, unit: .km) { _ in
                asked += 1
                return nil
            }
        }
        #expect(refusal?.description == PlanDays.refusal(of: trip)?.sentence && asked == 0)
        #expect(refusal?.description.hasPrefix("“Everywhere” has 100,001 stops, and a day-by-day plan is made for at most 100,000") == true)
    }

    @Test func aTripWhoseRoadsDriveTooLongIsRefusedAsPlanDaysRefusesIt() {
        // Two legs of 30,000 km at walking pace (figures a road leg can have): 60,000 hours of driving.
        let road = LegFigures(meters: 30_000_000, seconds: 30_000 * 3_600, source: .road)
        let refusal = #expect(throws: FindAlong.Refusal.self) {
            try find.places(of: Self.kinds, within: 2_000, along: Fixtures.pacific, unit: .km) { _ in [road, road] }
        }
        #expect(refusal?.description == PlanDays.refusal(of: Fixtures.pacific, unit: .km, legs: [road, road])?.sentence)
        #expect(refusal?.description.hasPrefix("“Pacific Drive” has about 60,000 hours of driving") == true)
    }
}
