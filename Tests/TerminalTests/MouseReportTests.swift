import Testing
@testable import Terminal

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
