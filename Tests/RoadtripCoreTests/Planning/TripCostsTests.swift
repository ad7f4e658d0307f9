import Foundation
@testable import RoadtripCore
import Testing

/// What a day costs: fuel by the road distance and the fuel use, priced when a price is set;
/// lodging for every night; whole units, the total the sum of the days as shown.
struct TripCostsTests {
    /// Four legs of 3 hours at 100 km/h: two days of 600 km, a night between them.
    static let itinerary = ItineraryPlannerTests.plan(hours: [3, 3, 3, 3])

    static func settings(fuel: Double? = nil, price: Double? = nil, currency: String? = nil, night: Double? = nil) -> TripSettings {
        var settings = TripSettings()
        settings.fuelLitresPer100Km = fuel
        settings.fuelPricePerLitre = price
        settings.currency = currency
        settings.nightlyBudget = night
        return settings
    }

    @Test func nothingIsCountedUntilSet() {
        let costs = TripCosts(itinerary: Self.itinerary, settings: TripSettings(), unit: .km)
        #expect(costs.days.allSatisfy(\.isEmpty) && costs.total.isEmpty && costs.total.cost == nil)
        #expect(costs.text(costs.total).isEmpty)
    }

    @Test func fuelAndLodgingAreCountedPerDayInWholeUnits() {
        // 600 km at 7.5 l/100 km is 45 l, at €1.85 €83.25; a night at €95.50 is €96 (95.5 rounds up).
        let costs = TripCosts(itinerary: Self.itinerary, settings: Self.settings(fuel: 7.5, price: 1.85, currency: "€", night: 95.5), unit: .km)
        #expect(costs.days.map(\.fuel) == [45, 45] && costs.days.map(\.fuelCost) == [83, 83])
        #expect(costs.days.map(\.lodging) == [96, 0])
        #expect(costs.total == TripCosts.Figures(fuel: 90, fuelCost: 166, lodging: 96) && costs.total.cost == 262)
        #expect(costs.text(costs.days[0]) == "fuel €83 · lodging €96")
        #expect(ItineraryRows.totals(Self.itinerary, unit: .km, costs: costs) == "≈ 12 h 00 min driving · ≈ 1,200 km · fuel €166 · lodging €96 · total €262")
    }

    @Test func theTotalIsTheSumOfTheDaysAsShown() {
        // 300 km a day at 6 l/100 km and 1.30 a litre: 23.4 a day, shown 23; the total is 23 + 23, not 46.8 rounded.
        let itinerary = ItineraryPlannerTests.plan(hours: [1, 1, 1, 1, 1, 1], settings: TripSettings(startDate: ItineraryPlannerTests.day, dailyLimitHours: 3))
        let costs = TripCosts(itinerary: itinerary, settings: Self.settings(fuel: 6, price: 1.3), unit: .km)
        #expect(costs.days.map(\.fuelCost) == [23, 23])
        #expect(costs.total.fuelCost == 46)
    }

    /// Issue 38, item 4: a day whose fuel is under half a litre still costs a whole unit; its
    /// heading shows it, and the days' headings add up to the trip's total.
    @Test func aDayWhoseFuelRoundsToNothingStillShowsItsCost() throws {
        // 6 km at 6 l/100 km is 0.36 l, 0 l shown; at €2 a litre it is €0.72, counted €1.
        let itinerary = ItineraryPlannerTests.plan(hours: [0.06, 3], settings: TripSettings(startDate: ItineraryPlannerTests.day, dailyLimitHours: 3))
        let costs = TripCosts(itinerary: itinerary, settings: Self.settings(fuel: 6, price: 2, currency: "€", night: 50), unit: .km)
        #expect(costs.days.map(\.fuel) == [0, 18] && costs.days.map(\.fuelCost) == [1, 36])
        let stops = (0...2).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        let headings = ItineraryRows.rows(for: itinerary, stops: stops, unit: .km, costs: costs).filter { $0.kind == .day }.map(\.detail)
        #expect(headings[0].hasSuffix(" · fuel €1 · lodging €50"), "\(headings)")
        let shown = try headings.flatMap { $0.matches(of: try Regex(#"€(\d+)"#)).compactMap { Int($0.output[1].substring ?? "") } }
        let totals = ItineraryRows.totals(itinerary, unit: .km, costs: costs)
        #expect(totals.hasSuffix("fuel €37 · lodging €50 · total €87") && shown.reduce(0, +) == 87, "\(headings) \(totals)")
    }

    @Test func withoutAPriceFuelIsInLitresOrGallons() {
        let litres = TripCosts(itinerary: Self.itinerary, settings: Self.settings(fuel: 7.5), unit: .km)
        #expect(litres.text(litres.days[0]) == "fuel 45 l")
        // In miles the same fuel is 11.9 US gallons a day.
        let gallons = TripCosts(itinerary: Self.itinerary, settings: Self.settings(fuel: 7.5), unit: .mi)
        #expect(gallons.text(gallons.days[0]) == "fuel 12 gal")
    }

    @Test(arguments: [("€", "€46"), ("$", "$46"), ("EUR", "46 EUR"), ("NOK", "46 NOK"), ("kr", "46 kr"), ("", "46")])
    func aSymbolGoesBeforeAndACodeAfter(currency: String, shown: String) {
        let costs = TripCosts(itinerary: Self.itinerary, settings: Self.settings(currency: currency.isEmpty ? nil : currency), unit: .km)
        #expect(costs.money(46) == shown)
    }

    @Test func theDayHeadingCarriesItsCosts() {
        let costs = TripCosts(itinerary: Self.itinerary, settings: Self.settings(fuel: 7.5, price: 1.85, currency: "EUR", night: 80), unit: .km)
        let stops = (0...4).map { Stop(name: "S\($0)", location: Coordinate(latitude: 40, longitude: -90 - Double($0))) }
        let headings = ItineraryRows.rows(for: Self.itinerary, stops: stops, unit: .km, costs: costs).filter { $0.kind == .day }.map(\.detail)
        #expect(headings == ["≈ 6 h 00 min driving · ≈ 600 km · fuel 83 EUR · lodging 80 EUR", "≈ 6 h 00 min driving · ≈ 600 km · fuel 83 EUR"])
    }
}
