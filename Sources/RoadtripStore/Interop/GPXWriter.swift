import Foundation
import RoadtripCore

/// A trip as a GPX 1.1 document (https://www.topografix.com/GPX/1/1/), valid against the
/// official schema: the stops as waypoints (the named points every GPS app shows), then the same
/// stops as one route, which devices navigate, then the road as a track, which they draw. The
/// stay and night mark, which GPX has no word for, go in each point's `<extensions>` in the
/// roadtrip namespace (`GPXNamespace.roadtrip`), and the metadata's say that the file is a
/// roadtrip trip (`GPXNamespace.tripMark`): its import takes the waypoints back as the stops.
enum GPXWriter {
    /// `roadLine`: the road's line through the stops (`TripExport.routeLine`), written as a track
    /// or as the route's points between the stops, as `road` says.
    static func document(for trip: Trip, now: Date, creator: String, roadLine: [Coordinate]? = nil, as road: TripExport.GPXRoad = .track) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="\#(XMLEscaping.attribute(creator))" xmlns="\#(GPXNamespace.gpx11)""#
                + #" xmlns:roadtrip="\#(GPXNamespace.roadtrip)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
                + #" xsi:schemaLocation="\#(GPXNamespace.gpx11) https://www.topografix.com/GPX/1/1/gpx.xsd">"#,
            "  <metadata>",
            "    <name>\(XMLEscaping.text(trip.name))</name>",
            "    <time>\(timestamp(now))</time>",
            "    <extensions>",
            "      <roadtrip:\(GPXNamespace.tripMark)/>",
        ]
        // The trip's settings as the data file writes them (issue 56: they were lost on the way back).
        if !trip.settings.isDefault, let json = try? settingsEncoder.encode(trip.settings) {
            lines.append(
                "      <roadtrip:\(GPXNamespace.settings)>\(XMLEscaping.text(String(decoding: json, as: UTF8.self)))</roadtrip:\(GPXNamespace.settings)>")
        }
        lines += [
            "    </extensions>",
            "  </metadata>",
        ]
        // The schema's order: metadata, every wpt, then every rte.
        for stop in trip.stops { lines += point("wpt", stop, indent: "  ") }
        lines.append("  <rte>")
        lines.append("    <name>\(XMLEscaping.text(trip.name))</name>")
        if let roadLine, road == .route {
            // The stops as named points, the road's shape between them as plain ones.
            var stops = trip.stops[...]
            for location in roadLine {
                if let stop = stops.first, stop.location == location {
                    lines += point("rtept", stop, indent: "    ")
                    stops = stops.dropFirst()
                } else {
                    lines.append(#"    <rtept lat="\#(DecimalDegrees.text(location.latitude))" lon="\#(DecimalDegrees.gpxLongitude(location.longitude))"/>"#)
                }
            }
        } else {
            for stop in trip.stops { lines += point("rtept", stop, indent: "    ") }
        }
        lines.append("  </rte>")
        if let roadLine, road == .track {
            lines += ["  <trk>", "    <name>\(XMLEscaping.text(trip.name))</name>", "    <trkseg>"]
            for location in roadLine {
                lines.append(#"      <trkpt lat="\#(DecimalDegrees.text(location.latitude))" lon="\#(DecimalDegrees.gpxLongitude(location.longitude))"/>"#)
            }
            lines += ["    </trkseg>", "  </trk>"]
        }
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The settings on one line, keys sorted.
    private static var settingsEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A `wptType` element: in the schema's order, name, desc, then extensions.
    private static func point(_ element: String, _ stop: Stop, indent: String) -> [String] {
        let location = stop.location
        var lines = [#"\#(indent)<\#(element) lat="\#(DecimalDegrees.text(location.latitude))" lon="\#(DecimalDegrees.gpxLongitude(location.longitude))">"#]
        lines.append("\(indent)  <name>\(XMLEscaping.text(stop.name))</name>")
        if let notes = stop.notes, !notes.isEmpty {
            lines.append("\(indent)  <desc>\(XMLEscaping.text(notes))</desc>")
        }
        let fields =
            StopStay.fields(of: stop)
            + [(GPXNamespace.region, stop.region), (GPXNamespace.country, stop.country)].compactMap { name, value in
                value.flatMap { $0.isEmpty ? nil : (name, XMLEscaping.text($0)) }
            }
        if !fields.isEmpty {
            lines.append("\(indent)  <extensions>")
            for (name, value) in fields {
                lines.append("\(indent)    <roadtrip:\(name)>\(value)</roadtrip:\(name)>")
            }
            lines.append("\(indent)  </extensions>")
        }
        lines.append("\(indent)</\(element)>")
        return lines
    }

    /// ISO 8601 in UTC, whole seconds: `2026-07-01T09:00:00Z` (the schema's xsd:dateTime).
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// The XML namespaces of GPX files.
enum GPXNamespace {
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let gpx10 = "http://www.topografix.com/GPX/1/0"
    /// roadtrip's own elements inside `<extensions>`: `trip` in the metadata's, and a point's
    /// `stayHours`, `stayNights`, `overnight`. The `.invalid` domain can never be registered by
    /// anyone, so the name stays ours; the `1` is the version of these elements.
    static let roadtrip = "https://roadtrip.invalid/gpx/1"
    /// `<roadtrip:trip/>` in the metadata's extensions: the file is a trip roadtrip wrote, its
    /// waypoints are the stops in order, and its route and track only the road between them. The
    /// creator cannot say it: other programs call themselves "Roadtrip" too.
    static let tripMark = "trip"
    /// The trip's settings, in the metadata's extensions: the JSON of the data file's `settings`.
    static let settings = "settings"
    /// A point's region and country, in its extensions.
    static let region = "region", country = "country"
}
