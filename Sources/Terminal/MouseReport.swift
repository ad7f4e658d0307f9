import CNCurses

/// One report of the terminal's mouse as curses gives it (`getmouse`): a button change, a move
/// with the button held, or a wheel turn, at a cell. Clicks are not curses' business here
/// (`mouseinterval(0)`): `MouseGestures` makes them, so a press never waits for its release.
struct MouseReport: Equatable {
    enum Action: Equatable {
        case buttonDown, buttonUp, motion, wheelUp, wheelDown
    }

    let action: Action
    let row: Int
    let column: Int

    /// The report for curses' button state `state`, or nil for one no screen uses (buttons 2
    /// and 3, or a state with nothing in it).
    static func decode(state: mmask_t, row: Int, column: Int) -> MouseReport? {
        // Wheel turns are presses of buttons 4 and 5; xterm and tmux send no release for them.
        let actions: [(mmask_t, Action)] = [
            (rt_button4_pressed(), .wheelUp), (rt_button5_pressed(), .wheelDown),
            (rt_button1_pressed(), .buttonDown), (rt_button1_released(), .buttonUp),
            (rt_report_mouse_position(), .motion),
        ]
        guard let action = actions.first(where: { state & $0.0 != 0 })?.1 else { return nil }
        return MouseReport(action: action, row: row, column: column)
    }

    /// What `mousemask` is asked for: button 1 down and up, the wheel, and moves (which curses
    /// reports only while the terminal sends them: `MouseMode`).
    static var mask: mmask_t {
        rt_button1_pressed() | rt_button1_released() | rt_button4_pressed() | rt_button5_pressed() | rt_report_mouse_position()
    }
}
