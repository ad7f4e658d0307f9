import Foundation

/// What a region's map says of a place besides its name and kind, where its mappers said it:
/// opening hours, brand and operator, and a charging station's sockets and power. They are free
/// text written by hand and they go stale, so they are shown as written and nothing is decided by
/// them: no "open now", no choosing a charger by its power.
///
/// Kept as the OpenStreetMap tags themselves (`tags`), so that the index stores them as one text
/// (`storedText`) and a key shown later needs no new index format.
package struct PlaceDetails: Hashable, Sendable {
    /// The tags kept (`isKept`), by key: "opening_hours", "brand", "socket:type2", "socket:type2:output".
    package let tags: [String: String]

    /// "Mo-Sa 07:00-20:00", as tagged.
    package var openingHours: String? { tags["opening_hours"] }
    package var brand: String? { tags["brand"] }
    /// Who runs it: "ESSO", "Ionity", a company's name.
    package var operatorName: String? { tags["operator"] }
    /// A charging station's power as a whole, as tagged ("50 kW"): `charging_station:output`, else `maxpower`.
    package var output: String? { tags["charging_station:output"] ?? tags["maxpower"] }

    /// A kind of socket a charging station has: `socket:type2=2`, `socket:type2:output=22 kW`.
    package struct Socket: Hashable, Sendable {
        /// OpenStreetMap's name of the type: "type2", "type2_combo", "chademo", "schuko".
        package let type: String
        /// How many, when tagged as a number rather than "yes".
        package let count: Int?
        /// Its power, as tagged ("22 kW").
        package let output: String?

        /// What drivers call it: "Type 2", "CCS", "CHAdeMO", "Schuko".
        package var name: String {
            Self.names[type] ?? type.replacingOccurrences(of: "_", with: " ")
        }

        static let names = [
            "type1": "Type 1", "type1_combo": "CCS1", "type2": "Type 2", "type2_cable": "Type 2 cable", "type2_combo": "CCS",
            "ccs": "CCS", "chademo": "CHAdeMO", "schuko": "Schuko", "tesla_supercharger": "Tesla Supercharger",
            "tesla_standard": "Tesla", "tesla_supercharger_ccs": "Tesla CCS", "nacs": "NACS", "type3c": "Type 3C",
            "cee_blue": "CEE blue", "cee_red_16a": "CEE red 16 A", "cee_red_32a": "CEE red 32 A", "gb_t_dc": "GB/T DC",
        ]
    }

    /// The sockets, by type: a type tagged "no" or 0 is none.
    package var sockets: [Socket] {
        tags.keys.sorted().compactMap { key -> Socket? in
            guard key.hasPrefix("socket:"), let value = tags[key] else { return nil }
            let type = String(key.dropFirst("socket:".count))
            guard !type.isEmpty, !type.contains(":"), value != "no", value != "0" else { return nil }
            return Socket(type: type, count: Int(value), output: tags[key + ":output"])
        }
    }

    /// Whether a tag is one of the details: opening hours, brand, operator, a station's power,
    /// a socket's count or power.
    static func isKept(key: String) -> Bool {
        if ["opening_hours", "brand", "operator", "charging_station:output", "maxpower"].contains(key) { return true }
        guard key.hasPrefix("socket:") else { return false }
        let parts = key.split(separator: ":", omittingEmptySubsequences: false)
        return (parts.count == 2 && !parts[1].isEmpty) || (parts.count == 3 && !parts[1].isEmpty && parts[2] == "output")
    }

    /// The longest value kept: a whole week's opening hours, not a page of notes.
    static let longestValue = 200

    /// The details among an object's tags, each value on one line and at most `longestValue`
    /// characters; nil when it has none.
    package init?(tags: [String: String]) {
        var kept: [String: String] = [:]
        for (key, value) in tags where Self.isKept(key: key) {
            let line = String(value.map { $0.isNewline || $0 == "\t" ? " " : $0 }).trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { kept[key] = String(line.prefix(Self.longestValue)) }
        }
        guard !kept.isEmpty else { return nil }
        self.tags = kept
    }

    /// As the index stores them: "key=value" lines, sorted by key, so the same details are the
    /// same bytes (and stored once).
    package var storedText: String {
        tags.keys.sorted().map { "\($0)=\(tags[$0]!)" }.joined(separator: "\n")
    }

    /// The details of `storedText`; nil when it holds none (a damaged index gives wrong details
    /// at worst, never a failure).
    package init?(storedText: String) {
        var tags: [String: String] = [:]
        for line in storedText.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            tags[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.init(tags: tags)
    }

    /// What a result line shows after the kind: "2× Type 2 (22 kW), CCS (150 kW) · Ionity · 24/7";
    /// the brand (else the operator) only where the place's `name` does not already say it.
    package func summary(besides name: String) -> String {
        let sockets = sockets.map { socket in
            (socket.count.map { "\($0)× " } ?? "") + socket.name + (socket.output.map { " (\($0))" } ?? "")
        }
        let power = self.sockets.contains { $0.output != nil } ? nil : output
        let who = (brand ?? operatorName).flatMap { name.localizedCaseInsensitiveContains($0) ? nil : $0 }
        return [sockets.isEmpty ? nil : sockets.joined(separator: ", "), power, who, openingHours].compactMap { $0 }.joined(separator: " · ")
    }
}
