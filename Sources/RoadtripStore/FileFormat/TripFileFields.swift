// The fields of the trips file (SPEC §3), named once (issue 57, item 3): the `Codable` path's
// coding keys (`TripFile`, `Trip`, `Stop`, `Coordinate`, `TripSettings`, and so the error path
// that runs it), the one-pass `TripFileReader`'s field names and `TripFileWriter`'s keys are
// these cases. A field added to one reader is added to all three.

/// `{"version": 1, "trips": [...]}`.
enum FileField: String, CodingKey, CaseIterable { case version, trips }

/// A trip. `roadFactor` and `averageSpeedKmh` stood beside the stops before the trip had
/// `settings`: read into the settings, never written here. The stops are `waypoints`, as the
/// original app called them.
enum TripField: String, CodingKey, CaseIterable { case id, name, stops = "waypoints", settings, roadFactor, averageSpeedKmh }

/// A stop. The stay is written flat, `stayHours` or `stayNights`, so that either reads at a glance.
enum StopField: String, CodingKey, CaseIterable { case id, name, location, region, country, notes, stayHours, stayNights, overnight }

/// A stop's `location`.
enum LocationField: String, CodingKey, CaseIterable { case latitude, longitude }

/// A trip's optional `settings`: only the choices a user made.
enum SettingsField: String, CodingKey, CaseIterable {
    case startDate, startTime, timeZone, dailyLimitHours, defaultStayHours, averageSpeedKmh, roadFactor, units, endsBySunset, route, vehicle
    case fuelLitresPer100Km, fuelPricePerLitre, currency, nightlyBudget, rangeKm, fuel, reservePercent
}
