import Foundation

/// How a trip is planned: when it starts, how long a day of driving may be, and the figures of
/// the estimates (SPEC §3, the trip's optional `settings` object). Every field is optional: absent
/// means the default, and only the choices a user made are written to the file.
package struct TripSettings: Equatable, Sendable {
    /// The first day of the trip; nil plans from today.
    package var startDate: LocalDay?
    /// When each day's driving starts (the first day's included); nil is `defaultStartTime`.
    package var startTime: ClockTime?
    /// The IANA zone the start is given in; nil is the first stop's.
    package var timeZone: String?
    /// Most hours of driving planned in one day; nil is `defaultDailyLimitHours`.
    package var dailyLimitHours: Double?
    /// Hours spent at each stop between the first and the last that sets no stay and ends no day
    /// (issue 38: a tour of seven sights "ended" at 09:50); nil spends none (`stayHours(at:of:)`).
    package var defaultStayHours: Double?
    /// Average driving speed for the estimates, in km/h; nil is the default of the units shown.
    package var averageSpeedKmh: Double?
    /// Road distance over geodesic distance for the estimates; nil is the default.
    package var roadFactor: Double?
    /// The units this trip is shown in; nil follows `--units` or the locale.
    package var units: DistanceUnit?
    /// Whether each day should end by sunset: a leg that would arrive after dark waits for the
    /// next morning (unless it is the day's first).
    package var endsBySunset = false
    /// How legs on the roads of a region are routed: the quickest way (nil, the default) or the shortest.
    package var route: RoutePreference?
    /// What is driven, for the roads and speeds it may take; nil is a car.
    package var vehicle: Vehicle?
    /// Fuel the vehicle uses, in litres per 100 km (typed in mpg when the trip is in miles); with
    /// a fuel price, the itinerary shows what each day's fuel costs. nil: no fuel costs shown.
    package var fuelLitresPer100Km: Double?
    /// What a litre of fuel costs, in `currency` (typed per US gallon when the trip is in miles).
    package var fuelPricePerLitre: Double?
    /// What the costs are shown in: a symbol ("€", "$") or a code ("EUR", "NOK"); nil shows none.
    package var currency: String?
    /// What a night's lodging may cost, in `currency`; the itinerary counts it for every night.
    package var nightlyBudget: Double?
    /// How far the vehicle goes on a full tank (or a full battery), in kilometers (typed in miles
    /// when the trip is in miles); the itinerary then says where to fill up (issue 37). nil: not said.
    package var rangeKm: Double?
    /// The share of the range kept in the tank, in percent: fill-ups are planned before the tank
    /// runs lower (issue 56: "fills at 49.9 km" with a 50 km range); nil is `defaultReservePercent`.
    package var reservePercent: Double?
    /// What the vehicle fills up with: a fuel station's or a charger's; nil is petrol.
    package var fuel: Fuel?
    /// Fields written by a newer version, kept as they were.
    package var unknownFields: UnknownFields = [:]

    package static let defaultStartTime = ClockTime(hour: 9, minute: 0)!
    package static let defaultDailyLimitHours = 8.0

    // The ranges of the figures a user may choose, in one place: the settings form refuses a
    // value outside them, and so does reading the file. The estimates and the planner can then
    // count on them: an average speed of 1e-300 km/h made a duration no Int can hold.
    package static let dailyLimitRange = 0.5...24.0
    /// A default stay is part of a day: longer ones are a stop's own stay, in nights.
    package static let defaultStayRange = 0.0...24.0
    /// In km/h, whatever the units a trip is shown in.
    package static let averageSpeedRange = 5.0...200.0
    package static let roadFactorRange = 1.0...3.0
    /// In litres per 100 km, whatever the units (about 5 to 235 mpg).
    package static let fuelUseRange = 1.0...50.0
    /// Per litre, in any currency: a litre costs about 1.8 euros and 25,000 Indonesian rupiahs.
    package static let fuelPriceRange = 0.0...100_000.0
    package static let nightlyBudgetRange = 0.0...10_000_000.0
    /// In kilometers, whatever the units: a small electric car's town range to a truck's two tanks.
    package static let rangeKmRange = 10.0...5_000.0
    /// Fill-ups are planned with 15% of the range left by default: about the last 100 km of a
    /// 650 km tank, where most cars' fuel warning comes on.
    package static let defaultReservePercent = 15.0
    package static let reservePercentRange = 0.0...50.0

    /// How far the vehicle goes before it fills up: the range less its reserve; nil without a range.
    package var usableRangeKm: Double? {
        rangeKm.map { $0 * (1 - (reservePercent ?? Self.defaultReservePercent) / 100) }
    }
    /// The most characters of a currency's symbol or code.
    package static let currencyLength = 8

    package init(
        startDate: LocalDay? = nil, startTime: ClockTime? = nil, timeZone: String? = nil, dailyLimitHours: Double? = nil,
        averageSpeedKmh: Double? = nil, roadFactor: Double? = nil, units: DistanceUnit? = nil, endsBySunset: Bool = false
    ) {
        self.startDate = startDate
        self.startTime = startTime
        self.timeZone = timeZone
        self.dailyLimitHours = dailyLimitHours
        self.averageSpeedKmh = averageSpeedKmh
        self.roadFactor = roadFactor
        self.units = units
        self.endsBySunset = endsBySunset
    }

    /// A currency's symbol or code: 1 to `currencyLength` characters, no spaces or controls.
    package static func isCurrency(_ text: String) -> Bool {
        (1...currencyLength).contains(text.count)
            && text.unicodeScalars.allSatisfy { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }

    /// The hours spent at stop `index` of `stops` before driving on, and whether they are the
    /// default: the stop's own stay in hours, else `defaultStayHours` where the stop sets no stay,
    /// lies between the first and the last, and is no night's. Nil: none.
    package func stayHours(at index: Int, of stops: [Stop]) -> (hours: Double, isDefault: Bool)? {
        let stop = stops[index]
        if case .hours(let hours) = stop.stay { return (hours, false) }
        guard stop.stay == nil, !stop.overnight, index > 0, index < stops.count - 1, let hours = defaultStayHours, hours > 0 else { return nil }
        return (hours, true)
    }

    /// Nothing chosen: the trip is written without a `settings` object.
    package var isDefault: Bool { self == TripSettings() }
}

/// How a leg on roads is routed (a trip setting).
package enum RoutePreference: String, CaseIterable, Sendable {
    case quickest, shortest
}

/// What a trip is driven in (a trip setting): its roads and speeds on a region's roads
/// (`DrivingProfile`).
package enum Vehicle: String, CaseIterable, Sendable {
    case car, motorcycle, van, camper
}

/// What a vehicle fills up with (a trip setting): fuel stations serve petrol and diesel, chargers
/// an electric vehicle.
package enum Fuel: String, CaseIterable, Sendable {
    case petrol, diesel, electric
}
