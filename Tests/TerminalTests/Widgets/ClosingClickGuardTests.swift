import Testing
@testable import Terminal

@Suite struct ClosingClickGuardTests {
    @Test func theRestOfADoubleClickIsSwallowedThenClicksAct() {
        var guardian = ClosingClickGuard()
        func swallows(_ kind: MouseEvent.Kind) -> Bool { guardian.swallows(MouseEvent(kind, row: 0, column: 0)) }
        #expect(swallows(.click) == false, "not armed")
        guardian.arm()
        #expect(swallows(.press))
        #expect(swallows(.doubleClick))
        #expect(swallows(.doubleClick) == false)
        guardian.arm()
        #expect(swallows(.wheelUp) == false, "anything but a press disarms")
        #expect(swallows(.press) == false)
    }
}
