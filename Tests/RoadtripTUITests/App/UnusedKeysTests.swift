@testable import RoadtripTUI
import ScreenModels
import Terminal
import Testing

/// Issue 53, item 10: a key a screen has no command for says so, and where it works.
@MainActor
struct UnusedKeysTests {
    @Test func aKeyOfAnotherScreenSaysWhereItWorksAndHowToGetThere() {
        #expect(UnusedKeys.message(for: .character("I"), on: .trip)?.text == "I (Import) works on the trip list — Esc goes there; ? lists this screen's keys.")
        #expect(
            UnusedKeys.message(for: .character("I"), on: .days)?.text == "I (Import) works on the trip list — Esc twice goes there; ? lists this screen's keys."
        )
        #expect(
            UnusedKeys.message(for: .character("i"), on: .tripList)?.text
                == "i (Days) works on a trip's screen — Enter opens a trip; ? lists this screen's keys.")
    }

    @Test func aColonATabAndAKeyNoScreenHasSayWhatThereIs() {
        #expect(UnusedKeys.message(for: .character(":"), on: .trip)?.text.contains("the planner has no command line") == true)
        #expect(UnusedKeys.message(for: .tab, on: .tripList)?.text.hasPrefix("Tab: Tab moves between the fields of a form") == true)
        #expect(UnusedKeys.message(for: .character("Z"), on: .trip)?.text == "Z does nothing here: ? lists this screen's keys.")
    }

    @Test func movementAndFunctionKeysAreNotWorthAWord() {
        #expect(UnusedKeys.message(for: .function(5), on: .trip) == nil)
        #expect(UnusedKeys.message(for: .right, on: .days) == nil)
    }
}
