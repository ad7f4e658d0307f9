import Foundation

/// What each day of an itinerary costs and the trip in all, from the trip's settings: the fuel
/// (its price when one is set, else how much), and a night's lodging for every night. Nothing is
/// counted that is not set: no fuel use, no fuel; no nightly budget, no lodging.
///
/// Money is in whole units of the currency and fuel in whole litres (or US gallons), each day's
/// figure rounded once; the trip's totals add up the days' figures as shown, so that a column of
/// days sums to its total line.
package struct TripCosts: Equatable, Sendable {
    package struct Figures: Equatable, Sendable {
        /// Fuel burnt, in whole litres (gallons in miles); nil without a fuel use.
        package var fuel: Int?
        /// What the fuel costs, in whole units; nil without a fuel use and price.
        package var fuelCost: Int?
        /// Lodging for the nights, in whole units; nil without a nightly budget.
        package var lodging: Int?

        /// Fuel and lodging together, when either has a price.
        package var cost: Int? { fuelCost == nil && lodging == nil ? nil : (fuelCost ?? 0) + (lodging ?? 0) }
        package var isEmpty: Bool { fuel == nil && lodging == nil }

        static func + (a: Figures, b: Figures) -> Figures {
            Figures(
                fuel: a.fuel.map { $0 + (b.fuel ?? 0) }, fuelCost: a.fuelCost.map { $0 + (b.fuelCost ?? 0) },
                lodging: a.lodging.map { $0 + (b.lodging ?? 0) })
        }
    }

    package let days: [Figures]
    package let total: Figures
    /// The currency's symbol or code, empty when none is set.
    package let currency: String
    /// Whether fuel is counted in US gallons (a trip in miles) rather than litres.
    package let inGallons: Bool

    package init(itinerary: Itinerary, settings: TripSettings, unit: DistanceUnit) {
        currency = settings.currency ?? ""
        inGallons = unit == .mi
        let gallons = inGallons
        days = itinerary.days.map { day in
            let litres = settings.fuelLitresPer100Km.map { day.roadMeters / 100_000 * $0 }
            return Figures(
                fuel: litres.map { Int((gallons ? $0 / DistanceUnit.litresPerGallon : $0).rounded()) },
                fuelCost: litres.flatMap { litres in settings.fuelPricePerLitre.map { Int((litres * $0).rounded()) } },
                lodging: settings.nightlyBudget.map { Int((Double(day.nights) * $0).rounded()) })
        }
        let none = Figures(
            fuel: settings.fuelLitresPer100Km.map { _ in 0 },
            fuelCost: settings.fuelLitresPer100Km.flatMap { _ in settings.fuelPricePerLitre.map { _ in 0 } },
            lodging: settings.nightlyBudget.map { _ in 0 })
        total = days.reduce(none, +)
    }

    /// "fuel €46 · lodging €120", "fuel 52 l"; empty when nothing is counted, and without a
    /// figure of nothing (no lodging the last day, no fuel on a day at a stop). Every figure
    /// counted is shown, so that the days add up to the total: a day's fuel is its cost when
    /// priced, even where its volume rounds to nothing (0.2 gal at $3.50 is "fuel $1", issue 38).
    package func text(_ figures: Figures) -> String {
        var parts: [String] = []
        if let cost = figures.fuelCost {
            if cost != 0 { parts.append("fuel \(money(cost))") }
        } else if let fuel = figures.fuel, fuel != 0 {
            parts.append("fuel \(volume(fuel))")
        }
        if let lodging = figures.lodging, lodging != 0 { parts.append("lodging \(money(lodging))") }
        return parts.joined(separator: " · ")
    }

    /// "52 l", "14 gal".
    package func volume(_ amount: Int) -> String {
        "\(DistanceUnit.grouped(amount)) \(inGallons ? "gal" : "l")"
    }

    /// "€46", "$1,200", "46 EUR", "460 NOK": a code (letters) after the figure, a symbol before it.
    package func money(_ amount: Int) -> String {
        let figure = DistanceUnit.grouped(amount)
        if currency.isEmpty { return figure }
        return currency.allSatisfy(\.isLetter) ? "\(figure) \(currency)" : "\(currency)\(figure)"
    }
}
