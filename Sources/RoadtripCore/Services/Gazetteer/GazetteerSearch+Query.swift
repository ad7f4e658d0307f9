extension GazetteerSearch {
    /// A search as typed, taken apart: the words of the place name, each with the forms it may stand
    /// for, and the qualifiers after commas ("Portland, OR" → "portland" narrowed to "or").
    struct Query {
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
        /// The name's words as folded, before their forms: for `endingInQualifier`.
        private let folded: [String]

        /// At most this many spellings of a whole query are looked up (two "st"s make nine).
        static let maximumPhrases = 8

        init?(_ text: String) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let words = SearchText.words(of: String(parts.first ?? ""))
            let qualifiers = parts.dropFirst().map { Array(SearchText.key(of: String($0)).utf8) }.filter { !$0.isEmpty }
            self.init(words: words, qualifiers: qualifiers)
        }

        private init?(words: [String], qualifiers: [[UInt8]]) {
            guard !words.isEmpty else { return nil }
            folded = words
            self.words = words.map(Self.forms)
            self.qualifiers = qualifiers
        }

        /// The query read with its last `count` words as a qualifier, as if a comma stood before
        /// them ("Portland OR", "Salt Lake City Utah"); nil when it has a comma already or would have
        /// no name left. Whether those words name a region is the search's to decide.
        func endingInQualifier(words count: Int) -> Query? {
            guard qualifiers.isEmpty, count >= 1, folded.count > count else { return nil }
            let qualifier = folded.suffix(count).map { SearchText.abbreviations[$0] ?? $0 }.joined(separator: " ")
            return Query(words: Array(folded.dropLast(count)), qualifiers: [Array(qualifier.utf8)])
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
}
