import Testing
@testable import Terminal

private func codes(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

/// The terminal's mouse reports, read from their characters after `ESC [`.
@Suite struct MouseReportTests {
    @Test func sgrPressAndReleaseOfTheLeftButton() {
        #expect(MouseReport.read(codes("<0;10;5M")) == .complete(MouseReport(action: .buttonDown, row: 4, column: 9)))
        #expect(MouseReport.read(codes("<0;10;5m")) == .complete(MouseReport(action: .buttonUp, row: 4, column: 9)))
    }

    @Test func sgrWheelAndMoves() {
        #expect(MouseReport.read(codes("<64;3;2M")) == .complete(MouseReport(action: .wheelUp, row: 1, column: 2)))
        #expect(MouseReport.read(codes("<65;3;2M")) == .complete(MouseReport(action: .wheelDown, row: 1, column: 2)))
        #expect(MouseReport.read(codes("<32;300;90M")) == .complete(MouseReport(action: .motion, row: 89, column: 299)), "wide terminals too")
    }

    @Test func sgrReportsNoScreenUsesAreReadWholeAndDropped() {
        for text in ["<2;3;3M", "<2;3;3m", "<1;3;3M", "<35;3;3M", "<66;3;3M", "<0;0;3M", "<0;3M", "<0;3;3X"] {
            #expect(MouseReport.read(codes(text)) == .complete(nil), "\(text)")
        }
    }

    @Test func partialReportsWaitForTheRest() {
        for text in ["<", "<0", "<0;10;", "<0;10;5", "M", "M !"] {
            #expect(MouseReport.read(codes(text)) == .incomplete, "\(text)")
        }
        #expect(MouseReport.read(codes("<" + String(repeating: "1", count: 40))) == .complete(nil), "garbage ends")
    }

    @Test func x10ReportsAreThreeCharactersOf32PlusAValue() {
        // Button 0 at column 10, row 5; then a release (button bits 3); then the wheel.
        #expect(MouseReport.read([77, 32, 42, 37]) == .complete(MouseReport(action: .buttonDown, row: 4, column: 9)))
        #expect(MouseReport.read([77, 35, 42, 37]) == .complete(MouseReport(action: .buttonUp, row: 4, column: 9)))
        #expect(MouseReport.read([77, 96, 33, 33]) == .complete(MouseReport(action: .wheelUp, row: 0, column: 0)))
    }

    @Test func afterEscapeBracketAMouseReportIsNotAKey() {
        #expect(EscapeSequence.read(codes("[<0;10;5M")) == .mouse(MouseReport(action: .buttonDown, row: 4, column: 9)))
        #expect(EscapeSequence.read(codes("[<0;10")) == .incomplete)
        #expect(EscapeSequence.read(codes("[<2;1;1M")) == .mouse(nil))
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
        // A press with no release between (the release was lost) is a move.
        #expect(feed(.buttonDown, 4, 6) == .drag)
        #expect(feed(.motion, 3, 5) == .drag)
        #expect(feed(.buttonUp, 3, 5) == .release, "back where it started, but it was a drag")
    }

    @Test func releasedElsewhereIsARelease() {
        _ = feed(.buttonDown, 3, 5)
        #expect(feed(.buttonUp, 3, 9) == .release)
    }

    @Test func aReleaseWithNoPressIsDropped() {
        #expect(feed(.buttonUp, 3, 5) == nil)
    }

    @Test func aMoveWithNoPressSeenStartsTheDrag() {
        #expect(feed(.motion, 3, 5) == .press)
        #expect(feed(.motion, 3, 6) == .drag)
        #expect(feed(.buttonUp, 3, 6) == .release)
    }

    @Test func theWheelActsAtOnceEvenDuringADrag() {
        #expect(feed(.wheelUp, 1, 2) == .wheelUp)
        _ = feed(.buttonDown, 3, 5)
        #expect(feed(.wheelDown, 1, 2) == .wheelDown)
        #expect(feed(.buttonUp, 3, 5) == .click)
    }
}

/// The real path: curses' queue (where its KEY_MOUSE takes the report's start), then the rest.
@MainActor
@Suite struct TerminalMouseTests {
    @Test func reportsComeAsMouseKeysOnceTheMouseIsOn() throws {
        try withOffscreenTerminal { terminal in
            #expect(!terminal.hasMouse)
            #expect(terminal.enableMouse())
            #expect(terminal.hasMouse)
            // A double click and a wheel turn in one burst: nothing is lost.
            terminal.queueInput("\u{1B}[<0;8;3M\u{1B}[<0;8;3m\u{1B}[<0;8;3M\u{1B}[<0;8;3m\u{1B}[<65;2;2Mx")
            var keys: [Key] = []
            while let key = terminal.readKey(timeout: 0) { keys.append(key) }
            #expect(keys == [
                .mouse(MouseEvent(.press, row: 2, column: 7)), .mouse(MouseEvent(.click, row: 2, column: 7)),
                .mouse(MouseEvent(.press, row: 2, column: 7)), .mouse(MouseEvent(.doubleClick, row: 2, column: 7)),
                .mouse(MouseEvent(.wheelDown, row: 1, column: 1)), .character("x"),
            ])
        }
    }

    @Test func withTheMouseOffReportsAreReadWholeAndDropped() throws {
        try withOffscreenTerminal { terminal in
            terminal.queueInput("\u{1B}[<0;8;3M\u{1B}[<0;8;3mm0")
            // A dropped report reads as no key, like a wait that timed out.
            let keys = (0..<8).compactMap { _ in terminal.readKey(timeout: 0) }
            #expect(keys.allSatisfy { $0 != .character(";") && $0 != .character("M") })
            #expect(keys.suffix(2) == [.character("m"), .character("0")], "keys typed after them still come")
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
