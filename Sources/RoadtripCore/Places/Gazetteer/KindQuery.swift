/// A search that names a kind of place in plain words (issue 56: "fuel station in Encamp", "gas
/// station Canillo", "Tankstelle", "petrol near Vaduz" found nothing, or a station 5 km off before
/// one 0.4 km off): the kind (`KindWords`, in English and the languages of the places a road trip
/// meets most) and the place it is wanted at, when the query names one. Its places are the places
/// of that kind nearest the place named, else nearest the trip (or `--near`), by distance.
///
/// A query is read so when it says "in" or "near" (or the like) or its kind is a service on the
/// way (`PlaceKind.isAmenity`: people look for a fuel station, not for one named so): its places
/// first. When the words beside a sight's kind name a town ("museum Ordino"), its places come
/// after what the words find as a name ("Coll d'Ordino"). Otherwise a kind word may be part of a
/// name ("Lake Tahoe", "Tour Eiffel"), and the search reads it as before.
struct KindQuery: Equatable {
    let kinds: [PlaceKind]
    /// The words of the place the kind is wanted at, folded; empty when the query names none.
    let place: String
    /// Whether the query said where with a word of its own ("in", "near").
    let saysWhere: Bool

    /// How far from the place (or the trip) a place of the kind is looked for.
    static let reachKilometers = 30.0

    /// Words that say "at this place" in the languages of `KindWords`, folded.
    static let connectors: Set<String> = [
        "in", "near", "at", "around", "by", "close to", "nahe", "bei", "im", "am", "pres de", "a", "au", "en",
        "prop de", "cerca de", "vicino a", "presso", "vicino",
    ]

    init?(_ text: String) {
        var words = SearchText.words(of: text)
        guard !words.isEmpty else { return nil }
        // The longest kind phrase, at the first place one starts.
        var found: (start: Int, length: Int, kinds: [PlaceKind])?
        search: for start in words.indices {
            for length in stride(from: min(KindWords.longestPhrase, words.count - start), through: 1, by: -1) {
                if let kinds = KindWords.kinds[words[start..<start + length].joined(separator: " ")] {
                    found = (start, length, kinds)
                    break search
                }
            }
        }
        guard let found else { return nil }
        words.removeSubrange(found.start..<found.start + found.length)
        var saysWhere = false
        // A connector of one or two words before the place's ("in", "près de").
        for length in [2, 1] where words.count >= length && Self.connectors.contains(words.prefix(length).joined(separator: " ")) {
            words.removeFirst(length)
            saysWhere = true
            break
        }
        (kinds, place, self.saysWhere) = (found.kinds, words.joined(separator: " "), saysWhere)
    }

    /// Whether the query is read as a kind wanted somewhere, given what the place words found
    /// first (`placeFound`, nil when there are none or they find nothing).
    func isKindSearch(placeFound: Place?) -> Bool {
        if saysWhere || kinds.contains(where: \.isAmenity) { return true }
        return placeFound?.kind.isSettlement == true
    }

    /// The most points of a trip the places of a kind are looked for around.
    static let mostOrigins = 8

    /// The places of the kind within `reachKilometers` of any of `origins`, nearest to one first,
    /// each once.
    /// A place is compared only with those of its name (`SearchText.key`), each name folded once: a
    /// city's thousands of restaurants compared each with each took half a second.
    func places(near origins: [Coordinate], in index: any PlaceIndex) -> [Place] {
        var found: [(place: Place, kilometers: Double)] = []
        var byName: [String: [Int]] = [:]
        for origin in origins {
            for candidate in index.places(within: Self.reachKilometers, of: origin) where kinds.contains(candidate.place.kind) {
                let name = SearchText.key(of: candidate.place.name)
                if let known = byName[name, default: []].first(where: { PlaceLibrary.isSame(found[$0].place, namedAlike: candidate.place) }) {
                    found[known].kilometers = min(found[known].kilometers, candidate.kilometers)
                } else {
                    byName[name, default: []].append(found.count)
                    found.append(candidate)
                }
            }
        }
        return found.sorted { ($0.kilometers, $0.place.name) < ($1.kilometers, $1.place.name) }.map(\.place)
    }
}
