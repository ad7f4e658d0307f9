import RoadtripCore

/// A recorded track or a long line as a trip: a few dozen stops along it, not every fix the GPS
/// took. Points the file names are always kept; the others are named by their distance along
/// the track ("Track km 123").
enum TrackStops {
    /// A track of up to this many points is already a sensible trip, and is kept whole.
    static let maximumStops = 60
    static let minimumStops = 10

    /// `kind` names the line in the note about its reduction ("track", "line"); `label`, the
    /// stops the file leaves unnamed ("Track km 123").
    static func trip(named name: String, from points: [ImportedPoint], kind: String, label: String = "Track") -> ImportedTrip {
        let locations = points.map(\.location)
        let along = TrackReduction.distancesAlong(locations)
        var kept = Array(points.indices)
        var notes: [String] = []
        if points.count > maximumStops {
            // Off the track by at most 1/200 of its length: 5 km on a 1,000 km drive.
            let anchors = points.indices.filter { points[$0].isNamed }
            kept = TrackReduction.indices(
                of: locations, anchors: anchors, minimum: minimumStops, maximum: maximumStops,
                tolerance: max((along.last ?? 0) / 200, 50))
            notes.append("a \(kind) of \(grouped(points.count)) points became \(kept.count) stops")
        }
        return ImportedTrip(name: name, stops: stops(points, at: kept, along: along, label: label), notes: notes)
    }

    /// The points at `kept` as stops; those the file leaves unnamed are named by their distance
    /// along the line, `along` (`TrackReduction.distancesAlong`): "Track km 123".
    static func stops(_ points: [ImportedPoint], at kept: [Int], along: [Double], label: String) -> [Stop] {
        let total = along.last ?? 0
        return kept.map { index in
            points[index].stop(fallbackName: "\(label) km \(kilometers(along[index], of: total))")
        }
    }

    /// Whole kilometers, or tenths on a track under 20 km, where whole ones would repeat.
    private static func kilometers(_ meters: Double, of total: Double) -> String {
        total < 20_000 ? (meters / 1000).fixed(1) : String(Int((meters / 1000).rounded()))
    }

    /// 12345 as "12,345".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
