import TextCanvas

/// How a trip reads (the rest is in Text/TripText.swift): here what the entities' own messages
/// say too, a name quoted and a number as a user types it.
package enum TripText {
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
