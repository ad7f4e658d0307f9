import Foundation
import RoadtripCore

// How the trips file writes a trip's settings (SPEC §3, the optional `settings` object): only the
// choices a user made, each checked against the range `TripSettings` gives it.

extension TripSettings: Codable {
    private typealias CodingKeys = SettingsField

    package init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        func text(_ key: CodingKeys) throws -> String? { try container.valueIfPresent(String.self, at: key) }
        func fail(_ key: CodingKeys, _ reason: String) -> DecodingError {
            .dataCorruptedError(forKey: AnyCodingKey(key), in: container, debugDescription: reason)
        }
        /// A figure in `range` (a closed range holds no NaN and no infinity), `what` naming it
        /// in the message as the settings form does.
        func figure(_ key: CodingKeys, in range: ClosedRange<Double>, _ what: String) throws -> Double? {
            guard let value = try container.valueIfPresent(Double.self, at: key) else { return nil }
            guard range.contains(value) else {
                throw fail(
                    key,
                    "\(key.stringValue) must be \(what) from \(TripText.decimal(range.lowerBound)) to \(TripText.decimal(range.upperBound)), found \(value)")
            }
            return value
        }
        if let value = try text(.startDate) {
            guard let day = LocalDay(iso: value) else { throw fail(.startDate, "startDate must be a date written YYYY-MM-DD, found “\(value)”") }
            startDate = day
        }
        if let value = try text(.startTime) {
            guard value.count == 5, let time = ClockTime(value) else { throw fail(.startTime, "startTime must be a time written HH:MM, found “\(value)”") }
            startTime = time
        }
        timeZone = try text(.timeZone)
        dailyLimitHours = try figure(.dailyLimitHours, in: Self.dailyLimitRange, "a number of hours")
        defaultStayHours = try figure(.defaultStayHours, in: Self.defaultStayRange, "a number of hours")
        averageSpeedKmh = try figure(.averageSpeedKmh, in: Self.averageSpeedRange, "a speed in km/h")
        roadFactor = try figure(.roadFactor, in: Self.roadFactorRange, "a number")
        if let value = try text(.units) {
            guard let unit = DistanceUnit(rawValue: value) else { throw fail(.units, "units must be “km” or “mi”, found “\(value)”") }
            units = unit
        }
        endsBySunset = try container.valueIfPresent(Bool.self, at: CodingKeys.endsBySunset) ?? false
        if let value = try text(.route) {
            guard let preference = RoutePreference(rawValue: value) else { throw fail(.route, "route must be “quickest” or “shortest”, found “\(value)”") }
            route = preference
        }
        if let value = try text(.vehicle) {
            guard let kind = Vehicle(rawValue: value) else { throw fail(.vehicle, "vehicle must be “car”, “motorcycle”, “van” or “camper”, found “\(value)”") }
            vehicle = kind
        }
        fuelLitresPer100Km = try figure(.fuelLitresPer100Km, in: Self.fuelUseRange, "a number of litres per 100 km")
        fuelPricePerLitre = try figure(.fuelPricePerLitre, in: Self.fuelPriceRange, "a price per litre")
        nightlyBudget = try figure(.nightlyBudget, in: Self.nightlyBudgetRange, "a price per night")
        rangeKm = try figure(.rangeKm, in: Self.rangeKmRange, "a distance in km")
        reservePercent = try figure(.reservePercent, in: Self.reservePercentRange, "a percentage")
        if let value = try text(.fuel) {
            guard let kind = Fuel(rawValue: value) else { throw fail(.fuel, "fuel must be “petrol”, “diesel” or “electric”, found “\(value)”") }
            fuel = kind
        }
        if let value = try text(.currency) {
            guard Self.isCurrency(value) else {
                throw fail(.currency, "currency must be a symbol or code of 1 to \(Self.currencyLength) characters, such as “€” or “EUR”, found “\(value)”")
            }
            currency = value
        }
        unknownFields = try container.unknownFields(besides: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(startDate?.description, forKey: .startDate)
        try container.encodeIfPresent(startTime?.description, forKey: .startTime)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(dailyLimitHours, forKey: .dailyLimitHours)
        try container.encodeIfPresent(defaultStayHours, forKey: .defaultStayHours)
        try container.encodeIfPresent(averageSpeedKmh, forKey: .averageSpeedKmh)
        try container.encodeIfPresent(roadFactor, forKey: .roadFactor)
        try container.encodeIfPresent(units?.rawValue, forKey: .units)
        if endsBySunset { try container.encode(true, forKey: .endsBySunset) }
        try container.encodeIfPresent(route?.rawValue, forKey: .route)
        try container.encodeIfPresent(vehicle?.rawValue, forKey: .vehicle)
        try container.encodeIfPresent(fuelLitresPer100Km, forKey: .fuelLitresPer100Km)
        try container.encodeIfPresent(fuelPricePerLitre, forKey: .fuelPricePerLitre)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encodeIfPresent(nightlyBudget, forKey: .nightlyBudget)
        try container.encodeIfPresent(rangeKm, forKey: .rangeKm)
        try container.encodeIfPresent(reservePercent, forKey: .reservePercent)
        try container.encodeIfPresent(fuel?.rawValue, forKey: .fuel)
        try encoder.encodeUnknownFields(unknownFields)
    }
}

extension TripSettings {
    /// The estimate figures of a file written before trips had settings, where the settings do
    /// not give their own. A figure outside its range is passed over, as that version's
    /// nonsensical ones (zero, negative) always were: the trip is estimated with the default.
    mutating func adoptEarlierFields(roadFactor: Double?, averageSpeedKmh: Double?) {
        self.roadFactor = self.roadFactor ?? roadFactor.flatMap { Self.roadFactorRange.contains($0) ? $0 : nil }
        self.averageSpeedKmh = self.averageSpeedKmh ?? averageSpeedKmh.flatMap { Self.averageSpeedRange.contains($0) ? $0 : nil }
    }
}
