/// How well a name matched a query, best first. Exact names, primary or alternate alike, come
/// first ("Cologne" is Köln's English name and a town in Italy; the bigger wins).
enum MatchQuality: UInt8, Comparable {
    /// The query is a whole name of the place.
    case exactName
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
    let quality: MatchQuality
    /// How well a qualifier matched its region: 0 exactly (or no qualifier), 1 by a prefix.
    let regionQuality: UInt8
    /// Whether the name that matched is one of the place's alternate names.
    let alternate: Bool
    /// The place's population, as far as ranking goes: see `alternateDiscount`.
    let weight: UInt32

    /// A name that merely starts like the query counts for less when it is one of the place's
    /// alternate names, many of which are historic or foreign ("Stambul" for Istanbul would put it
    /// before Stuttgart for "st"), yet an exonym of a big city still wins its prefix ("Münch" →
    /// Munich, 1.5 million, before Münchenstein, 12,000). An exact name counts in full: "Cologne"
    /// is Köln.
    static let alternateDiscount: UInt32 = 16

    init(place: UInt32, quality: MatchQuality, regionQuality: UInt8, alternate: Bool, population: UInt32) {
        self.place = place
        self.quality = quality
        self.regionQuality = regionQuality
        self.alternate = alternate
        weight = alternate && quality != .exactName ? population / Self.alternateDiscount : population
    }

    /// Match quality, then the qualifier's, then the bigger place; the index breaks ties so the
    /// order never depends on the order of discovery.
    static func < (a: Candidate, b: Candidate) -> Bool {
        if a.quality != b.quality { return a.quality < b.quality }
        if a.regionQuality != b.regionQuality { return a.regionQuality < b.regionQuality }
        if a.weight != b.weight { return a.weight > b.weight }
        return a.place < b.place
    }
}

/// The best `capacity` places seen so far, one candidate per place, best first.
///
/// Whatever order candidates come in, the result is the best `capacity` places by their best
/// candidate: a place pushed out can only have been beaten by `capacity` others that are better
/// than any candidate it could still bring.
struct RankedPlaces {
    let capacity: Int
    private(set) var items: [Candidate] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        items.reserveCapacity(self.capacity)
    }

    var isFull: Bool { items.count >= capacity }

    /// Whether `candidate` could change the result: cheap, so scans ask before doing more work.
    @inline(__always) func admits(_ candidate: Candidate) -> Bool {
        guard isFull else { return true }
        return items.last.map { candidate < $0 } ?? false
    }

    mutating func offer(_ candidate: Candidate) {
        guard admits(candidate) else { return }
        if let existing = items.firstIndex(where: { $0.place == candidate.place }) {
            guard candidate < items[existing] else { return }
            items.remove(at: existing)
        } else if isFull {
            items.removeLast()
        }
        var position = items.count
        while position > 0, candidate < items[position - 1] { position -= 1 }
        items.insert(candidate, at: position)
    }
}
