/// Which side of the road traffic keeps, by country (issue 56: a turn across the oncoming traffic
/// waits for a gap, and which turn that is depends on the side).
package enum TrafficSide {
    /// The countries and territories (ISO 3166-1 alpha-2) where traffic keeps left, as the
    /// OpenStreetMap wiki's `driving_side` page and Wikipedia's "Left- and right-hand traffic" list them.
    package static let leftHandCountries: Set<String> = [
        "AG", "AI", "AU", "BB", "BD", "BM", "BN", "BS", "BT", "BW", "CC", "CK", "CX", "CY", "DM", "FJ", "FK", "GB", "GD", "GG", "GY",
        "HK", "ID", "IE", "IM", "IN", "JE", "JM", "JP", "KE", "KI", "KN", "KY", "LC", "LK", "LS", "MO", "MS", "MT", "MU", "MV", "MW",
        "MY", "MZ", "NA", "NF", "NP", "NR", "NU", "NZ", "PG", "PK", "PN", "SB", "SC", "SG", "SH", "SR", "SZ", "TC", "TH", "TK", "TL",
        "TO", "TT", "TV", "TZ", "UG", "VC", "VG", "VI", "WS", "ZA", "ZM", "ZW",
    ]

    /// Whether traffic keeps left where most of `countryCodes` are (empty codes left out); nil
    /// when none is known.
    package static func keepsLeft(countryCodes: [String]) -> Bool? {
        var counts: [String: Int] = [:]
        for code in countryCodes where !code.isEmpty { counts[code, default: 0] += 1 }
        guard let most = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        return leftHandCountries.contains(most.key)
    }
}
