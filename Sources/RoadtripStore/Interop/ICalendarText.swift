import Foundation

/// The text rules of iCalendar (RFC 5545 §3.1, §3.3.11): content lines end in CRLF and are
/// folded to at most 75 octets, never inside a character; TEXT values escape `\`, `;`, `,` and
/// line breaks.
enum ICalendarText {
    /// The longest a content line may be, in octets, without its CRLF.
    static let maximumOctets = 75

    /// `text` as a TEXT value: `\` `;` `,` escaped, every line break (CRLF, CR, LF) as `\n`, and
    /// the other control characters, which TEXT may not hold, as spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r":
                if scalars.first == "\n" { scalars = scalars.dropFirst() }
                result += "\\n"
            case "\n", "\u{2028}", "\u{2029}", "\u{85}": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
            }
        }
        return result
    }

    /// A parameter value (`TZID=…`): quoted when it holds `:`, `;` or `,` (RFC 5545 §3.2); quotes
    /// and control characters, which no parameter value may hold, are dropped.
    static func parameterValue(_ value: String) -> String {
        let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && $0.properties.generalCategory != .control }))
        return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    /// One content line folded: at most 75 octets a line, each continuation starting with a space
    /// (which counts in its 75), cut only between Unicode scalars so that no UTF-8 sequence is split.
    static func folded(_ line: String) -> [String] {
        guard line.utf8.count > maximumOctets else { return [line] }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > maximumOctets {
                lines.append(String(current))
                current = String.UnicodeScalarView([" "])
                octets = 1
            }
            current.append(scalar)
            octets += size
        }
        lines.append(String(current))
        return lines
    }

    /// The lines as an iCalendar stream: each folded, each ended with CRLF.
    static func stream(_ lines: [String]) -> String {
        var text = ""
        for line in lines {
            for part in folded(line) {
                text += part
                text += "\r\n"
            }
        }
        return text
    }
}
