/// A search as typed, taken apart: the words of the place name, each with the forms it may stand
/// for, and the qualifiers after commas ("Portland, OR" → "portland" narrowed to "or").
struct GazetteerQuery {
    /// One form of a query word: matched as the start of a name word, or (for an abbreviation
    /// written out, "st" → "saint") as a whole word.
    struct Form: Equatable {
        let text: [UInt8]
        let wholeWord: Bool
    }

    /// The words a name must start with, in order; each word lists its forms, as typed first.
    let words: [[Form]]
    /// Folded qualifiers (`SearchText.key`), in order; each must match the place's region or country.
    let qualifiers: [[UInt8]]

    /// At most this many spellings of a whole query are looked up (two "st"s make nine).
    static let maximumPhrases = 8

    init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let words = SearchText.words(of: String(parts.first ?? ""))
        guard !words.isEmpty else { return nil }
        self.words = words.map(Self.forms)
        qualifiers = parts.dropFirst().map { Array(SearchText.key(of: String($0)).utf8) }.filter { !$0.isEmpty }
    }

    private static func forms(of word: String) -> [Form] {
        var forms = [Form(text: Array(word.utf8), wholeWord: false)]
        if let written = SearchText.abbreviations[word] {
            forms.append(Form(text: Array(written.utf8), wholeWord: true))
        }
        for extra in SearchText.extraExpansions[word] ?? [] {
            forms.append(Form(text: Array(extra.utf8), wholeWord: true))
        }
        return forms
    }

    /// A spelling of the whole name: the chosen forms joined by spaces. Every word but the last is
    /// then complete (the space after it says so); the last is complete only if `lastWordWhole`.
    struct Phrase {
        let text: [UInt8]
        let lastWordWhole: Bool
    }

    /// Every combination of forms, as typed first, up to `maximumPhrases`.
    var phrases: [Phrase] {
        var combinations: [[Form]] = [[]]
        for forms in words {
            combinations = combinations.flatMap { prefix in forms.map { prefix + [$0] } }
            combinations = Array(combinations.prefix(Self.maximumPhrases))
        }
        return combinations.map { forms in
            Phrase(text: Array(forms.map(\.text).joined(separator: [0x20])), lastWordWhole: forms.last?.wholeWord ?? false)
        }
    }
}
