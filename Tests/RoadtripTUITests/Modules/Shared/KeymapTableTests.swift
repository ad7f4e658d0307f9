@testable import RoadtripTUI
import Terminal
import Testing

/// Every screen's, dialog's and field's keys come from tables, and no table binds a key twice
/// (only the first binding would ever act); where a table sits over another (tig's way: the map
/// over the trip detail screen), the keys it takes from the one below are exactly the ones meant.
@MainActor
struct KeymapTableTests {
    static let tables: [(String, [Key])] = [
        ("trip list", TripListView.keymap.shadowedKeys),
        ("trip list, rename", TripListView.renameKeymap.shadowedKeys),
        ("trip list, filter", TripListView.filterKeymap.shadowedKeys),
        ("trip", TripDetailView.keymap.shadowedKeys),
        ("trip, rename", TripDetailView.renameKeymap.shadowedKeys),
        ("trip, links", TripDetailView.linksKeymap.shadowedKeys),
        ("map", TripMapPanel.keymap.shadowedKeys),
        ("stop editor", WaypointView.keymap.shadowedKeys),
        ("stop editor, night", WaypointView.nightKeymap.shadowedKeys),
        ("itinerary", ItineraryView.keymap.shadowedKeys),
        ("along the road", AlongView.keymap.shadowedKeys),
        ("regions", RegionsPanel.keymap.shadowedKeys),
        ("catalogue", CatalogueBrowser.keymap.shadowedKeys),
        ("question", ConfirmDialog.keymap.shadowedKeys),
        ("form", FormDialog.keymap.shadowedKeys),
        ("form, field help", FieldHelpPanel.keymap.shadowedKeys),
        ("text field", TextField.keymap.shadowedKeys),
    ]

    @Test func noTableBindsAKeyTwice() {
        for (name, shadowed) in Self.tables {
            #expect(shadowed.isEmpty, "\(name) binds these keys twice: \(shadowed.map(\.description))")
        }
    }

    /// Issue 53: every list pages as pagers do and searches as less does, from the same table
    /// (`ListKeys`); the trip list's `/` is its filter, the list's search.
    @Test func everyListHasThePagersKeysAndTheSearch() {
        let lists: [(String, Set<Key>)] = [
            ("trip list", Set(TripListView.keymap.bindings.flatMap(\.keys))),
            ("trip", Set(TripDetailView.keymap.bindings.flatMap(\.keys))),
            ("itinerary", Set(ItineraryView.keymap.bindings.flatMap(\.keys))),
            ("along the road", Set(AlongView.keymap.bindings.flatMap(\.keys))),
            ("regions", Set(RegionsPanel.keymap.bindings.flatMap(\.keys))),
        ]
        let wanted: Set<Key> = [
            .control("d"), .control("u"), .control("f"), .control("b"), .character(" "), .pageUp, .pageDown,
            .character("/"), .character("n"), .character("N"),
        ]
        for (name, keys) in lists {
            #expect(wanted.isSubset(of: keys), "\(name) lacks \(wanted.subtracting(keys).map(\.description))")
        }
        #expect(TripListView.keymap.command(for: .character("/")) == .filter)
    }

    /// The day view's add key is `a`, as everywhere: `n` is the next match.
    @Test func theDayViewAddsWithAAndSearchesOnWithN() {
        #expect(ItineraryView.keymap.command(for: .character("a")) == .addNight)
        #expect(ItineraryView.keymap.command(for: .character("n")) == .search(.next))
    }

    /// Where a text field has the keys (the places of the stop editor, the catalogue of extracts),
    /// Ctrl-U clears the field and the list pages with PgUp/PgDn alone.
    @Test func listsUnderATextFieldLeaveItsControlKeys() {
        for keys in [Set(WaypointView.keymap.bindings.flatMap(\.keys)), Set(CatalogueBrowser.keymap.bindings.flatMap(\.keys))] {
            #expect(keys.isDisjoint(with: [.control("u"), .control("d"), .control("f"), .control("b"), .character(" ")]))
            #expect(keys.isSuperset(of: [.pageUp, .pageDown]))
        }
    }

    @Test func theMapTakesOnlyItsOwnKeysFromTheTripScreen() {
        let taken = TripMapPanel.keymap.keysTaken(from: TripDetailView.keymap)
        // ←/h, ↑/k, ↓/j pan instead of going back or moving the selection; Esc and m leave the
        // map; ? is help in both. (→ and l mean nothing on the trip detail screen.)
        let meant: Set<Key> = [
            .left, .up, .down, .character("h"), .character("k"), .character("j"),
            .escape, .character("m"), .character("?"),
        ]
        #expect(taken == meant, "the map now also takes \(taken.subtracting(meant).map(\.description))")
    }

    @Test func theMapTakesOnlyItsOwnKeysFromThePlacesAlongTheRoad() {
        let taken = TripMapPanel.keymap.keysTaken(from: AlongView.keymap)
        // As over the trip screen; and + = - _ zoom instead of looking farther or nearer, 0 fits the
        // trip instead of showing the tenth kind.
        let meant: Set<Key> = [
            .left, .up, .down, .character("h"), .character("k"), .character("j"), .escape, .character("m"), .character("?"),
            .character("+"), .character("="), .character("-"), .character("_"), .character("0"),
        ]
        #expect(taken == meant, "the map now also takes \(taken.subtracting(meant).map(\.description))")
    }

    @Test func hintsComeFromTheTables() {
        #expect(TripMapPanel.statusHints.map(\.key) == ["←↑↓→", "+/-", "0", "Esc", "?"])
        #expect(ConfirmDialog.keymap.statusHints == [KeyHint(key: "y", label: "Yes"), KeyHint(key: "n", label: "No")])
        #expect(FormDialog.keymap.statusHints.map(\.label) == ["OK", "Next field", "Help", "Cancel"])
        #expect(FormDialog(title: "Import", fields: [("File", "")]).statusHints.map(\.label) == ["OK", "Next field", "Cancel"])
    }
}
