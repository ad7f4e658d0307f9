/// The ranking rule of place search, whole, in one place: how well a name matched (`MatchQuality`),
/// whether the whole name matched or a kind word stood for a word of it, how well a qualifier
/// matched, then the weight of the place (its population, discounted for a
/// doubtful alternate name and for the distance from the trip: `SearchContext`). `GazetteerSearch`
/// finds the candidates; `RankedPlaces` keeps the best of them by this rule.

/// How well a name matched a query, best first.
enum MatchQuality: UInt8, Comparable {
    /// The query is the place's own name, or a name of it people commonly use ("Cologne" for
    /// Köln: see `Candidate.init`).
    case exactName
    /// The query is one of the place's other alternate names: historic, foreign or a variant
    /// spelling ("Monterey" is one of Monterrey's). Never before a place of that very name.
    case exactAlternate
    /// A name starts with the query.
    case namePrefix
    /// A later word of a name starts with the query ("lake" in "Salt Lake City").
    case laterWord
    /// Each query word starts a name word, in order, from the first ("sa fr" in "San Francisco").
    case wordPrefixes
    /// The same from a later word.
    case laterWordPrefixes

    static func < (a: MatchQuality, b: MatchQuality) -> Bool { a.rawValue < b.rawValue }
}

/// One place a search found, with what ranks it.
struct Candidate: Comparable {
    let place: UInt32
    /// `quality`, then `nearness`, then `byKind`, in one byte: one comparison orders them all, and a
    /// candidate stays 16 bytes (the ranked list moves them on every offer).
    private let rank: UInt8
    var quality: MatchQuality { MatchQuality(rawValue: rank >> 3) ?? .laterWordPrefixes }
    /// Within a whole-name match near a trip (`SearchContext.nearbyKilometers`): 0 the name itself
    /// near the trip, 1 a name that begins with the words typed near it (Stein an der Donau for
    /// "Stein" by Krems), 2 the name itself farther away. Always 0 without a context.
    var nearness: UInt8 { (rank >> 1) & 3 }
    /// Whether a kind word of the query was read as the place's kind rather than matched in its
    /// name ("castle" in "Vaduz Castle" for Schloss Vaduz, a castle): `quality` then says how the
    /// other words matched ("vaduz", a later word). Such a place ranks with the places whose
    /// names matched as well, after them: it is what the query means more often than not, but
    /// never pushes down a place whose name has every word ("Castle Rock" is the town first, a
    /// castle named Rock after it; "Lake Tahoe" the lake of that name).
    var byKind: Bool { rank & 1 != 0 }
    /// How well a qualifier matched its region: 0 exactly (or no qualifier), 1 by a prefix.
    let regionQuality: UInt8
    /// Whether the name that matched is one of the place's alternate names, and whether it is
    /// one people commonly use for the place (the index marks those: see make-gazetteer.py).
    let alternate: Bool
    let trusted: Bool
    /// The place's population as far as ranking goes: discounted for an alternate name that is
    /// not a trusted one, and for the distance from the trip (`SearchContext`).
    let weight: Double

    /// A name that merely starts like the query counts for less when it is one of the place's
    /// alternate names, many of which are historic or foreign ("Stambul" for Istanbul would put it
    /// before Stuttgart for "st"), yet an exonym of a big city still wins its prefix ("Münch" →
    /// Munich, 1.5 million, before Münchenstein, 12,000).
    static let alternateDiscount = 16.0

    /// An alternate name this short that is typed whole counts as a prefix of the names typed
    /// after it, not as a name: thousands of places have a two- or three-letter code or nickname
    /// among their alternates ("Sa", "LA"), and "sa" is the start of São Paulo first.
    static let shortestAlternateName = 4

    /// `trusted`: the alternate name is one people commonly use for the place (the index marks
    /// them), which then ranks as its own name. `matchedLength`: the length of the query's key
    /// that matched. `distance`: kilometers from the trip, when the search has a context.
    /// `nearbyPrefix`: the name begins with the words typed and lies near the trip: it matches
    /// as its name would, after the names themselves near the trip (`nearness`).
    init(
        place: UInt32, quality: MatchQuality, byKind: Bool = false, regionQuality: UInt8, alternate: Bool, trusted: Bool = false,
        matchedLength: Int = .max, population: UInt32, distance: Double? = nil, nearbyPrefix: Bool = false
    ) {
        self.place = place
        self.regionQuality = regionQuality
        self.alternate = alternate
        self.trusted = trusted
        var quality = quality
        let doubtful = alternate && !trusted
        if doubtful, quality == .exactName {
            quality = matchedLength < Self.shortestAlternateName ? .namePrefix : .exactAlternate
        }
        var nearness: UInt8 = 0
        if nearbyPrefix {
            quality = .exactName
            nearness = 1
        } else if quality == .exactName, let distance, distance > SearchContext.nearbyKilometers {
            nearness = 2
        }
        rank = quality.rawValue << 3 | nearness << 1 | (byKind ? 1 : 0)
        let base = Double(population) / (doubtful && quality != .exactAlternate ? Self.alternateDiscount : 1)
        weight = distance.map { SearchContext.weight(population: base, kilometers: $0) } ?? base
    }

    /// Match quality, a whole name before a kind word, then the qualifier's quality, then the
    /// weightier place; the index breaks ties so the order never depends on the order of discovery.
    static func < (a: Candidate, b: Candidate) -> Bool {
        ranks(a, before: b) ?? (a.place < b.place)
    }

    /// Whether `a` goes before `b` by the rule, nil when the rule ties them: for a caller that
    /// breaks ties its own way (`PlaceLibrary`, across indexes).
    @inline(__always) static func ranks(_ a: Candidate, before b: Candidate) -> Bool? {
        if a.rank != b.rank { return a.rank < b.rank }
        if a.regionQuality != b.regionQuality { return a.regionQuality < b.regionQuality }
        if a.weight != b.weight { return a.weight > b.weight }
        return nil
    }
}
