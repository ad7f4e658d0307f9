import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import RoadtripTestSupport
import ScreenModels
import Terminal
import TextCanvas
import Testing

/// Issue 56, item 13: with a start date, the trip screen shows when the plan reaches each stop,
/// the day view's times (`PlanDays`), marked "≈" after an estimated leg; none without a start
/// date or when the plan refuses the trip.
@MainActor
@Suite struct TripDetailArrivalPresenterTests {
    let view = TripDetailViewSpy()
    let interactor: TripDetailInteractorSpy
    let presenter: TripDetailPresenter

    /// Monterey → Big Sur on roads in 1 h, → Morro Bay estimated at 1 h 30 min, from Wednesday 1 July 2026.
    static let legs = [
        LegFigures(meters: 60_000, seconds: 3_600, source: .road),
        LegFigures(meters: 120_000, seconds: 5_400, source: .estimate, reason: "no region covers Morro Bay"),
    ]

    static func pacific(startDate: LocalDay? = LocalDay(year: 2026, month: 7, day: 1), dailyLimitHours: Double? = nil) -> Trip {
        var trip = Fixtures.pacific
        trip.settings = TripSettings(startDate: startDate, dailyLimitHours: dailyLimitHours)
        return trip
    }

    init() {
        interactor = TripDetailInteractorSpy(trip: Self.pacific())
        interactor.roads = (Self.legs, 0)
        presenter = TripDetailPresenter(interactor: interactor, router: TripDetailRouterSpy(), unit: .km)
        presenter.view = view
        presenter.didLoad()
    }

    private var arrivals: [String] { view.last?.rows.map(\.arrival) ?? [] }

    @Test func eachStopShowsWhenThePlanReachesIt() {
        // One day: no weekday. The first stop is left at the start time; Big Sur after a leg on
        // roads; Morro Bay after an estimated one, so an estimate itself.
        #expect(arrivals == ["→ 09:00", "10:00", "≈ 11:30"])
        #expect(view.last?.rows.arrivals != nil)
    }

    @Test func theTimesAreThoseOfThePlanTheDayViewShows() throws {
        let trip = Self.pacific()
        let itinerary = TripPlanning.itinerary(for: trip, unit: .km, places: nil, today: LocalDay(year: 2026, month: 7, day: 1), legs: Self.legs)
        let rows = ItineraryRows.rows(for: itinerary, stops: trip.stops, unit: .km).filter { $0.kind == .visit }
        // The day view: "      → 09:00", "10:00", "11:30"; the trip screen, the same clocks.
        #expect(rows.map { $0.time.replacingOccurrences(of: " ", with: "") } == ["→09:00", "10:00", "11:30"])
        #expect(arrivals.map { $0.replacingOccurrences(of: "≈ ", with: "").replacingOccurrences(of: " ", with: "") } == ["→09:00", "10:00", "11:30"])
    }

    @Test func aTripOverSeveralDaysShowsTheWeekdays() {
        // 2 h a day: the estimated 1 h 30 min leg waits for Thursday.
        interactor.setSettings(Self.pacific(dailyLimitHours: 2).settings)
        #expect(arrivals == ["→ Wed 09:00", "Wed 10:00", "≈ Thu 10:30"])
    }

    @Test func withoutAStartDateNothingIsPlannedOrShown() {
        interactor.setSettings(TripSettings())
        #expect(view.last?.rows.arrivals == nil)
        #expect(arrivals == ["", "", ""])
        let asked = interactor.plannedTrips.count
        presenter.didSelect(row: 1)
        #expect(interactor.plannedTrips.count == asked, "no start date, no plan")
    }

    @Test func aTripThePlanRefusesShowsNoTimes() {
        interactor.refusesToPlan = true
        interactor.setSettings(Self.pacific(dailyLimitHours: 6).settings)
        #expect(view.last?.rows.arrivals == nil)
        #expect(arrivals == ["", "", ""])
    }

