import Foundation

/// Which names of a place the index holds, and which of their words get an entry of their own.
///
/// Alternate names are many (1.2 million for 235,000 places) and not all help: GeoNames also lists
/// airport codes ("MUC"), machine romanisations of other scripts ("lun dun", "mmbyy" — always in
/// lower case, unlike real names) and names with numbers ("Umm Suqeim 2"). Those are left out, as
/// are very long names nobody types, long descriptions of a short name ("San Francisco de Quito"
/// for Quito, "New York of the Pacific" for Pittsburg, California), which would otherwise outrank
/// the place they name, and names that fold to one already kept.
package enum IndexedNames {
    /// Alternate names longer than this (in characters) are not indexed.
    static let maximumAlternateLength = 40
    /// An alternate name may have this many more words than the place's own name, and 3 in any case
    /// ("Santiago de Chile").
    static let extraAlternateWords = 2

    /// The folded keys of a place, each once: its own name's first (unless it folds to nothing),
    /// then the useful alternates. `ownNameCount` is 1 when the first key is the place's own name.
    package static func keys(name: String, alternates: [String]) -> (keys: [String], ownNameCount: Int) {
        var keys = [truncated(SearchText.key(of: name))].filter { !$0.isEmpty }
        let ownNameCount = keys.count
        var seen = Set(keys)
        let maximumWords = max(3, (keys.first?.split(separator: " ").count ?? 0) + extraAlternateWords)
        for alternate in alternates where isUseful(alternate) {
            let key = SearchText.key(of: alternate)
            guard !key.isEmpty, key.utf8.count <= GazetteerFormat.maximumKeyLength,
                key.split(separator: " ").count <= maximumWords, seen.insert(key).inserted
            else { continue }
            keys.append(key)
        }
        return (keys, ownNameCount)
    }

    /// The folded keys of a place's trusted names (`GazetteerSource.Place.trustedNames`): an
    /// alternate whose key is among them is marked trusted in the index.
    package static func trustedKeys(_ trustedNames: [String]) -> Set<String> {
        Set(trustedNames.map { SearchText.key(of: $0) }.filter { !$0.isEmpty })
    }

    static func isUseful(_ alternate: String) -> Bool {
        let scalars = alternate.unicodeScalars
        if alternate.count > maximumAlternateLength { return false }
        if scalars.contains(where: { $0.properties.generalCategory == .decimalNumber }) { return false }
        let isAirportCode = scalars.count == 3 && scalars.allSatisfy { ("A"..."Z").contains($0) }
        let hasCapital = scalars.contains { $0.properties.isUppercase }
        let hasLatinLetter = scalars.contains { ("a"..."z").contains($0) }
        return !isAirportCode && (hasCapital || !hasLatinLetter)
    }

    /// Where the later words of the keys start, as (key, byte offset) pairs: each gets an entry,
    /// so that "lake" finds "Salt Lake City", and so that a query whose rarest word is a later one
    /// ("sa fr") can start from it and find the whole name around it. None is left out even where
    /// another name of the place starts with the same words: that search needs the words before.
    package static func laterWords(of keys: [String]) -> [(key: Int, start: Int)] {
        keys.enumerated().flatMap { keyIndex, key in
            key.utf8.enumerated().filter { $0.element == 0x20 }.map { (key: keyIndex, start: $0.offset + 1) }
        }
    }

    /// A name's key cut to the longest the index stores, at a character boundary.
    private static func truncated(_ key: String) -> String {
        guard key.utf8.count > GazetteerFormat.maximumKeyLength else { return key }
        var result = ""
        for character in key {
            guard result.utf8.count + character.utf8.count <= GazetteerFormat.maximumKeyLength else { break }
            result.append(character)
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
