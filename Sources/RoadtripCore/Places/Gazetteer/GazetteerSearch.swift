/// One search over the index: the place-search rules the README gives, as ranges of sorted
/// entries (the ranking itself is `SearchRanking.swift`'s).
///
/// 1. The query as a phrase: entries whose suffix starts with the query words joined by spaces
///    ("salt la" finds "salt lake city" and, from a later word, "…salt lake"). One range per
///    spelling (abbreviations give several). Ranges too long to scan quickly have their best
///    places stored in the file (`TopLists`), used when no qualifier narrows them.
/// 2. Only if that leaves room: every query word as the start of a name word, in order ("sa fr" in
///    "san francisco"), from the entries of the rarest query word, checking the others in the key.
/// Qualifiers filter both by the region every entry carries. Without a comma, the last one or
/// two words are also tried as a qualifier when they name a region or country exactly, for the
/// places the words before them name exactly ("Portland OR", "Paris Texas"; "sa fr" stays San
/// Francisco). With a context (`SearchContext`), places farther from the trip weigh less.
///
/// Each reading of the query (`Query.readings`: elided articles joined, a kind word read as its
/// kind) is searched so, and the best candidate of each place kept. A kind reading keeps only
/// places of its kinds and scans no range longer than `kindScanLimit`: the stored top lists rank
/// every kind together, and a range that long means the other words are still too short to say
/// which place of the kind is meant.
struct GazetteerSearch {
    typealias Phrase = Query.Phrase
    let tables: GazetteerTables
    let limit: Int
    var context: SearchContext?
    /// The index's names of regions and countries, when known: a query's last words that are
    /// none of them are not tried as a qualifier.
    var qualifierNames: QualifierNames?
    /// The kinds of the reading being searched, in a kind reading: places of other kinds are passed over.
    var kinds: KindFilter?

    /// With a context, a range of up to this many entries is scanned rather than read from its
    /// top list, which ranked it from nowhere in particular (a scan of this many takes ~0.3 ms).
    static let contextScanLimit = 4_096

    /// A kind reading scans no longer range than this (about 0.3 ms, as `contextScanLimit`).
    static let kindScanLimit = contextScanLimit

    private var index: EntryIndex { EntryIndex(tables: tables) }

    func run(_ text: String) -> [Candidate] {
        guard limit > 0, let query = Query(text) else { return [] }
        var ranked = RankedPlaces(capacity: limit)
        for reading in query.readings {
            guard !reading.kinds.isEmpty else {
                collect(reading, into: &ranked)
                continue
            }
            var search = self
            search.kinds = KindFilter(reading.kinds)
            search.collect(reading, into: &ranked)
        }
        return ranked.items
    }

    private func collect(_ query: Query, into ranked: inout RankedPlaces) {
        for count in [1, 2] {
            guard let reading = query.endingInQualifier(words: count) else { break }
            guard qualifierNames?.contains(reading.qualifiers[0], in: tables) ?? true else { continue }
            let filter = RegionFilter(qualifiers: reading.qualifiers, tables: tables)
            guard filter.matchesExactly else { continue }
            for phrase in reading.phrases {
                scan(index.range(equalTo: phrase.text), phraseLength: phrase.text.count, filter, into: &ranked)
            }
        }
        var filter: RegionFilter?
        if !query.qualifiers.isEmpty {
            let regions = RegionFilter(qualifiers: query.qualifiers, tables: tables)
            if regions.allowsNothing { return }
            filter = regions
        }
        for phrase in query.phrases {
            collect(phrase, filter, into: &ranked)
        }
        if query.words.count > 1, !ranked.isFull {
            collectWordPrefixes(query, filter, into: &ranked)
        }
    }

    private func collect(_ phrase: Phrase, _ filter: RegionFilter?, into ranked: inout RankedPlaces) {
        guard phrase.lastWordWhole else { return collect(prefix: phrase.text, filter, into: &ranked) }
        // A written-out abbreviation must be a whole word: the name is the phrase, or goes on after a space.
        scan(index.range(equalTo: phrase.text), phraseLength: phrase.text.count, filter, into: &ranked)
        collect(prefix: phrase.text + [0x20], filter, into: &ranked)
    }

    private func collect(prefix: [UInt8], _ filter: RegionFilter?, into ranked: inout RankedPlaces) {
        let range = index.range(prefixedBy: prefix)
        if kinds != nil, range.count > Self.kindScanLimit { return }
        if filter == nil, kinds == nil, range.count > TopLists.threshold, context == nil || range.count > Self.contextScanLimit,
            let list = TopLists(tables: tables).list(for: prefix),
            list.count >= ranked.capacity || list.count < TopLists.length
        {
            list.forEach { ranked.offer($0) }
            return
        }
        scan(range, phraseLength: prefix.count, filter, into: &ranked)
    }

