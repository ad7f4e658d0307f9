import Testing
@testable import Terminal

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
