import TextCanvas

/// A place's region and country as one label, and the shorter forms a narrow column takes, each
/// made of whole names: "Oregon, United States", "Oregon, US", "Oregon", "US". A name cut in the
/// middle ("Oregon, United …") says less than any of them.
package enum PlaceLabel {
    /// The forms, longest first, without repeats; empty when neither is known. `countryCode` is
    /// the country's ISO code when the caller has it (the gazetteer's places), else it is looked
    /// up by the country's name (a stop keeps only the name).
    package static func forms(region: String?, country: String?, countryCode: String? = nil) -> [String] {
        let region = region ?? "", country = country ?? ""
        let code = countryCode.flatMap { $0.isEmpty ? nil : $0 } ?? CountryCodes.code(forName: country) ?? country
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
