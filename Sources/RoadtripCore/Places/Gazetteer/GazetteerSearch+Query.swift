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
        /// In a reading of a kind word as its kind ("Vaduz Castle": castles whose name has "vaduz"),
        /// the kinds a place must be of; empty when the words are all name (the query as typed).
        let kinds: [PlaceKind]
        /// The name's words as folded, before their forms: for `endingInQualifier`.
        private let folded: [String]

        /// At most this many spellings of a whole query are looked up (two "st"s make nine).
        static let maximumPhrases = 8

        init?(_ text: String) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let words = SearchText.words(of: String(parts.first ?? ""))
            let qualifiers = parts.dropFirst().map { Array(SearchText.key(of: String($0)).utf8) }.filter { !$0.isEmpty }
            self.init(words: words, qualifiers: qualifiers, kinds: [])
        }

        private init?(words: [String], qualifiers: [[UInt8]], kinds: [PlaceKind]) {
            guard !words.isEmpty else { return nil }
            folded = words
            self.words = words.map { Self.forms(of: $0, elided: !kinds.isEmpty) }
            self.qualifiers = qualifiers
            self.kinds = kinds
        }

        /// The ways the query is searched, the query as typed first: with its elided articles joined
        /// to the next word ("coll d ordino" → "coll dordino", as the index holds "Coll d'Ordino"),
        /// and each of those with a kind word read as its kind (`KindWords`). Most queries have one.
        var readings: [Query] {
            // One word is read as typed: there is nothing to join it to, nor a name beside a kind.
            guard folded.count > 1 else { return [self] }
            let spellings = [self] + [joiningElisions()].compactMap { $0 }
            return spellings + spellings.compactMap { $0.readingKindWord() }
        }

        /// The query with every elided article (`SearchText.elisions`) joined to the word after it;
        /// nil when it has none before a word.
        func joiningElisions() -> Query? {
            var joined: [String] = []
            var article: String?
            for word in folded {
                if let elided = article {
                    joined.append(elided + word)
                    article = nil
                } else if SearchText.elisions.contains(word) {
                    article = word
                } else {
                    joined.append(word)
                }
            }
            joined += article.map { [$0] } ?? []
            guard joined.count < folded.count else { return nil }
            return Query(words: joined, qualifiers: qualifiers, kinds: kinds)
        }

        /// The query with its first kind word or phrase (the longest at the first place one starts:
        /// "mountain pass" before "mountain") taken out of the name and made its kinds; nil when it
        /// has none, or nothing else is left to match a name ("lake", "See" are names).
        func readingKindWord() -> Query? {
            guard kinds.isEmpty, folded.count > 1 else { return nil }
            for start in folded.indices {
                let room = folded.count - start
                let longest = room > 1 && KindWords.phraseStarts.contains(folded[start]) ? min(KindWords.longestPhrase, room) : 1
                for length in stride(from: longest, through: 1, by: -1) {
                    let phrase = length == 1 ? folded[start] : folded[start..<start + length].joined(separator: " ")
                    guard let kinds = KindWords.kinds[phrase] else { continue }
                    var rest = folded
                    rest.removeSubrange(start..<start + length)
                    return Query(words: rest, qualifiers: qualifiers, kinds: kinds)
                }
            }
            return nil
        }

        /// The query read with its last `count` words as a qualifier, as if a comma stood before
        /// them ("Portland OR", "Salt Lake City Utah"); nil when it has a comma already or would have
        /// no name left. Whether those words name a region is the search's to decide.
        func endingInQualifier(words count: Int) -> Query? {
            guard qualifiers.isEmpty, count >= 1, folded.count > count else { return nil }
            let qualifier = folded.suffix(count).map { SearchText.abbreviations[$0] ?? $0 }.joined(separator: " ")
            return Query(words: Array(folded.dropLast(count)), qualifiers: [Array(qualifier.utf8)], kinds: kinds)
        }

        /// A word as typed, its written-out abbreviations and, with `elided`, the word with each
        /// implied elided article in front when it starts with a vowel or h ("engolasters" →
        /// "dengolasters": `SearchText.impliedElisions`).
        private static func forms(of word: String, elided: Bool) -> [Form] {
            var forms = [Form(text: Array(word.utf8), wholeWord: false)]
            if let written = SearchText.abbreviations[word] {
                forms.append(Form(text: Array(written.utf8), wholeWord: true))
            }
            for extra in SearchText.extraExpansions[word] ?? [] {
                forms.append(Form(text: Array(extra.utf8), wholeWord: true))
            }
            if elided, let first = word.first, "aeiouh".contains(first) {
                for article in SearchText.impliedElisions {
                    forms.append(Form(text: Array((article + word).utf8), wholeWord: false))
                }
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
