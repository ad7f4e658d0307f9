import Foundation

/// How place names and queries are compared: the one normalisation that both the index builder
/// (`gazetteer-builder`) and the search use, so that what is stored and what is typed always agree.
///
/// Case and diacritics are folded ("Zürich" → "zurich", "São Paulo" → "sao paulo", "Łódź" → "lodz"),
/// apostrophes vanish ("Coeur d'Alene" → "coeur dalene"), any other punctuation, symbol or space
/// separates words ("Winston-Salem" → "winston salem"). Letters of every script are kept, so
/// "東京" and "Москва" are keys too.
package enum SearchText {
    /// The words of `text`, folded, in order.
    package static func words(of text: String) -> [String] {
        fold(text).split(separator: " ").map(String.init)
    }

    /// The form a name is indexed under: its words with abbreviations written out ("St. Louis" →
    /// "saint louis"), joined by single spaces.
    package static func key(of text: String) -> String {
        words(of: text).map { abbreviations[$0] ?? $0 }.joined(separator: " ")
    }

    /// Abbreviations a name may be written with, and the word the index stores instead. A query
    /// word that is one of them also looks for the written-out word (see `GazetteerSearch.Query`).
    package static let abbreviations: [String: String] = [
        "st": "saint", "ste": "sainte", "ft": "fort", "mt": "mount", "mtn": "mountain",
    ]

    /// Further words a query abbreviation may stand for, beyond the one the index stores
    /// ("St. Gallen" is "Sankt Gallen").
    static let extraExpansions: [String: [String]] = ["st": ["sankt"]]

    /// Articles and prepositions that French, Catalan and Italian write elided before a vowel, tied
    /// to the next word by an apostrophe, which a key drops ("Coll d'Ordino" → "coll dordino"). A
    /// query word that is one of them is also read joined to the word after it, so that "Coll d
    /// Ordino" finds the pass (`GazetteerSearch.Query.readings`): d' and l' ("of", "the") in all
    /// three; Italian dell', dall', nell', sull' ("of", "from", "in", "on" the) and sant' ("saint":
    /// Sant'Angelo); the s' of Balearic Catalan ("the": S'Arenal). Not "o": Irish O' is a name's
    /// own, and "o" a word of Galician and Portuguese names.
    static let elisions: Set<String> = ["d", "l", "dell", "dall", "nell", "sull", "sant", "s"]

    /// The elided articles a name may carry before a word that starts with a vowel or h when its
    /// kind is named by a word of its own ("Lac d'Engolasters", "Col de l'Homme Mort", "Lago
    /// dell'Angitola"): a query that names the kind in another word ("Engolasters lake") also
    /// looks for its words with them in front. Only then: "Engolasters" alone is the village.
    static let impliedElisions = ["d", "l", "dell"]

    /// Lower case without marks, apostrophes dropped, every run of other non-letters one space;
    /// no space at either end.
    static func fold(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? foldASCII(text) : foldUnicode(text)
    }

    /// `fold` of any text, scalar by scalar.
    static func foldUnicode(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch kind(of: scalar) {
            case .dropped:
                continue
            case .separator:
                pendingSpace = !folded.isEmpty
            case .kept:
                if pendingSpace { folded.append(" ") }
                pendingSpace = false
                if let replacement = letterFolds[scalar] {
                    // Scalar by scalar: `append(contentsOf:)` copies the whole view on every
                    // call (docs/PITFALLS.md): quadratic in a long query.
                    for letter in replacement.unicodeScalars { folded.append(letter) }
                } else {
                    folded.append(scalar)
                }
            }
        }
        // Marks were taken off decomposed letters; recompose what is left (Hangul syllables).
        return String(folded).precomposedStringWithCanonicalMapping
    }

    /// `fold` of text all in ASCII, byte by byte: the same result without Unicode's tables (the
    /// names of a country's places are mostly ASCII, and folding them was most of an `along`).
    static func foldASCII(_ text: String) -> String {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "`"):
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pendingSpace { folded.append(UInt8(ascii: " ")) }
                pendingSpace = false
                folded.append(byte | (byte <= UInt8(ascii: "Z") && byte >= UInt8(ascii: "A") ? 0x20 : 0))
            default:
                pendingSpace = !folded.isEmpty
            }
        }
        return String(decoding: folded, as: UTF8.self)
    }

    private enum ScalarKind { case kept, dropped, separator }

    private static func kind(of scalar: Unicode.Scalar) -> ScalarKind {
        if apostrophes.contains(scalar) { return .dropped }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return .dropped
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
            return .kept
        default:
            return .separator
        }
    }

    /// Written inside words rather than between them ("O'Fallon", "Hawaiʻi", "Kol'n").
    private static let apostrophes: Set<Unicode.Scalar> = [
        "'", "`", "\u{00B4}", "\u{2018}", "\u{2019}", "\u{02B9}", "\u{02BB}", "\u{02BC}", "\u{02BE}", "\u{02BF}",
    ]

    /// Letters that carry their difference in the letter itself rather than in a mark, so that
    /// decomposition leaves them alone.
    private static let letterFolds: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
        "ı": "i", "ħ": "h", "ŀ": "l", "ŧ": "t", "ĸ": "k",
    ]
}

