import Foundation
import Testing
@testable import RoadtripCore

/// What the planner's panel and `roadtrip along` both say of a place along the road (issue 37),
/// and which day of the plan drives past it.
struct AlongTheRouteTextTests {
    static func found(
        _ name: String, kind: PlaceKind = .museum, meters: Double, off: Double, left: Bool = true, leg: Int = 0, share: Double = 0.5,
        estimate: Bool = false, day: Int? = nil
    ) -> AlongTheRoute.Found {
        let place = Place(
            name: name, admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: Coordinate(latitude: 42.5, longitude: 1.5),
            population: 0, kind: kind)
        let position = TripLine.Position(meters: meters, leg: leg, shareOfLeg: share, offMeters: off, onTheLeft: left, foot: place.coordinate)
        return AlongTheRoute.Found(place: place, position: position, alongAnEstimate: estimate, day: day)
    }

    @Test func aRowSaysWhereTheDayTheSideHowFarOffTheKindAndTheDetour() {
        let row = AlongTheRoute.Row(
            Self.found("Casa d'Areny-Plandolit", meters: 11_200, off: 300, day: 1),
            detour: LegFigures(meters: 1_240, seconds: 170, source: .road), tripMeters: 11_600, unit: .km)
        #expect(row.cells == ["11.2 km of 11.6 km", "day 1", "left", "0.3 km off", "Casa d'Areny-Plandolit", "museum", "", "detour 1.2 km, 3 min"])
        let estimated = AlongTheRoute.Row(
            Self.found("Far", kind: .campSite, meters: 1_000, off: 800, left: false, estimate: true),
            detour: LegFigures(meters: 2_000, seconds: 300, source: .estimate), tripMeters: 11_600, unit: .km)
        #expect(estimated.cells == ["≈ 1.0 km of 11.6 km", "", "right", "0.8 km off", "Far", "camp site", "", "detour ≈ 2.0 km, 5 min"])
        // Issue 56, item 8: an elevation is a column of its own, never glued to the kind.
        var hut = Self.found("Refugi", kind: .alpineHut, meters: 1_000, off: 800)
        hut = AlongTheRoute.Found(
            place: Place(
                name: "Refugi", admin1: "", admin1Code: "", country: "", countryCode: "", coordinate: hut.place.coordinate,
                population: 0, kind: .alpineHut, elevation: 2_250), position: hut.position, alongAnEstimate: false)
        let high = AlongTheRoute.Row(hut, detour: nil, tripMeters: 11_600, unit: .km)
        #expect(high.kind == "alpine hut" && high.elevation == "2,250 m", "\(high.cells)")
    }

    /// Issue 53, item 9: the figures alone, for the panel's columns, whose headings say the rest.
    @Test func theFiguresAloneAreTheWordsWithoutWhatTheHeadingsSay() {
        let estimated = AlongTheRoute.Row(
            Self.found("Far", kind: .campSite, meters: 1_000, off: 800, left: false, estimate: true),
            detour: LegFigures(meters: 2_000, seconds: 300, source: .estimate), tripMeters: 11_600, unit: .km)
        #expect([estimated.along, estimated.offFigure, estimated.detourFigures] == ["≈ 1.0 km", "0.8 km", "≈ 2.0 km, 5 min"])
        let onTheRoad = AlongTheRoute.Row(Self.found("Roadside", meters: 500, off: 20), detour: nil, tripMeters: 11_600, unit: .km)
        #expect([onTheRoad.along, onTheRoad.offFigure, onTheRoad.detourFigures] == ["0.5 km", "", ""])
    }

    @Test func onTheRoadThereIsNoSideNorDetourAndADetourNotRoutedYetIsBlank() {
        let onTheRoad = AlongTheRoute.Row(
            Self.found("Roadside", meters: 500, off: 20), detour: LegFigures(meters: 700, seconds: 100, source: .road),
            tripMeters: 11_600, unit: .km)
        #expect(onTheRoad.side == "" && onTheRoad.off == "on the road" && onTheRoad.detour == "")
        #expect(AlongTheRoute.Row.isOnTheRoad(Self.found("Roadside", meters: 500, off: 20)))
        let pending = AlongTheRoute.Row(Self.found("Up the hill", meters: 500, off: 900), detour: nil, tripMeters: 11_600, unit: .mi)
        #expect(pending.detour == "" && pending.off == "0.6 mi off" && pending.position == "0.3 mi of 7.2 mi")
    }

    @Test func theHeadingNamesTheKindsLookedForAndHowFar() {
        #expect(AlongTheRoute.heading(kinds: [.sights, .camping], within: 2_000, unit: .km) == "Sights, camping within 2.0 km of the road")
        #expect(
            AlongTheRoute.heading(kinds: [], within: 500, unit: .km) == AlongKind.usual.map(\.rawValue).joined(separator: ", ").capitalizedFirst
                + " within 0.5 km of the road")
    }

    @Test func eachPlaceTakesTheDayThatDrivesPastItAndADayKeepsOnlyItsOwn() {
        // Two legs of 4 h 20 min and 6 h 30 min at the defaults: the second is driven over two days.
        let stops = [
            Coordinate(latitude: 41.8781, longitude: -87.6298), Coordinate(latitude: 39.7817, longitude: -89.6501),
            Coordinate(latitude: 37.0842, longitude: -94.5133),
        ]
        let trip = Trip(name: "West", stops: stops.enumerated().map { Stop(name: "\($0.offset)", location: $0.element) })
        let itinerary = TripPlanning.itinerary(for: trip, unit: .km, places: nil, today: LocalDay(year: 2026, month: 7, day: 1))
        let found = [Self.found("A", meters: 0, off: 100, leg: 0, share: 0.5), Self.found("B", meters: 0, off: 100, leg: 1, share: 0.95)]
        let dated = AlongTheRoute.onDays(found, of: itinerary)
        #expect(dated.map(\.day) == [1, 2])
        #expect(AlongTheRoute.onDays(found, of: itinerary, only: 2).map(\.place.name) == ["B"])
        #expect(AlongTheRoute.onDays(found, of: nil).map(\.day) == [nil, nil])
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