    /// A plan is made again at every change: past `ArrivalClocks.mostStops` stops it would slow
    /// every key, and the trip shows no times (its days are still planned by `i`).
    @Test func aTripOfMoreStopsThanAFrameCanPlanShowsNoTimes() {
        interactor.roads = ([], 0)
        var trip = Self.pacific()
        trip.stops = (0...ArrivalClocks.mostStops).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 + Double($0) / 100)) }
        interactor.subject.value = trip
        #expect(view.last?.rows.arrivals == nil)
        #expect(interactor.plannedTrips.count == 1, "only the first trip, of 3 stops, was planned")
        trip.stops.removeLast()
        interactor.subject.value = trip
        #expect(view.last?.rows.arrivals != nil && interactor.plannedTrips.count == 2)
        #expect(view.last?.rows[ArrivalClocks.mostStops - 1].arrival.hasPrefix("≈ ") == true)
    }

    @Test func theDaysArePlannedAgainOnlyWhenWhatTheyAreMadeOfChanges() {
        let planned = interactor.plannedTrips.count
        #expect(planned == 1)
        presenter.didSelect(row: 2)
        presenter.didPressRename()
        presenter.didChangeName("Coast")
        #expect(interactor.plannedTrips.count == planned, "a selection or a name changes no time")
        presenter.didPressMoveStop(by: -1)
        #expect(interactor.plannedTrips.count == planned + 1, "a stop moved")
        interactor.setSettings(Self.pacific(dailyLimitHours: 3).settings)
        #expect(interactor.plannedTrips.count == planned + 2, "a setting changed")
        // The estimated leg routed: its time, and the clocks after it, are the road's.
        interactor.roads = (Array(repeating: Self.legs[0], count: 2), 0)
        interactor.roadSubject.send(())
        #expect(interactor.plannedTrips.count == planned + 3)
        #expect(arrivals.allSatisfy { !$0.contains("≈") }, "\(arrivals)")
    }
}

/// The Arrives column drawn, at 80 columns and with the map beside the stops.
@MainActor
@Suite struct TripDetailArrivalViewTests {
    static func view(of trip: Trip, legs: [LegFigures] = TripDetailArrivalPresenterTests.legs) -> TripDetailView {
        let view = TripDetailView(presenter: TripDetailPresenterSpy())
        let itinerary = TripPlanning.itinerary(for: trip, unit: .km, places: nil, today: LocalDay(year: 2026, month: 7, day: 1), legs: legs)
        let arrivals = trip.settings.startDate == nil ? nil : ArrivalClocks(itinerary, stopCount: trip.stops.count)
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil, roadLegs: legs, arrivals: arrivals))
        return view
    }

    static func lines(of view: TripDetailView, width: Int, height: Int = 24) throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        return terminal.surface.lines()
    }

    @Test func at80ColumnsTheArrivalsShowBesideTheLegsAndTheTotal() throws {
        let lines = try Self.lines(of: Self.view(of: TripDetailArrivalPresenterTests.pacific(dailyLimitHours: 2)), width: 80)
        #expect(lines[1].contains("Leg") && lines[1].contains("Driving") && lines[1].contains("Arrives") && lines[1].contains("Total"), "\(lines[1])")
        #expect(lines[1].range(of: "Driving")!.upperBound < lines[1].range(of: "Arrives")!.lowerBound)
        #expect(lines[2].contains("Monterey") && lines[2].contains("→ Wed 09:00"), "\(lines[2])")
        #expect(lines[3].contains("Big Sur") && lines[3].contains("1 h 00 min") && lines[3].contains("Wed 10:00"), "\(lines[3])")
        #expect(
            lines[4].contains("Morro Bay") && lines[4].contains("≈ 1 h 30 min") && lines[4].contains("≈ Thu 10:30") && lines[4].hasSuffix("≈ 180 km"),
            "\(lines[4])")
        #expect(lines.allSatisfy { TextWidth.width($0) <= 80 })
    }

    @Test func at80ColumnsTheRegionGivesWayToTheArrivals() throws {
        var trip = TripDetailArrivalPresenterTests.pacific()
        for index in trip.stops.indices { (trip.stops[index].region, trip.stops[index].country) = ("California", "United States") }
        let lines = try Self.lines(of: Self.view(of: trip), width: 80)
        #expect(lines[1].contains("Arrives") && !lines[1].contains("Region") && !lines[1].contains("Total"), "\(lines[1])")
        #expect(lines[4].hasSuffix("≈ 11:30"), "\(lines[4])")
        // A few columns more and the region is back beside them.
        let wider = try Self.lines(of: Self.view(of: trip), width: 90)
        #expect(wider[1].contains("Arrives") && wider[1].contains("Region, country"), "\(wider[1])")
    }

    @Test func aTripWithoutAStartDateHasNoArrivesColumn() throws {
        let lines = try Self.lines(of: Self.view(of: TripDetailArrivalPresenterTests.pacific(startDate: nil)), width: 80)
        #expect(!lines[1].contains("Arrives") && lines[1].contains("Total"), "\(lines[1])")
        #expect(!lines.joined().contains("09:00"))
    }

    /// At 120 columns the map takes 48 of them: the stops keep name, leg, driving time and
    /// arrival; the running total gives way (the summary has the trip's).
    @Test func withTheMapBesideTheStopsTheArrivalsStay() throws {
        let lines = try Self.lines(of: Self.view(of: TripDetailArrivalPresenterTests.pacific()), width: 120)
        let table = lines.map { $0.prefix(71).trimmingCharacters(in: .whitespaces) }
        #expect(table[1].contains("Arrives") && !table[1].contains("Total"), "\(table[1])")
        #expect(table[4].contains("Morro Bay") && table[4].hasSuffix("≈ 11:30"), "\(table[4])")
        #expect(lines[2].dropFirst(71).hasPrefix("│"), "the map's border: \(lines[2])")
    }
}

