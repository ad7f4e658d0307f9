import Foundation

/// ISO 3166 codes of countries by their English name, as the gazetteer names them and stops keep
/// them: for "Oregon, US" where "Oregon, United States" does not fit. The names are Foundation's
/// (ICU's) English ones; the few the gazetteer writes otherwise are listed here.
enum CountryCodes {
    static func code(forName name: String) -> String? {
        byName[name.lowercased()]
    }

    private static let byName: [String: String] = {
        let english = Locale(identifier: "en_US")
        var names: [String: String] = [:]
        for region in Locale.Region.isoRegions where region.identifier.count == 2 {
            if let name = english.localizedString(forRegionCode: region.identifier) { names[name.lowercased()] = region.identifier }
        }
        let gazetteerNames = [
            "czech republic": "CZ", "russia": "RU", "south korea": "KR", "north korea": "KP", "vietnam": "VN",
            "ivory coast": "CI", "macedonia": "MK", "swaziland": "SZ", "cape verde": "CV", "turkey": "TR",
        ]
        return names.merging(gazetteerNames) { own, _ in own }
    }()
}
