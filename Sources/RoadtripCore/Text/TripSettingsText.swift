import Foundation

/// A trip's settings in words: each setting's name on the command line (`roadtrip set TRIP KEY
/// VALUE`), its label in the settings form, the text it is shown as, and the setting a typed text
/// makes, or the sentence that says what is wrong. The form and the command line read and check a
/// setting through this one place. A value equal to the default is stored as none, so that the file
/// keeps only real choices; figures are typed in the units the trip is shown in.
package struct TripSettingsText {
    package enum Key: String, CaseIterable, Sendable {
        case startDate = "start-date", startTime = "start-time", timeZone = "time-zone", dailyLimit = "daily-limit", defaultStay = "default-stay"
        case speed, roadFactor = "road-factor", units, endsBySunset = "sunset", route = "roads", vehicle
        case fuelUse = "fuel-use", fuelPrice = "fuel-price", currency, nightlyBudget = "nightly-budget", range, fuel, reserve

        /// A setting that is yes or no: a tick box in the form.
        package var isYesOrNo: Bool { self == .endsBySunset }
    }

    package struct Failure: Error, Equatable {
        package let message: String
    }

    package let settings: TripSettings
    /// The units of trips that choose none (`--units`, or the locale).
    package let defaultUnit: DistanceUnit
    /// The first stop's zone, the default of the start's.
    package let firstStopZone: String?

    package init(settings: TripSettings, defaultUnit: DistanceUnit, firstStopZone: String?) {
        self.settings = settings
        self.defaultUnit = defaultUnit
        self.firstStopZone = firstStopZone
    }

    /// The units the trip is shown in now: speeds, fuel use and fuel prices are typed in them.
    package var unit: DistanceUnit { settings.units ?? defaultUnit }

    package func label(_ key: Key) -> String {
        switch key {
        case .startDate: return "Start date"
        case .startTime: return "Start time (each day)"
        case .timeZone: return "Time zone of the start"
        case .dailyLimit: return "Daily driving (hours)"
        case .defaultStay: return "Default stay (each stop)"
        case .speed: return "Average speed (\(unit.speedSymbol))"
        case .roadFactor: return "Road factor"
        case .units: return "Units (km or mi)"
        case .endsBySunset: return "End days by sunset"
        case .route: return "Roads: quickest or shortest"
        case .vehicle: return "Vehicle: car, motorcycle, van or camper"
        case .fuelUse: return unit == .mi ? "Fuel use (mpg)" : "Fuel use (l/100 km)"
        case .fuelPrice: return unit == .mi ? "Fuel price (a gallon)" : "Fuel price (a litre)"
        case .currency: return "Currency (€, $, NOK…)"
        case .nightlyBudget: return "Lodging (a night)"
        case .range: return "Range (\(unit.rawValue))"
        case .fuel: return "Fuel: petrol, diesel or electric"
        case .reserve: return "Reserve (% of the range)"
        }
    }

    /// What an empty field stands for.
    package func placeholder(_ key: Key) -> String {
        switch key {
        case .startDate: return "today"
        case .timeZone: return "the first stop's"
        case .fuelUse, .fuelPrice, .nightlyBudget, .currency, .range, .defaultStay: return "none"
        default: return "the default"
        }
    }

    /// One sentence on what the setting does and how it is typed (the form's F1 help, `set --help`).
    package func help(_ key: Key) -> String {
        switch key {
        case .startDate: return "The first day of the trip, YYYY-MM-DD; empty plans from today. With one, the trip screen shows when each stop is reached."
        case .startTime: return "When each day's driving starts, HH:MM on a 24-hour clock (default 09:00)."
        case .timeZone: return "The zone the start time is in, such as Europe/Berlin; empty is the first stop's."
        case .dailyLimit: return "The most hours of driving in a day; a longer day is split at a place to sleep (default 8)."
        case .defaultStay: return "The time spent at each stop that sets no stay of its own (“1 h”, “45 min”), not the first or the last; empty for none."
        case .speed: return "The average speed of the estimates, in \(unit.speedSymbol), for legs not on a region's roads."
        case .roadFactor: return "How much longer the road is than the straight line, for estimates (default 1.25)."
        case .units: return "km or mi: the units the trip's distances, speeds and fuel are shown in."
        case .endsBySunset: return "Yes: a leg that would arrive after sunset waits for the next morning."
        case .route: return "quickest or shortest: how legs on a region's roads are routed."
        case .vehicle: return "car, motorcycle, van or camper: the roads it may use and its speeds on a region's roads."
        case .fuelUse:
            return unit == .mi
                ? "Miles per US gallon; with a fuel price, each day shows its fuel cost."
                : "Litres per 100 km; with a fuel price, each day shows its fuel cost."
        case .fuelPrice: return unit == .mi ? "What a US gallon of fuel costs, in the currency." : "What a litre of fuel costs, in the currency."
        case .currency: return "The symbol or code costs are shown with: €, $, £, EUR, NOK."
        case .nightlyBudget: return "What a night's lodging may cost; each night of the trip counts it."
        case .range: return "How far a full tank or battery goes, in \(unit.rawValue); the itinerary says where to fill up where a region has the stations."
        case .fuel: return "petrol, diesel or electric: whether fuel stations or chargers fill the vehicle up."
        case .reserve: return "The share of the range kept in the tank: fill-ups are planned before it runs lower (default 15)."
        }
    }

    /// What the setting shows: its value, or the default it stands for (empty for none).
    package func shown(_ key: Key) -> String {
        let estimate = RouteEstimate(for: settings, unit: unit)
        switch key {
        case .startDate: return settings.startDate?.description ?? ""
        case .startTime: return (settings.startTime ?? TripSettings.defaultStartTime).description
        case .timeZone: return settings.timeZone ?? firstStopZone ?? ""
        case .dailyLimit: return TripText.decimal(settings.dailyLimitHours ?? TripSettings.defaultDailyLimitHours)
        case .defaultStay: return StayText.text(settings.defaultStayHours.map(Stay.hours))
        case .speed: return TripText.decimal(unit.speed(kmh: estimate.averageSpeedKmh))
        case .roadFactor: return TripText.decimal(estimate.roadFactor)
        case .units: return unit.rawValue
        case .endsBySunset: return settings.endsBySunset ? "yes" : "no"
        case .route: return (settings.route ?? .quickest).rawValue
        case .vehicle: return (settings.vehicle ?? .car).rawValue
        case .fuelUse: return settings.fuelLitresPer100Km.map { TripText.decimal(unit.fuelUse(litresPer100Km: $0)) } ?? ""
        case .fuelPrice: return settings.fuelPricePerLitre.map { TripText.decimal(unit.fuelPrice(perLitre: $0)) } ?? ""
        case .currency: return settings.currency ?? ""
        case .nightlyBudget: return settings.nightlyBudget.map(TripText.decimal) ?? ""
        case .range: return settings.rangeKm.map { TripText.decimal($0 * 1_000 / unit.meters) } ?? ""
        case .fuel: return (settings.fuel ?? .petrol).rawValue
        case .reserve: return TripText.decimal(settings.reservePercent ?? TripSettings.defaultReservePercent)
        }
    }

    /// The settings with `key` set from `text`; an empty text is the default (or none).
    package func setting(_ key: Key, to text: String) throws(Failure) -> TripSettings {
        var result = settings
        try set(key, from: text.trimmingCharacters(in: .whitespaces), in: &result)
        return result
    }

    /// The settings the form's `values` (one for each key, in `Key.allCases` order) make. A field
    /// left as it was shown keeps its setting as it was: a default stays a default, a value is not
    /// rounded to what was shown. Units are read first: the figures are typed in the new ones.
    package func settings(from values: [String]) -> Result<TripSettings, Failure> {
        var result = settings
        do {
            for key in Self.readingOrder {
                if let text = typed(key, in: values) { try set(key, from: text, in: &result) }
            }
        } catch {
            return .failure(error)
        }
        return .success(result)
    }

    /// The settings `values` make, each refused value left as it was: what a form in error keeps
    /// when the planner must end without asking (SIGTERM). The values are read as `settings(from:)`
    /// reads them.
    package func validSettings(from values: [String]) -> TripSettings {
        var result = settings
        for key in Self.readingOrder {
            guard let text = typed(key, in: values) else { continue }
            var attempt = result
            if (try? set(key, from: text, in: &attempt)) != nil { result = attempt }
        }
        return result
    }

    /// Units first: the figures are typed in the new ones.
    private static let readingOrder = [Key.units] + Key.allCases.filter { $0 != .units }

    /// The text typed for `key` among `values`, nil when left as it was shown.
    private func typed(_ key: Key, in values: [String]) -> String? {
        guard let index = Key.allCases.firstIndex(of: key) else { return nil }
        let text = values.indices.contains(index) ? values[index].trimmingCharacters(in: .whitespaces) : ""
        return text == shown(key) ? nil : text
    }

    // MARK: Each setting

    /// Figures are typed in the units the trip is shown in (`unit`, which the labels name), even
    /// when the same form changes them; the default a speed is compared with is the new units'.
    private func set(_ key: Key, from text: String, in result: inout TripSettings) throws(Failure) {
        switch key {
        case .startDate: result.startDate = try date(text)
        case .startTime: result.startTime = try time(text)
        case .timeZone: result.timeZone = try zone(text)
        case .dailyLimit: result.dailyLimitHours = try limit(text)
        case .defaultStay: result.defaultStayHours = try defaultStay(text)
        case .units: result.units = try units(text)
        case .speed: result.averageSpeedKmh = try speed(text, defaultIn: result.units ?? defaultUnit)
        case .roadFactor: result.roadFactor = try roadFactor(text)
        case .endsBySunset: result.endsBySunset = try yesOrNo(text, label(key))
        case .route: result.route = try choice(text, default: RoutePreference.quickest, "Write quickest or shortest: how legs on a region's roads are routed.")
        case .vehicle: result.vehicle = try choice(text, default: Vehicle.car, "Write car, motorcycle, van or camper.")
        case .fuelUse: result.fuelLitresPer100Km = try fuelUse(text)
        case .fuelPrice: result.fuelPricePerLitre = try fuelPrice(text)
        case .currency: result.currency = try currency(text)
        case .nightlyBudget: result.nightlyBudget = try amount(text, in: TripSettings.nightlyBudgetRange, "The lodging budget must be a price a night")
        case .range: result.rangeKm = try range(text)
        case .fuel: result.fuel = try choice(text, default: Fuel.petrol, "Write petrol, diesel or electric.")
        case .reserve: result.reservePercent = try reserve(text)
        }
    }

    /// One of a setting's words (in any letter case); its default is stored as none.
    private func choice<Value: RawRepresentable & Equatable>(_ text: String, default: Value, _ help: String) throws(Failure) -> Value?
    where Value.RawValue == String {
        if text.isEmpty { return nil }
        guard let value = Value(rawValue: text.lowercased()) else { throw Failure(message: help) }
        return value == `default` ? nil : value
    }

    private func date(_ text: String) throws(Failure) -> LocalDay? {
        if text.isEmpty { return nil }
        guard let day = LocalDay(iso: text), LocalDay.startYears.contains(day.year) else {
            throw Failure(
                message: "Write the start date as YYYY-MM-DD (2026-07-01), in a year from \(LocalDay.startYears.lowerBound) to "
                    + "\(LocalDay.startYears.upperBound), or leave it empty to start today.")
        }
        return day
    }

    private func time(_ text: String) throws(Failure) -> ClockTime? {
        if text.isEmpty { return nil }
        guard let time = ClockTime(text) else { throw Failure(message: "Write the start time as HH:MM on a 24-hour clock (09:00, 17:30).") }
        return time == TripSettings.defaultStartTime ? nil : time
    }

    private func zone(_ text: String) throws(Failure) -> String? {
        if text.isEmpty || text == firstStopZone { return nil }
        guard let zone = TimeZone(identifier: text) else {
            throw Failure(
                message:
                    "“\(text)” is not a time zone this machine knows: write one like America/Denver or Europe/Berlin, or leave it empty for the first stop's.")
        }
        return zone.identifier
    }

    private func limit(_ text: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.dailyLimitRange
        guard let hours = Self.number(text), range.contains(hours) else {
            let (low, high, usual) = (
                TripText.decimal(range.lowerBound), TripText.decimal(range.upperBound), TripText.decimal(TripSettings.defaultDailyLimitHours)
            )
            throw Failure(message: "The daily driving must be a number of hours from \(low) to \(high) (empty for the default, \(usual)).")
        }
        return hours == TripSettings.defaultDailyLimitHours ? nil : hours
    }

    /// A stay in hours typed as a stop's is ("1 h", "45 min"), at most a day.
    private func defaultStay(_ text: String) throws(Failure) -> Double? {
        let stay: Stay?
        do { stay = try StayText.parse(text) } catch { stay = .nights(0) }
        switch stay {
        case nil: return nil
        case .hours(let hours) where TripSettings.defaultStayRange.contains(hours): return hours
        default: throw Failure(message: "Write the default stay in hours or minutes (“1 h”, “45 min”), at most 24 h, or leave it empty for none.")
        }
    }

    private func units(_ text: String) throws(Failure) -> DistanceUnit? {
        if text.isEmpty { return nil }
        guard let unit = DistanceUnit(rawValue: text.lowercased()) else { throw Failure(message: "The units are km or mi.") }
        return unit == defaultUnit ? nil : unit
    }

    /// A speed typed in `unit`'s speed (km/h or mph), in km/h; none when it is the default of `units`.
    private func speed(_ text: String, defaultIn units: DistanceUnit) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.averageSpeedRange
        guard let typed = Self.number(text), range.contains(unit.kmh(speed: typed)) else {
            let low = TripText.decimal(unit.speed(kmh: range.lowerBound)), high = TripText.decimal(unit.speed(kmh: range.upperBound))
            throw Failure(message: "The average speed must be a number from \(low) to \(high) \(unit.speedSymbol) (empty for the default).")
        }
        let kmh = unit.kmh(speed: typed)
        return abs(kmh - RouteEstimate.defaultAverageSpeedKmh(in: units)) < 1e-6 ? nil : kmh
    }

    private func roadFactor(_ text: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.roadFactorRange
        guard let factor = Self.number(text), range.contains(factor) else {
            let (low, high, usual) = (TripText.decimal(range.lowerBound), TripText.decimal(range.upperBound), TripText.decimal(RouteEstimate.defaultRoadFactor))
            throw Failure(message: "The road factor must be a number from \(low) to \(high) (empty for the default, \(usual)).")
        }
        return factor == RouteEstimate.defaultRoadFactor ? nil : factor
    }

    private func yesOrNo(_ text: String, _ label: String) throws(Failure) -> Bool {
        switch text.lowercased() {
        case "yes", "y", "on", "true", "1": return true
        case "no", "n", "off", "false", "0", "": return false
        default: throw Failure(message: "\(label): yes or no.")
        }
    }

    /// Fuel use typed in l/100 km, or mpg when the trip is in miles, in l/100 km.
    private func fuelUse(_ text: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.fuelUseRange
        guard let typed = Self.number(text), typed > 0, range.contains(unit.litresPer100Km(fuelUse: typed)) else {
            let (low, high) = [unit.fuelUse(litresPer100Km: range.lowerBound), unit.fuelUse(litresPer100Km: range.upperBound)].sorted().map(TripText.decimal)
                .pair
            throw Failure(message: "The fuel use must be a number from \(low) to \(high) \(unit.fuelUseSymbol) (empty for none).")
        }
        return unit.litresPer100Km(fuelUse: typed)
    }

    /// A fuel price typed a litre, or a US gallon when the trip is in miles, a litre.
    private func fuelPrice(_ text: String) throws(Failure) -> Double? {
        guard let price = try amount(text, in: TripSettings.fuelPriceRange, "The fuel price must be a price a \(unit == .mi ? "gallon" : "litre")") else {
            return nil
        }
        return unit.perLitre(fuelPrice: price)
    }

    private func amount(_ text: String, in range: ClosedRange<Double>, _ what: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        guard let amount = Self.number(text), range.contains(amount) else {
            throw Failure(message: "\(what), a number from 0 to \(DistanceUnit.grouped(Int(range.upperBound))) (empty for none).")
        }
        return amount
    }

    /// The reserve, in percent of the range; the default is stored as none.
    private func reserve(_ text: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.reservePercentRange
        guard let percent = Self.number(text.hasSuffix("%") ? String(text.dropLast()) : text), range.contains(percent) else {
            throw Failure(
                message: "The reserve must be a percentage of the range from \(TripText.decimal(range.lowerBound)) to \(TripText.decimal(range.upperBound)) "
                    + "(default \(TripText.decimal(TripSettings.defaultReservePercent))).")
        }
        return percent == TripSettings.defaultReservePercent ? nil : percent
    }

    /// A range typed in the trip's units, in kilometers.
    private func range(_ text: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.rangeKmRange
        guard let typed = Self.number(text), range.contains(typed * unit.meters / 1_000) else {
            let (low, high) = (
                TripText.decimal((range.lowerBound * 1_000 / unit.meters).rounded(.up)),
                TripText.decimal((range.upperBound * 1_000 / unit.meters).rounded(.down))
            )
            throw Failure(message: "The range must be a distance from \(low) to \(high) \(unit.rawValue) (empty for none).")
        }
        return typed * unit.meters / 1_000
    }

    private func currency(_ text: String) throws(Failure) -> String? {
        if text.isEmpty { return nil }
        guard TripSettings.isCurrency(text) else {
            throw Failure(message: "Write the currency as a symbol or code of up to \(TripSettings.currencyLength) characters without spaces: €, $, EUR.")
        }
        return text
    }

    /// A number typed with a point or a comma as the decimal separator.
    package static func number(_ text: String) -> Double? {
        Double(text.replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
    }
}

private extension Array {
    var pair: (Element, Element) { (self[0], self[1]) }
}
