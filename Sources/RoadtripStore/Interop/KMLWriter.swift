import RoadtripCore

/// A trip as KML 2.2, the form Google My Maps and Google Earth import: a Document named after
/// the trip, a Placemark per stop (notes as its description, stay and night mark as ExtendedData
/// with the data file's names), then a LineString Placemark for the route. KML coordinates are
/// "longitude,latitude,altitude".
enum KMLWriter {
    /// `line`: the road's line through the stops when some legs are on roads (else the stops).
    static func document(for trip: Trip, line: [Coordinate]? = nil) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<kml xmlns="http://www.opengis.net/kml/2.2">"#,
            "  <Document>",
            "    <name>\(XMLEscaping.text(trip.name))</name>",
        ]
        for stop in trip.stops { lines += placemark(for: stop) }
        if trip.stops.count >= 2 {
            let path = (line ?? trip.stops.map(\.location)).map(position).joined(separator: " ")
            lines += [
                "    <Placemark>",
                "      <name>\(XMLEscaping.text(trip.name))</name>",
                "      <LineString>",
                "        <tessellate>1</tessellate>",
                "        <coordinates>\(path)</coordinates>",
                "      </LineString>",
                "    </Placemark>",
            ]
        }
        lines += ["  </Document>", "</kml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// In the order of the KML schema: name, description, ExtendedData, then the geometry.
    private static func placemark(for stop: Stop) -> [String] {
        var lines = ["    <Placemark>", "      <name>\(XMLEscaping.text(stop.name))</name>"]
        if let notes = stop.notes, !notes.isEmpty {
            lines.append("      <description>\(XMLEscaping.text(notes))</description>")
        }
        let fields = StopStay.fields(of: stop)
        if !fields.isEmpty {
            lines.append("      <ExtendedData>")
            for (name, value) in fields {
                lines.append(#"        <Data name="\#(name)"><value>\#(value)</value></Data>"#)
            }
            lines.append("      </ExtendedData>")
        }
        lines += ["      <Point>", "        <coordinates>\(position(stop.location))</coordinates>", "      </Point>", "    </Placemark>"]
        return lines
    }

    private static func position(_ point: Coordinate) -> String {
        "\(DecimalDegrees.text(point.longitude)),\(DecimalDegrees.text(point.latitude)),0"
    }
}