extension SearchText {
    /// Text folded as names are (`fold`), knowing where each folded letter came from: a list's
    /// search (issue 53) finds a pattern in the folded text, so that "zurich" finds "Zürich" as
    /// place search does, and marks what it found in the text as the row shows it.
    package struct Folded: Equatable, Sendable {
        private let scalars: [Unicode.Scalar]
        /// For each of `scalars`, the offset (in characters) of the character it came from.
        private let origins: [Int]

        package init(_ text: String) {
            var scalars: [Unicode.Scalar] = []
            var origins: [Int] = []
            var pendingSeparator: Int?
            for (offset, character) in text.enumerated() {
                let folded = Self.fold(character)
                guard !folded.isEmpty else {
                    // A separator between words folds to one space; marks and apostrophes to nothing.
                    if let first = character.unicodeScalars.first, SearchText.kind(of: first) == .separator, !scalars.isEmpty {
                        pendingSeparator = pendingSeparator ?? offset
                    }
                    continue
                }
                if let separator = pendingSeparator {
                    scalars.append(" ")
                    origins.append(separator)
                    pendingSeparator = nil
                }
                for scalar in folded.unicodeScalars {
                    scalars.append(scalar)
                    origins.append(offset)
                }
            }
            self.scalars = scalars
            self.origins = origins
        }

        /// One character folded: ASCII at once (most of what rows hold), the rest as `fold` does.
        private static func fold(_ character: Character) -> String {
            guard let ascii = character.asciiValue else { return SearchText.fold(String(character)) }
            switch ascii {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return String(UnicodeScalar(ascii + 32))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return String(character)
            default: return ""
            }
        }

        /// A pattern as typed, folded the same way; empty when nothing in it folds to a letter.
        package static func pattern(_ text: String) -> [Unicode.Scalar] {
            Array(SearchText.fold(text).unicodeScalars)
        }

        /// Whether `pattern` (`Folded.pattern`) is in the text; an empty one is nowhere.
        package func contains(_ pattern: [Unicode.Scalar]) -> Bool {
            firstMatch(of: pattern, from: 0) != nil
        }

        /// The characters of the text each match of `pattern` covers, as offsets in characters,
        /// in order and not overlapping.
        package func matches(of pattern: [Unicode.Scalar]) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            var start = 0
            while let found = firstMatch(of: pattern, from: start) {
                ranges.append(origins[found]..<(origins[found + pattern.count - 1] + 1))
                start = found + pattern.count
            }
            return ranges
        }

        private func firstMatch(of pattern: [Unicode.Scalar], from start: Int) -> Int? {
            guard !pattern.isEmpty, scalars.count - start >= pattern.count else { return nil }
            for index in start...(scalars.count - pattern.count) where scalars[index] == pattern[0] {
                if scalars[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            }
            return nil
        }
    }
}
