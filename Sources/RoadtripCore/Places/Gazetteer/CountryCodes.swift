import Foundation

/// ISO 3166 codes of countries by their English name, as the gazetteer names them and stops keep
/// them: for "Oregon, US" where "Oregon, United States" does not fit. The names are Foundation's
/// (ICU's, from CLDR) English ones, written out once into `CountryNames.byLowercasedName` by
/// `make data` (`gazetteer-builder --country-names`): asking ICU for every country's name took a
/// command 1.4 ms at each start. The few the gazetteer writes otherwise are listed here.
package enum CountryCodes {
    package static func code(forName name: String) -> String? {
        let key = name.lowercased()
        return CountryNames.byLowercasedName[key] ?? gazetteerNames[key]
    }

    /// The gazetteer's (GeoNames') names that are not ICU's.
    private static let gazetteerNames = [
        "czech republic": "CZ", "russia": "RU", "south korea": "KR", "north korea": "KP", "vietnam": "VN",
        "ivory coast": "CI", "macedonia": "MK", "swaziland": "SZ", "cape verde": "CV", "turkey": "TR",
    ]

    /// Every two-letter ISO region's English name, lowercased, as Foundation gives it now: what
    /// `CountryNames` is written from, and what a test compares it with.
    package static func namesFromFoundation() -> [String: String] {
        let english = Locale(identifier: "en_US")
        var names: [String: String] = [:]
        for region in Locale.Region.isoRegions where region.identifier.count == 2 {
            if let name = english.localizedString(forRegionCode: region.identifier) { names[name.lowercased()] = region.identifier }
        }
        return names
    }

    /// `namesFromFoundation` as the Swift source of `CountryNames`.
    package static func countryNamesSource() -> String {
        let rows = namesFromFoundation().sorted { $0.key < $1.key }.map { name, code in
            "        \"\(name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\": \"\(code)\","
        }
        return """
            // swift-format-ignore-file
            // Written by `make data` (gazetteer-builder --country-names): Foundation's (ICU's, CLDR's)
            // English name of each two-letter ISO 3166 region, lowercased. Do not edit by hand.

            enum CountryNames {
                static let byLowercasedName: [String: String] = [
            \(rows.joined(separator: "\n"))
                ]
            }

            """
    }
}