/// The stop table's columns by width (issue 56, item 13): the coordinates give way first, then
/// the running total, then the region and country, the arrival clock last.
@Suite struct StopColumnsTests {
    /// The optional columns shown, left to right, and the name's width.
    static func shown(_ columns: StopColumns) -> (columns: [String], name: Int) {
        let optional: [(String, StopColumns.Column?)] = [
            ("place", columns.place), ("coordinates", columns.coordinates), ("arrival", columns.arrival),
            ("total", columns.total),
        ]
        return (optional.filter { $0.1 != nil }.map(\.0), columns.name.width)
    }

    @Test(
        arguments: [
            // Width, a stop with a region, a start date: the columns shown and the name's width.
            (80, false, false, ["total"], 34), (80, false, true, ["arrival", "total"], 21),
            (80, true, false, ["place"], 26), (80, true, true, ["arrival"], 33),
            (110, false, false, ["coordinates", "total"], 38), (110, false, true, ["coordinates", "arrival", "total"], 25),
            (110, true, false, ["place", "total"], 37), (110, true, true, ["place", "arrival", "total"], 29),
            (140, false, false, ["coordinates", "total"], 68), (140, false, true, ["coordinates", "arrival", "total"], 55),
            (140, true, false, ["place", "coordinates", "total"], 39), (140, true, true, ["place", "coordinates", "arrival", "total"], 31),
            (220, false, false, ["coordinates", "total"], 148), (220, false, true, ["coordinates", "arrival", "total"], 135),
            (220, true, false, ["place", "coordinates", "total"], 87), (220, true, true, ["place", "coordinates", "arrival", "total"], 79),
            // Beside the map: 71 columns of 120, 83 of 140.
            (71, false, false, ["total"], 25), (71, false, true, ["arrival"], 24), (83, false, true, ["arrival", "total"], 24),
            // The arrival goes only where the name would keep fewer than 12 columns.
            (59, false, true, ["arrival"], 12), (58, false, true, [], 24),
        ] as [(Int, Bool, Bool, [String], Int)])
    func columnsByWidth(_ width: Int, _ showsPlace: Bool, _ showsArrival: Bool, _ expected: [String], _ name: Int) {
        let columns = StopColumns(width: width, showsPlace: showsPlace, showsArrival: showsArrival)
        let shown = Self.shown(columns)
        #expect(shown.columns == expected && shown.name == name, "\(width) \(showsPlace) \(showsArrival): \(shown)")
        // Left to right, two columns apart, the last ending before the screen's last column.
        let all = [columns.name, columns.place, columns.coordinates, columns.leg, columns.driving, columns.arrival, columns.total].compactMap { $0 }
        for (left, right) in zip(all, all.dropFirst()) { #expect(right.column == left.column + left.width + 2, "\(width): \(all)") }
        #expect((all.last.map { $0.column + $0.width } ?? 0) <= width - 1, "\(width): \(all)")
    }

    @Test func theArrivalFollowsTheDrivingTime() throws {
        let columns = StopColumns(width: 140, showsPlace: false, showsArrival: true)
        let arrival = try #require(columns.arrival)
        #expect(arrival.column == columns.driving.column + StopColumns.drivingWidth + 2 && arrival.width == TextWidth.width("≈ Tue 14:35"))
    }
}