    /// The kilometers from the context to the place of `entry`, when there is a context.
    @inline(__always) private func distance(_ entry: Int) -> Double? {
        context.map { $0.kilometers(to: tables.coordinate(ofPlace: Int(index.place(entry)))) }
    }

    /// Every entry of `range` matches the phrase; how well depends on where its word is.
    func scan(_ range: Range<Int>, phraseLength: Int, _ filter: RegionFilter?, into ranked: inout RankedPlaces) {
        let kinds = kinds, byKind = kinds != nil
        for entry in range {
            var regionQuality: UInt8 = 0
            if let filter {
                regionQuality = filter.quality(ofRegion: index.region(entry))
                if regionQuality == RegionFilter.noMatch { continue }
            }
            if let kinds, !kinds.admits(tables.kind(ofPlace: Int(index.place(entry)))) { continue }
            let quality: MatchQuality =
                index.wordStart(entry) != 0
                ? .laterWord
                : index.keyLength(entry) == phraseLength ? .exactName : .namePrefix
            let distance = distance(entry)
            let nearbyPrefix =
                quality == .namePrefix && distance.map { $0 <= SearchContext.nearbyKilometers } == true
                && index.key(entry)[phraseLength] == 0x20
            ranked.offer(
                Candidate(
                    place: index.place(entry), quality: quality, byKind: byKind, regionQuality: regionQuality,
                    alternate: index.isAlternate(entry), trusted: index.isTrustedAlternate(entry), matchedLength: phraseLength,
                    population: index.population(entry), distance: distance, nearbyPrefix: nearbyPrefix))
        }
    }

    private func collectWordPrefixes(_ query: Query, _ filter: RegionFilter?, into ranked: inout RankedPlaces) {
        let ranges = query.words.map { forms in forms.map { index.range(prefixedBy: $0.text) } }
        let sizes = ranges.map { $0.reduce(0) { $0 + $1.count } }
        guard let lead = sizes.indices.min(by: { sizes[$0] < sizes[$1] }) else { return }
        let kinds = kinds, byKind = kinds != nil
        if byKind, sizes[lead] > Self.kindScanLimit { return }
        for range in ranges[lead] {
            for entry in range {
                var regionQuality: UInt8 = 0
                if let filter {
                    regionQuality = filter.quality(ofRegion: index.region(entry))
                    if regionQuality == RegionFilter.noMatch { continue }
                }
                if let kinds, !kinds.admits(tables.kind(ofPlace: Int(index.place(entry)))) { continue }
                let key = index.key(entry)
                let wordIndex = key.prefix(index.wordStart(entry)).reduce(0) { $1 == 0x20 ? $0 + 1 : $0 }
                guard wordIndex >= lead else { continue }
                let first = wordIndex - lead
                let candidate = Candidate(
                    place: index.place(entry), quality: first == 0 ? .wordPrefixes : .laterWordPrefixes,
                    byKind: byKind, regionQuality: regionQuality, alternate: index.isAlternate(entry),
                    trusted: index.isTrustedAlternate(entry), population: index.population(entry),
                    distance: distance(entry))
                if ranked.admits(candidate), Self.words(of: key, from: first, match: query.words) {
                    ranked.offer(candidate)
                }
            }
        }
    }

    /// Whether the words of `key` from word `first` on start with the query words, one each, in order.
    static func words(of key: UnsafeRawBufferPointer, from first: Int, match words: [[Query.Form]]) -> Bool {
        var position = 0, skipped = 0
        while skipped < first {
            guard let space = key[position...].firstIndex(of: 0x20) else { return false }
            position = space + 1
            skipped += 1
        }
        for forms in words {
            guard position <= key.count else { return false }
            let end = key[position...].firstIndex(of: 0x20) ?? key.count
            let word = key[position..<end]
            let matched = forms.contains { form in
                form.wholeWord ? word.elementsEqual(form.text) : word.starts(with: form.text)
            }
            guard matched else { return false }
            position = end + 1
        }
        return true
    }
}

/// The kinds a kind reading admits, one bit per raw value (a byte): every entry a reading scans
/// asks, and a `Set` would hash each time.
struct KindFilter {
    private var bits = SIMD4<UInt64>()

    init(_ kinds: [PlaceKind]) {
        for kind in kinds { bits[Int(kind.rawValue >> 6)] |= 1 << UInt64(kind.rawValue & 63) }
    }

    @inline(__always) func admits(_ kind: PlaceKind) -> Bool {
        bits[Int(kind.rawValue >> 6)] >> UInt64(kind.rawValue & 63) & 1 != 0
    }
}
