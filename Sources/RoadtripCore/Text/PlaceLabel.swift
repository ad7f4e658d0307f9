import TextCanvas

/// A place's region and country as one label: the one form a list of stops or places gives every
/// row (`regionAndCountry`), and the forms a search result's line chooses from by its width, each
/// made of whole names: "Oregon, United States", "Oregon, US", "Oregon", "US".
package enum PlaceLabel {
    /// How a stop's or a place's region and country read in a list of them (the trip's stop list,
    /// `roadtrip show`, `roadtrip search` and their JSON): the region's name and the country's
    /// code, "Oregon, US", "Andorra la Vella, AD"; the country's name where the region is not
    /// known, "Andorra"; the region alone where the country is not. One form whatever the width,
    /// so that two rows never say the same thing two ways ("Andorra la Vella" in one, "AD" in the
    /// next); a narrow column clips it. `countryCode` as in `forms`.
    package static func regionAndCountry(region: String?, country: String?, countryCode: String? = nil) -> String {
        let region = region ?? "", country = country ?? ""
        guard !region.isEmpty else { return country }
        guard !country.isEmpty else { return region }
        return "\(region), \(code(of: country, given: countryCode))"
    }

    /// The country's ISO code: `given` when the caller has it, else looked up by the country's
    /// name, else the name itself.
    private static func code(of country: String, given: String?) -> String {
        given.flatMap { $0.isEmpty ? nil : $0 } ?? CountryCodes.code(forName: country) ?? country
    }

    /// The forms, longest first, without repeats; empty when neither is known. `countryCode` is
    /// the country's ISO code when the caller has it (the gazetteer's places), else it is looked
    /// up by the country's name (a stop keeps only the name).
    package static func forms(region: String?, country: String?, countryCode: String? = nil) -> [String] {
        let region = region ?? "", country = country ?? ""
        let code = code(of: country, given: countryCode)
        let candidates = [
            [region, country].filter { !$0.isEmpty }.joined(separator: ", "),
            [region, code].filter { !$0.isEmpty }.joined(separator: ", "),
            region,
            code,
        ]
        var forms: [String] = []
        for form in candidates where !form.isEmpty && !forms.contains(form) { forms.append(form) }
        return forms
    }

    /// The forms that name the region, for a place whose name another in the same list shares
    /// (`SameNames`): "Scotland, GB" tells two Fort Williams apart, "GB" alone may not. All forms
    /// when the region is not known.
    package static func formsNamingTheRegion(region: String?, country: String?, countryCode: String? = nil) -> [String] {
        let forms = forms(region: region, country: country, countryCode: countryCode)
        guard let region, !region.isEmpty else { return forms }
        return forms.filter { $0.hasPrefix(region) }
    }

    /// The longest of `forms` that fits `width` columns; when none does, the shortest, which the
    /// surface clips.
    package static func fitting(_ forms: [String], width: Int) -> String {
        forms.first { TextWidth.width($0) <= width } ?? forms.last ?? ""
    }
}
