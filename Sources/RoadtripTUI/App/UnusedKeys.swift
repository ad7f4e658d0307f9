import ScreenModels
import Terminal

/// What the status bar says of a key the screen has no command for: a key that does nothing
/// must say so (a power user pressing `M` in a trip, `:` for a command line, `Tab` in a list
/// otherwise wonders whether it was heard). Where another screen has a command for the key, the
/// sentence names it and the way there, found in that screen's own key table.
@MainActor
enum UnusedKeys {
    /// The planner's screens, by how deep they sit: the trip list, then a trip, then its days and
    /// the places along its road.
    @MainActor
    enum Place: Int, CaseIterable {
        case tripList, trip, days, along

        var name: String {
            switch self {
            case .tripList: "the trip list"
            case .trip: "a trip's screen"
            case .days: "the day view"
            case .along: "Along the road"
            }
        }

        /// The keys of the screen and what each is called ("Regions").
        var bindings: [(keys: [Key], label: String)] {
            switch self {
            case .tripList: TripListView.keymap.bindings.map { ($0.keys, $0.label) }
            case .trip: TripDetailView.keymap.bindings.map { ($0.keys, $0.label) }
            case .days: ItineraryView.keymap.bindings.map { ($0.keys, $0.label) }
            case .along: AlongView.keymap.bindings.map { ($0.keys, $0.label) }
            }
        }

        /// How to get to `self` from `place`.
        func way(from place: Place) -> String {
            if rawValue < place.rawValue {
                // Back up: the day view and Along the road both sit over a trip.
                let steps = self == .tripList ? place.rawValue : 1
                return steps == 1 ? "Esc goes there" : "Esc twice goes there"
            }
            switch self {
            case .tripList: return "Esc goes there"
            case .trip: return "Enter opens a trip"
            case .days: return "i on a trip's screen opens it"
            case .along: return "A on a trip's screen opens it"
            }
        }
    }

    /// The sentence for `key`, pressed on `place`, which has no command for it; nil for a key not
    /// worth a word (a movement key at the end of a list, a function key, the mouse).
    static func message(for key: Key, on place: Place) -> StatusMessage? {
        switch key {
        case .character(":"):
            return StatusMessage(
                ":: the planner has no command line: its commands are keys, and ? lists this screen's. "
                    + "In a shell, roadtrip --help lists the command line's.")
        case .tab, .backTab:
            return StatusMessage("\(key): Tab moves between the fields of a form; here ↑/↓ move, and ? lists this screen's keys.")
        case .character, .control:
            let elsewhere = Place.allCases.lazy.filter { $0 != place }.compactMap { other in
                other.bindings.first { $0.keys.contains(key) }.map { (other, $0.label) }
            }.first
            guard let (other, label) = elsewhere else {
                return StatusMessage("\(key) does nothing here: ? lists this screen's keys.")
            }
            return StatusMessage("\(key) (\(label)) works on \(other.name) — \(other.way(from: place)); ? lists this screen's keys.")
        default:
            return nil
        }
    }
}
