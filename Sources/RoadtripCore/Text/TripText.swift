import TextCanvas

/// How a trip reads, the same on the screens and on the command line: its stop count, its
/// route, its distance, the summary line with the estimates. Presenters and commands both call
/// it; neither calls the other. Names quoted and numbers as a user types them are the entities'
/// own (`TripText+Quoted.swift`): their messages use them too.
extension TripText {
    /// "1 stop", "7 stops".
    package static func stopCount(_ count: Int) -> String {
        count == 1 ? "1 stop" : "\(count) stops"
    }

    /// "Monterey → Morro Bay"; the one stop's name; "" for none.
    package static func route(of stops: [Stop]) -> String {
        switch stops.count {
        case 0: return ""
        case 1: return stops[0].name
        default: return "\(stops[0].name) → \(stops[stops.count - 1].name)"
        }
    }

    /// "58.2 km", "≈ 216 km": the legs' distance by road, the sum of the legs (`LegFigures`),
    /// marked "≈" when any of them is an estimate; "—" for a trip without a leg, which has no
    /// distance to speak of.
    package static func distance(of legs: [LegFigures], unit: DistanceUnit) -> String {
        let total = legs.total
        return distance(meters: total.meters, isEstimate: total.isEstimate, legs: legs.count, unit: unit)
    }

    /// A total of `legs` legs already added up (`distance(of:unit:)`).
    package static func distance(meters: Double, isEstimate: Bool, legs: Int, unit: DistanceUnit) -> String {
        legs == 0 ? "—" : (isEstimate ? "≈ " : "") + unit.format(meters: meters)
    }

    /// Why the leg from stop `number` to the next is an estimate: "2 → 3 ≈ 41 km: no region covers
    /// Durness". The `≈` marks the figure it is about, as in the list and the summary, never the
    /// reason; the trip screen and `show` say it alike.
    package static func estimatedLeg(from number: Int, meters: Double, reason: String, unit: DistanceUnit) -> String {
        "\(number) → \(number + 1) ≈ \(unit.format(meters: meters)): \(reason)"
    }

    /// The summary line of a trip: "Total distance: 58.2 km by road · 1 h 05 min driving", the
    /// sums of its legs (`LegFigures`), each marked "≈" when a leg of it is an estimate, with
    /// what the estimates take ("×1.25 at 80 km/h").
    package static func summary(legs: [LegFigures], estimate: RouteEstimate, unit: DistanceUnit) -> String {
        summaries(legs: legs, estimate: estimate, unit: unit)[0]
    }

    /// The summary line, then shorter forms of it for narrower screens, each dropping the least
    /// needed part whole: the estimates' settings, then the labels ("≈ 1,543 km · ≈ 19 h 17 min").
    package static func summaries(legs: [LegFigures], estimate: RouteEstimate, unit: DistanceUnit) -> [String] {
        let total = legs.total
        let mark = total.isEstimate ? "≈ " : ""
        let road = mark + unit.format(meters: total.meters)
        let driving = mark + RouteEstimate.formatDuration(seconds: legs.shownSeconds)
        let speed = decimal(unit.speed(kmh: estimate.averageSpeedKmh))
        let line = "Total distance: \(road) by road · \(driving) driving"
        return (total.isEstimate ? ["\(line) (×\(decimal(estimate.roadFactor)) at \(speed) \(unit.speedSymbol))"] : []) + [
            line,
            "Total \(road) by road · \(driving)",
            "\(road) · \(driving)",
        ]
    }
}
