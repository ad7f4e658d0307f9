/// In a list of places, which ones share the name they are shown by: those are told apart by
/// their region and country ("Fort William" in Scotland and in Newfoundland and Labrador), while a
/// name the list shows once stays short. The stop editor's results and `roadtrip search` both
/// follow it.
package enum SameNames {
    /// For each of `names`, whether another of them reads the same. Case and accents do not tell
    /// names apart on a screen ("Koln" and "Köln"), so names are compared by their search key.
    package static func repeated(_ names: [String]) -> [Bool] {
        let keys = names.map { SearchText.key(of: $0) }
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return keys.map { (counts[$0] ?? 0) > 1 }
    }

    /// What a list of `places` calls each: "Fort William, Scotland, United Kingdom" where the
    /// name repeats, else the name alone.
    package static func labels(for places: [Place]) -> [String] {
        zip(places, repeated(places.map(\.name))).map { place, isRepeated in
            isRepeated ? ([place.name] + [place.admin1, place.country].filter { !$0.isEmpty }).joined(separator: ", ") : place.name
        }
    }
}
