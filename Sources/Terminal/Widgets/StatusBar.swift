import ScreenModels
import TextCanvas
/// The bottom line: a message when there is one, then the main keys of the screen.
///
/// The hints come in the screen's order of importance and only whole hints are shown: the first
/// ones that fit, never one cut mid-word. The help key (`?`), wherever it stands in the list,
/// keeps its place at the end while there is room for it at all, since it leads to every key
/// the bar has no room for (issue 25: at 80 columns the bar cut "Settings" in two and never
/// showed `O`, `e`, `L` or `S`).
package enum StatusBar {
    /// The cells one hint takes: " key label ".
    static func width(of hint: KeyHint) -> Int {
        TextWidth.width(hint.key) + TextWidth.width(hint.label) + 3
    }

    /// The hints shown in `width` columns: the first that fit whole, in order, then `?` help.
    package static func fitting(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        let help = hints.first { $0.key == "?" }
        var room = width - (help.map(Self.width) ?? 0)
        if room < 0 { return fittingInOrder(hints.filter { $0 != help }, width: width) }
        var shown: [KeyHint] = []
        for hint in hints where hint != help {
            let needed = Self.width(of: hint)
            if needed > room { break }
            shown.append(hint)
            room -= needed
        }
        return shown + (help.map { [$0] } ?? [])
    }

    private static func fittingInOrder(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        var room = width
        var shown: [KeyHint] = []
        for hint in hints {
            let needed = Self.width(of: hint)
            if needed > room { break }
            shown.append(hint)
            room -= needed
        }
        return shown
    }

    @MainActor
    package static func draw(on surface: Surface, row: Int, hints: [KeyHint], message: StatusMessage?) {
        let width = surface.width
        surface.fill(row: row, column: 0, width: width, style: .statusBar)
        var x = 0
        if let message {
            x += surface.text(" \(message.text) ", row: row, column: 0, width: width, style: message.isError ? .error : .message)
            x += 1
        }
        for hint in fitting(hints, width: width - x) {
            x += surface.text(" \(hint.key)", row: row, column: x, style: .statusKey)
            x += surface.text(" \(hint.label) ", row: row, column: x, style: .statusBar)
        }
    }
}
