/// Text made safe for an XML 1.0 document, for the GPX and KML writers.
enum XMLEscaping {
    /// Character data: `&`, `<` and `>` as references, and a carriage return as `&#13;` so that
    /// a parser's end-of-line handling does not turn it into a line feed.
    static func text(_ string: String) -> String {
        escape(string, quotes: false)
    }

    /// An attribute value in double quotes: also `"`, and tabs and line breaks as references,
    /// which a parser would otherwise normalise to spaces.
    static func attribute(_ string: String) -> String {
        escape(string, quotes: true)
    }

    /// Characters XML 1.0 cannot carry at all, even as references (C0 controls other than tab,
    /// line feed and carriage return; U+FFFE, U+FFFF) are dropped: a stop name with one is
    /// still worth exporting.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func escape(_ string: String, quotes: Bool) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where quotes: result += "&quot;"
            case "\t" where quotes: result += "&#9;"
            case "\n" where quotes: result += "&#10;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
