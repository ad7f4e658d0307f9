import Testing
@testable import Terminal

@Suite struct HelpOverlayMouseTests {
    @Test func theWheelScrollsAClickClosesAndAPressDoesNot() {
        var overlay = HelpOverlay(title: "Keys", entries: [HelpEntry(keys: "a", text: "A")])
        func keepsOpen(_ kind: MouseEvent.Kind) -> Bool { overlay.handle(.mouse(MouseEvent(kind, row: 0, column: 0))) }
        #expect(keepsOpen(.wheelDown))
        #expect(keepsOpen(.press))
        #expect(keepsOpen(.click) == false)
    }
}
