import CNCurses
import TextCanvas

/// How each `Style` is drawn: curses attributes plus, when colours are in use, a colour pair.
struct Palette {
    let usesColor: Bool

    func attributes(for style: Style) -> (attrs: attr_t, pair: Int16) {
        if usesColor, let colors = colorPair(for: style) {
            return (extraAttributes(for: style), colors.pair)
        }
        return (monochromeAttributes(for: style), 0)
    }

    /// Foreground/background per style; -1 is the terminal's own default colour.
    private func colorPair(for style: Style) -> (fg: Int16, bg: Int16, pair: Int16)? {
        let pair = Int16(style.rawValue)
        switch style {
        case .normal: return nil
        case .title: return (Int16(COLOR_CYAN), -1, pair)
        case .header: return (Int16(COLOR_YELLOW), -1, pair)
        case .selected: return (Int16(COLOR_BLACK), Int16(COLOR_CYAN), pair)
        // Secondary text: the terminal's own colour, faint (blue is unreadable on dark themes).
        case .dim: return (-1, -1, pair)
        case .accent: return (Int16(COLOR_GREEN), -1, pair)
        case .statusBar: return (Int16(COLOR_WHITE), Int16(COLOR_BLUE), pair)
        case .statusKey: return (Int16(COLOR_YELLOW), Int16(COLOR_BLUE), pair)
        case .message: return (Int16(COLOR_BLACK), Int16(COLOR_GREEN), pair)
        case .error: return (Int16(COLOR_WHITE), Int16(COLOR_RED), pair)
        case .border: return (Int16(COLOR_CYAN), -1, pair)
        case .input: return (Int16(COLOR_BLACK), Int16(COLOR_WHITE), pair)
        case .cursor: return (Int16(COLOR_WHITE), Int16(COLOR_BLACK), pair)
        case .placeholder: return (Int16(COLOR_BLUE), Int16(COLOR_WHITE), pair)
        case .mapWater: return (Int16(COLOR_BLUE), -1, pair)
        case .mapCoast: return (Int16(COLOR_GREEN), -1, pair)
        case .mapBorder: return (Int16(COLOR_MAGENTA), -1, pair)
        case .mapRoute: return (Int16(COLOR_RED), -1, pair)
        case .mapPin: return (Int16(COLOR_BLACK), Int16(COLOR_YELLOW), pair)
        case .mapPinSelected: return (Int16(COLOR_WHITE), Int16(COLOR_RED), pair)
        case .mapLabel: return (Int16(COLOR_WHITE), -1, pair)
        case .mapScale: return (Int16(COLOR_YELLOW), -1, pair)
        case .mapRouteEstimate: return (Int16(COLOR_RED), -1, pair)
        case .mapPlace: return (Int16(COLOR_CYAN), -1, pair)
        case .match: return (Int16(COLOR_BLACK), Int16(COLOR_YELLOW), pair)
        }
    }

    private func extraAttributes(for style: Style) -> attr_t {
        switch style {
        case .title, .statusKey, .header, .mapRoute, .mapPin, .mapPinSelected, .mapPlace: return rt_a_bold()
        case .dim, .mapBorder, .mapRouteEstimate: return rt_a_dim()
        // Faint and slanted, beside the field's own colour: what an empty field means is never
        // taken for a value typed (issue 53: the stop editor's Name looked filled in).
        case .placeholder: return rt_a_dim() | rt_a_italic()
        default: return rt_a_normal()
        }
    }

    private func monochromeAttributes(for style: Style) -> attr_t {
        switch style {
        case .normal, .border, .accent, .cursor: return rt_a_normal()
        case .title, .header: return rt_a_bold()
        case .selected, .statusBar, .message, .input: return rt_a_reverse()
        case .placeholder: return rt_a_reverse() | rt_a_dim() | rt_a_italic()
        case .statusKey: return rt_a_reverse() | rt_a_bold()
        case .error: return rt_a_reverse() | rt_a_bold()
        case .dim: return rt_a_dim()
        // Without colour the map is told apart by weight: faint water and borders, plain coast,
        // a bold route, pins in reverse video (the selected one also bold), other places bold.
        case .mapWater, .mapBorder, .mapRouteEstimate: return rt_a_dim()
        case .mapCoast, .mapLabel, .mapScale: return rt_a_normal()
        case .mapRoute, .mapPlace: return rt_a_bold()
        case .mapPin: return rt_a_reverse()
        case .mapPinSelected: return rt_a_reverse() | rt_a_bold()
        // Underlined rather than reversed, so that a match shows inside the reversed selection too.
        case .match: return rt_a_underline() | rt_a_bold()
        }
    }

    /// Registers the colour pairs with curses; call once after `start_color`.
    func install() {
        guard usesColor else { return }
        for style in Style.allCases {
            if let colors = colorPair(for: style) {
                init_pair(colors.pair, colors.fg, colors.bg)
            }
        }
    }
}
