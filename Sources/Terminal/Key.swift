import CNCurses

/// A key press, decoded once from curses so that nothing above the terminal layer sees key codes.
package enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case enter, escape, tab, backTab, backspace, delete
    case pageUp, pageDown, home, end
    /// Ctrl plus a lower-case letter (`Ctrl-R` is `.control("r")`).
    case control(Character)
    case function(Int)
    case resize
    /// A click, a drag or a wheel turn (only while the mouse is on: `Terminal.enableMouse`).
    case mouse(MouseEvent)
    case unknown(UInt32)

    package var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftUp: return "Shift-↑"
        case .shiftDown: return "Shift-↓"
        case .shiftLeft: return "Shift-←"
        case .shiftRight: return "Shift-→"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .control(let c): return "Ctrl-\(String(c).uppercased())"
        case .function(let n): return "F\(n)"
        case .resize: return "Resize"
        case .mouse(let event): return event.description
        case .unknown(let code): return "Key \(code)"
        }
    }

    /// Turns what `get_wch` returned into a key: `isFunctionKey` is true for `KEY_CODE_YES`.
    package static func decode(code: UInt32, isFunctionKey: Bool) -> Key {
        isFunctionKey ? decodeFunctionKey(Int32(truncatingIfNeeded: code)) : decodeCharacter(code)
    }

    static func decodeCharacter(_ code: UInt32) -> Key {
        switch code {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code + 96))))
        case 0, 28...31, 128...159: return .unknown(code)
        default:
            guard let scalar = Unicode.Scalar(code) else { return .unknown(code) }
            return .character(Character(scalar))
        }
    }

    static func decodeFunctionKey(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case rt_key_f(1)...rt_key_f(63): return .function(Int(code - rt_key_f(0)))
        default: return .unknown(UInt32(bitPattern: code))
        }
    }
}
