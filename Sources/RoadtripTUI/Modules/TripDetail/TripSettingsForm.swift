import Foundation
import RoadtripCore

/// The trip's settings as the form on the trip detail screen shows them (`S`, `,` or `o`), and the
/// settings its typed values make. A field left as it was shown keeps the setting as it was (a
/// default stays a default, a value is not rounded to what was shown); a value equal to the
/// default is stored as none, so that the file keeps only real choices.
struct TripSettingsForm {
    let settings: TripSettings
    /// The units the trip is shown in now: speeds are typed in them.
    let unit: DistanceUnit
    /// The units of trips that choose none (`--units`, or the locale).
    let defaultUnit: DistanceUnit
    /// The first stop's zone, the default of the start's.
    let firstStopZone: String?

    enum Field: Int, CaseIterable {
        case startDate, startTime, timeZone, dailyLimit, speed, roadFactor, units, endsBySunset, route, vehicle
    }

    var fields: [(label: String, value: String)] {
        Field.allCases.map { (label($0), shown($0)) }
    }

    /// What an empty field stands for.
    var placeholders: [String] {
        Field.allCases.map { field in
            switch field {
            case .startDate: return "today"
            case .timeZone: return "the first stop's"
            default: return "the default"
            }
        }
    }

    private func label(_ field: Field) -> String {
        switch field {
        case .startDate: return "Start date"
        case .startTime: return "Start time (each day)"
        case .timeZone: return "Time zone of the start"
        case .dailyLimit: return "Daily driving (hours)"
        case .speed: return "Average speed (\(unit.speedSymbol))"
        case .roadFactor: return "Road factor"
        case .units: return "Units (km or mi)"
        case .endsBySunset: return "End days by sunset"
        case .route: return "Roads: quickest or shortest"
        case .vehicle: return "Vehicle: car, motorcycle or van"
        }
    }

    /// What the field shows: the setting, or the default it stands for.
    private func shown(_ field: Field) -> String {
        let estimate = RouteEstimate(for: settings, unit: unit)
        switch field {
        case .startDate: return settings.startDate?.description ?? ""
        case .startTime: return (settings.startTime ?? TripSettings.defaultStartTime).description
        case .timeZone: return settings.timeZone ?? firstStopZone ?? ""
        case .dailyLimit: return TripText.decimal(settings.dailyLimitHours ?? TripSettings.defaultDailyLimitHours)
        case .speed: return TripText.decimal(unit.speed(kmh: estimate.averageSpeedKmh))
        case .roadFactor: return TripText.decimal(estimate.roadFactor)
        case .units: return unit.rawValue
        case .endsBySunset: return settings.endsBySunset ? "yes" : "no"
        case .route: return (settings.route ?? .quickest).rawValue
        case .vehicle: return (settings.vehicle ?? .car).rawValue
        }
    }

    /// The settings `values` (in field order) make, or the sentence that says what is wrong.
    func settings(from values: [String]) -> Result<TripSettings, FormError> {
        var result = settings
        func typed(_ field: Field) -> String? {
            let text = values.indices.contains(field.rawValue) ? values[field.rawValue].trimmingCharacters(in: .whitespaces) : ""
            return text == shown(field) ? nil : text
        }
        do {
            if let text = typed(.startDate) { result.startDate = try date(text) }
            if let text = typed(.startTime) { result.startTime = try time(text) }
            if let text = typed(.timeZone) { result.timeZone = try zone(text) }
            if let text = typed(.dailyLimit) { result.dailyLimitHours = try limit(text) }
            if let text = typed(.units) { result.units = try units(text) }
            if let text = typed(.speed) { result.averageSpeedKmh = try speed(text, units: result.units ?? defaultUnit) }
            if let text = typed(.roadFactor) { result.roadFactor = try roadFactor(text) }
            if let text = typed(.endsBySunset) { result.endsBySunset = try yesOrNo(text) }
            if let text = typed(.route) { result.route = try choice(text, default: RoutePreference.quickest, "Write quickest or shortest: how legs on a region's roads are routed.") }
            if let text = typed(.vehicle) { result.vehicle = try choice(text, default: Vehicle.car, "Write car, motorcycle or van (a camper is a van).") }
        } catch {
            return .failure(error)
        }
        return .success(result)
    }

