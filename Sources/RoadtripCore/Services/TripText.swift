import TextCanvas

/// How a trip reads, the same on the screens and on the command line: its stop count, its
/// route, its distance, the summary line with the estimates, and numbers as a user types them.
/// Presenters and commands both call it; neither calls the other.
package enum TripText {
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

    /// "173 km"; "—" for a trip of fewer than two stops, which has no distance to speak of.
    package static func distance(of trip: Trip, meters: Double? = nil, unit: DistanceUnit) -> String {
        trip.stops.count < 2 ? "—" : unit.format(meters: meters ?? trip.distanceMeters)
    }

    /// "Total distance: 1,234 km   ≈ 1,543 km by road · ≈ 19 h 17 min driving (×1.25 at 80 km/h)"
    /// The summary line of a trip some of whose legs are on roads: "Total distance: 1,234 km
    /// 1,480 km by road · 16 h 10 min driving", each road figure marked "≈" when a leg of it is
    /// an estimate. With no leg on roads, the estimate's own line.
    package static func summary(distance: Double, legs: [LegFigures], estimate: RouteEstimate, unit: DistanceUnit) -> String {
        guard legs.contains(where: { !$0.isEstimate }) else { return summary(distance: distance, estimate: estimate, unit: unit) }
        let total = legs.total
        let mark = total.isEstimate ? "≈ " : ""
        return "Total distance: \(unit.format(meters: distance))   \(mark)\(unit.format(meters: total.meters)) by road · "
            + "\(mark)\(RouteEstimate.formatDuration(seconds: total.seconds)) driving"
    }

    package static func summary(distance: Double, estimate: RouteEstimate, unit: DistanceUnit) -> String {
        summaries(distance: distance, estimate: estimate, unit: unit)[0]
    }

    /// The summary line, then shorter forms of it for narrower screens, each dropping the least
    /// needed part whole: the settings, then the labels ("1,234 km · ≈ 1,543 km road · ≈ 19 h 17 min").
    package static func summaries(distance: Double, estimate: RouteEstimate, unit: DistanceUnit) -> [String] {
        let total = unit.format(meters: distance)
        let road = unit.format(meters: estimate.roadMeters(geodesicMeters: distance))
        let driving = RouteEstimate.formatDuration(seconds: estimate.drivingSeconds(geodesicMeters: distance))
        let speed = decimal(unit.speed(kmh: estimate.averageSpeedKmh))
        let estimates = "≈ \(road) by road · ≈ \(driving) driving"
        return [
            "Total distance: \(total)   \(estimates) (×\(decimal(estimate.roadFactor)) at \(speed) \(unit.speedSymbol))",
            "Total distance: \(total)   \(estimates)",
            "Total \(total) · ≈ \(road) by road · ≈ \(driving)",
            "\(total) · ≈ \(driving)",
        ]
    }

    /// A number as a user would type it: "1.25", "80", "49.7". One too large for an Int (or not
    /// finite) is written as Swift writes it ("1e+300", "inf") instead of trapping.
    package static func decimal(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if let whole = Int(exactly: rounded) { return String(whole) }
        return String(rounded)
    }

    /// The most columns of a name quoted in a sentence: as wide as the command line's table cells,
    /// room for the longest place names, while a name of a megabyte stays a short message.
    package static let quotedWidth = 40

    /// “Pacific Coast Drive”; “Pacific Coast Highway from Monterey to M…”: a name as a message
    /// quotes it, clipped (with an ellipsis) to `quotedWidth` columns.
    package static func quoted(_ name: String, utf8: Bool = TextWidth.isUTF8) -> String {
        "“" + TextWidth.clipped(name, to: quotedWidth, utf8: utf8) + "”"
    }
}

extension DistanceUnit {
    /// A speed in km/h as this unit's speed (km/h or mph).
    package func speed(kmh: Double) -> Double {
        kmh * 1000 / metres
    }

    /// This unit's speed (km/h or mph) in km/h.
    package func kmh(speed: Double) -> Double {
        speed * metres / 1000
    }
}
