import Foundation

/// A stay as people write it and read it: "2 h", "1 h 30 min", "45 min", "1.5" (hours),
/// "1 night", "3 nights".
package enum StayText {
    /// "1 h 30 min", "2 nights"; "" for none.
    package static func text(_ stay: Stay?) -> String {
        switch stay {
        case nil: return ""
        case .hours(let hours): return RouteEstimate.formatDuration(seconds: hours * 3600)
        case .nights(let nights): return nights == 1 ? "1 night" : "\(nights) nights"
        }
    }

    package struct Invalid: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The stay `text` gives (nil for an empty one), or why it is not one.
    package static func parse(_ text: String) throws(Invalid) -> Stay? {
        let words = text.lowercased().replacingOccurrences(of: ",", with: ".")
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        if let nights = nights(words) {
            guard Stay.nightsRange.contains(nights) else { throw Invalid(description: "A stay is 1 to 365 nights.") }
            return .nights(nights)
        }
        guard let hours = hours(words) else {
            throw Invalid(description: "Write the stay as hours (“2 h”, “1 h 30 min”, “45 min”) or nights (“1 night”, “3 nights”).")
        }
        guard Stay.hoursRange.contains(hours) else { throw Invalid(description: "A stay in hours is at most 240 h: write longer ones in nights.") }
        return hours == 0 ? nil : .hours(hours)
    }

    /// "2 nights", "1 night", "2n".
    private static func nights(_ words: [String]) -> Int? {
        let joined = words.joined()
        for suffix in ["nights", "night", "n"] where joined.hasSuffix(suffix) {
            return Int(joined.dropLast(suffix.count))
        }
        return nil
    }

    /// "2 h", "2h 30min", "1 h 30", "90 min", "1:30", "1.5".
    private static func hours(_ words: [String]) -> Double? {
        let joined = words.joined()
        if let hours = Double(joined), hours.isFinite { return hours }
        if let colon = joined.firstIndex(of: ":"), let hours = Int(joined[..<colon]), let minutes = Int(joined[joined.index(after: colon)...]),
            (0..<60).contains(minutes)
        {
            return Double(hours) + Double(minutes) / 60
        }
        var total = 0.0
        var rest = Substring(joined)
        var found = false
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value
            case "m", "min", "mins", "minute", "minutes", "": total += value / 60 // "1 h 30": minutes after hours
            default: return nil
            }
            if unit.isEmpty && !found { return nil } // a bare number alone is read above, as hours
            found = true
        }
        return found && total.isFinite ? total : nil
    }
}
