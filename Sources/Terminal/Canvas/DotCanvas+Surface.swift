import CNCurses
import TextCanvas

extension DotCanvas {
    /// Draws the canvas with its top left at (row, column) of `surface`. Dot cells go straight to
    /// curses one cell at a time with no String in between; text cells go through
    /// `Surface.text`, which knows wide and combining characters.
    @MainActor
    package func draw(on surface: Surface, row: Int = 0, column: Int = 0, glyphs: CanvasGlyphs = .preferred) {
        let looks = Style.allCases.map { surface.palette.attributes(for: $0) }
        var cell = cchar_t()
        var text: [wchar_t] = [0, 0]
        for y in 0..<height where row + y >= 0 && row + y < surface.height {
            for x in 0..<width where column + x >= 0 && column + x < surface.width {
                let index = y * width + x
                switch overlayKind[index] {
                case 0:
                    let look = looks[bits[index] == 0 ? 0 : Int(dotStyle[index])]
                    text[0] = wchar_t(bitPattern: glyphs.character(for: bits[index]).value)
                    rt_set_cell(&cell, text, look.attrs, look.pair)
                    mvwadd_wch(surface.window, Int32(row + y), Int32(column + x), &cell)
                case 1:
                    let glyph = overlay[index] ?? Glyph(scalars: [" "], width: 1)
                    if glyph.scalars.count == 1, (0x20...0x7E).contains(glyph.scalars[0].value) {
                        // A pin's digit or a label's letter: a crowded map has hundreds, and
                        // each needs no more than a dot cell does.
                        let look = looks[overlayStyle[index].rawValue]
                        text[0] = wchar_t(bitPattern: glyph.scalars[0].value)
                        rt_set_cell(&cell, text, look.attrs, look.pair)
                        mvwadd_wch(surface.window, Int32(row + y), Int32(column + x), &cell)
                        continue
                    }
                    surface.text(String(String.UnicodeScalarView(glyph.scalars)), row: row + y, column: column + x, width: glyph.width, style: overlayStyle[index])
                default:
                    break
                }
            }
        }
    }
}
