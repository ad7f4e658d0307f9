import CNCurses
import Testing
@testable import Terminal

/// curses' button states, as `getmouse` gives them, become reports once.
@Suite struct MouseReportTests {
    @Test func buttonOneDownAndUp() {
        #expect(MouseReport.decode(state: rt_button1_pressed(), row: 4, column: 9) == MouseReport(action: .buttonDown, row: 4, column: 9))
        #expect(MouseReport.decode(state: rt_button1_released(), row: 4, column: 9)?.action == .buttonUp)
    }

    @Test func buttonsFourAndFiveAreTheWheel() {
        #expect(MouseReport.decode(state: rt_button4_pressed(), row: 0, column: 0)?.action == .wheelUp)
        #expect(MouseReport.decode(state: rt_button5_pressed(), row: 0, column: 0)?.action == .wheelDown)
    }

    @Test func aMoveIsMotion() {
        #expect(MouseReport.decode(state: rt_report_mouse_position(), row: 2, column: 3)?.action == .motion)
    }

    @Test func otherButtonsAndEmptyStatesAreDropped() {
        #expect(MouseReport.decode(state: 0, row: 0, column: 0) == nil)
        #expect(MouseReport.decode(state: mmask_t(0x800) /* BUTTON3_PRESSED, a function-like macro */, row: 0, column: 0) == nil)
    }

    @Test func theMaskAsksForEveryStateDecoded() {
        for state in [rt_button1_pressed(), rt_button1_released(), rt_button4_pressed(), rt_button5_pressed(), rt_report_mouse_position()] {
            #expect(MouseReport.mask & state == state)
        }
    }
}

/// Reports become clicks, double clicks, drags and wheel turns.
@Suite final class MouseGestureTests {
    let start = ContinuousClock.now
    var gestures = MouseGestures()

    private func feed(_ action: MouseReport.Action, _ row: Int, _ column: Int, after milliseconds: Int = 0) -> MouseEvent.Kind? {
        gestures.event(for: MouseReport(action: action, row: row, column: column), at: start + .milliseconds(milliseconds))?.kind
    }

    @Test func pressAndReleaseOnOneCellIsAClick() {
        #expect(feed(.buttonDown, 3, 5) == .press)
        #expect(feed(.buttonUp, 3, 5, after: 80) == .click)
    }

    @Test func aSecondClickSoonAfterOnTheSameCellIsADoubleClick() {
        _ = feed(.buttonDown, 3, 5)
        #expect(feed(.buttonUp, 3, 5, after: 50) == .click)
        #expect(feed(.buttonDown, 3, 5, after: 150) == .press)
        #expect(feed(.buttonUp, 3, 5, after: 200) == .doubleClick)
        // A third click starts again.
        _ = feed(.buttonDown, 3, 5, after: 250)
        #expect(feed(.buttonUp, 3, 5, after: 300) == .click)
    }

    @Test func slowOrMovedSecondClicksAreClicks() {
        _ = feed(.buttonDown, 3, 5)
        _ = feed(.buttonUp, 3, 5)
        _ = feed(.buttonDown, 3, 5, after: 600)
        #expect(feed(.buttonUp, 3, 5, after: 650) == .click)
        _ = feed(.buttonDown, 4, 5, after: 700)
        #expect(feed(.buttonUp, 4, 5, after: 750) == .click)
    }

    @Test func movingWithTheButtonDownDragsAndEndsInARelease() {
        _ = feed(.buttonDown, 3, 5)
        #expect(feed(.motion, 3, 6) == .drag)
        #expect(feed(.motion, 3, 6) == nil, "no move, no drag")
        // curses reports some moves as presses again.
        #expect(feed(.buttonDown, 4, 6) == .drag)
        #expect(feed(.motion, 3, 5) == .drag)
        #expect(feed(.buttonUp, 3, 5) == .release, "back where it started, but it was a drag")
    }

    @Test func releasedElsewhereIsARelease() {
        _ = feed(.buttonDown, 3, 5)
        #expect(feed(.buttonUp, 3, 9) == .release)
    }

    @Test func movesAndReleasesWithNoPressAreDropped() {
        #expect(feed(.motion, 3, 5) == nil)
        #expect(feed(.buttonUp, 3, 5) == nil)
    }

    @Test func theWheelActsAtOnceEvenDuringADrag() {
        #expect(feed(.wheelUp, 1, 2) == .wheelUp)
        _ = feed(.buttonDown, 3, 5)
        #expect(feed(.wheelDown, 1, 2) == .wheelDown)
        #expect(feed(.buttonUp, 3, 5) == .click)
    }
}

/// The real path: curses' queue, `getmouse`, and `Key.mouse`.
@MainActor
@Suite struct TerminalMouseTests {
    @Test func reportsComeAsMouseKeysOnceTheMouseIsOn() throws {
        try withOffscreenTerminal { terminal in
            #expect(!terminal.hasMouse)
            #expect(terminal.enableMouse())
            #expect(terminal.hasMouse)
            terminal.queueMouse(state: rt_button1_pressed(), row: 2, column: 7)
            #expect(terminal.readKey(timeout: 0) == .mouse(MouseEvent(.press, row: 2, column: 7)))
            terminal.queueMouse(state: rt_button1_released(), row: 2, column: 7)
            #expect(terminal.readKey(timeout: 0) == .mouse(MouseEvent(.click, row: 2, column: 7)))
            terminal.queueMouse(state: rt_button5_pressed(), row: 1, column: 1)
            #expect(terminal.readKey(timeout: 0) == .mouse(MouseEvent(.wheelDown, row: 1, column: 1)))
        }
    }

    @Test func aTerminalWithoutAMouseLeavesItOff() throws {
        let terminal = try #require(Terminal.offscreen(width: 40, height: 10, type: "vt100"))
        defer { terminal.stop() }
        #expect(!terminal.enableMouse())
        #expect(!terminal.hasMouse)
    }
}

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