    struct FormError: Error, Equatable {
        let message: String
    }

    // MARK: Each field

    /// One of a setting's words (in any letter case); its default is stored as none.
    private func choice<Value: RawRepresentable & Equatable>(_ text: String, default: Value, _ help: String) throws(FormError) -> Value?
        where Value.RawValue == String {
        if text.isEmpty { return nil }
        guard let value = Value(rawValue: text.lowercased()) else { throw FormError(message: help) }
        return value == `default` ? nil : value
    }

    private func date(_ text: String) throws(FormError) -> LocalDay? {
        if text.isEmpty { return nil }
        guard let day = LocalDay(iso: text) else { throw FormError(message: "Write the start date as YYYY-MM-DD (2026-07-01), or leave it empty to start today.") }
        return day
    }

    private func time(_ text: String) throws(FormError) -> ClockTime? {
        if text.isEmpty { return nil }
        guard let time = ClockTime(text) else { throw FormError(message: "Write the start time as HH:MM on a 24-hour clock (09:00, 17:30).") }
        return time == TripSettings.defaultStartTime ? nil : time
    }

    private func zone(_ text: String) throws(FormError) -> String? {
        if text.isEmpty || text == firstStopZone { return nil }
        guard let zone = TimeZone(identifier: text) else {
            throw FormError(message: "“\(text)” is not a time zone this machine knows: write one like America/Denver or Europe/Berlin, or leave it empty for the first stop's.")
        }
        return zone.identifier
    }

    private func limit(_ text: String) throws(FormError) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.dailyLimitRange
        guard let hours = Self.number(text), range.contains(hours) else {
            let (low, high, usual) = (TripText.decimal(range.lowerBound), TripText.decimal(range.upperBound), TripText.decimal(TripSettings.defaultDailyLimitHours))
            throw FormError(message: "The daily driving must be a number of hours from \(low) to \(high) (empty for the default, \(usual)).")
        }
        return hours == TripSettings.defaultDailyLimitHours ? nil : hours
    }

    private func units(_ text: String) throws(FormError) -> DistanceUnit? {
        if text.isEmpty { return nil }
        guard let unit = DistanceUnit(rawValue: text.lowercased()) else { throw FormError(message: "The units are km or mi.") }
        return unit == defaultUnit ? nil : unit
    }

    /// A speed typed in `unit`'s speed (km/h or mph), in km/h.
    private func speed(_ text: String, units: DistanceUnit) throws(FormError) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.averageSpeedRange
        guard let typed = Self.number(text), range.contains(unit.kmh(speed: typed)) else {
            let low = TripText.decimal(unit.speed(kmh: range.lowerBound)), high = TripText.decimal(unit.speed(kmh: range.upperBound))
            throw FormError(message: "The average speed must be a number from \(low) to \(high) \(unit.speedSymbol) (empty for the default).")
        }
        let kmh = unit.kmh(speed: typed)
        return abs(kmh - RouteEstimate.defaultAverageSpeedKmh(in: units)) < 1e-6 ? nil : kmh
    }

    private func roadFactor(_ text: String) throws(FormError) -> Double? {
        if text.isEmpty { return nil }
        let range = TripSettings.roadFactorRange
        guard let factor = Self.number(text), range.contains(factor) else {
            let (low, high, usual) = (TripText.decimal(range.lowerBound), TripText.decimal(range.upperBound), TripText.decimal(RouteEstimate.defaultRoadFactor))
            throw FormError(message: "The road factor must be a number from \(low) to \(high) (empty for the default, \(usual)).")
        }
        return factor == RouteEstimate.defaultRoadFactor ? nil : factor
    }

    private func yesOrNo(_ text: String) throws(FormError) -> Bool {
        switch text.lowercased() {
        case "yes", "y", "on", "true", "1": return true
        case "no", "n", "off", "false", "0", "": return false
        default: throw FormError(message: "End days by sunset: yes or no.")
        }
    }

    /// A number typed with a point or a comma as the decimal separator.
    static func number(_ text: String) -> Double? {
        Double(text.replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
    }
}
