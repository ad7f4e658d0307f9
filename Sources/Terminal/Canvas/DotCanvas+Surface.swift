import CNCurses
import TextCanvas

extension DotCanvas {
    /// Draws the canvas with its top left at (row, column) of `surface`. Dot cells and ASCII
    /// text cells go straight to curses with no String in between, each run of cells in one look
    /// in one call; other text cells go through `Surface.text`, which knows wide and combining
    /// characters.
    @MainActor
    package func draw(on surface: Surface, row: Int = 0, column: Int = 0, glyphs: CanvasGlyphs = .preferred) {
        let looks = Style.allCases.map { surface.palette.attributes(for: $0) }
        let window = surface.window
        let first = max(0, -column), last = min(width, surface.width - column)
        guard first < last else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: last - first) { run in
            for y in 0..<height where row + y >= 0 && row + y < surface.height {
                var (count, start, look) = (0, first, 0)
                func flush() {
                    if count > 0 {
                        _ = rt_add_narrow_run(window, Int32(row + y), Int32(column + start), run.baseAddress, Int32(count), looks[look].attrs, looks[look].pair)
                    }
                    count = 0
                }
                for x in first..<last {
                    let index = y * width + x
                    let cellLook: Int, scalar: UInt32
                    switch overlayKind[index] {
                    case 0:
                        (cellLook, scalar) = (bits[index] == 0 ? 0 : Int(dotStyle[index]), glyphs.character(for: bits[index]).value)
                    case 1:
                        let code = overlayCode[index]
                        guard (0x20...0x7E).contains(code) else {
                            flush()
                            let glyph = self.glyph(atCell: index) ?? Glyph(scalars: [" "], width: 1)
                            surface.text(
                                String(String.UnicodeScalarView(glyph.scalars)), row: row + y, column: column + x, width: glyph.width,
                                style: overlayStyle[index])
                            continue
                        }
                        // A pin's digit or a label's letter: a crowded map has hundreds, and each
                        // needs no more than a dot cell does.
                        (cellLook, scalar) = (overlayStyle[index].rawValue, code)
                    default:
                        flush() // the right half of a wide character drawn before it
                        continue
                    }
                    if count == 0 || cellLook != look {
                        flush()
                        (start, look) = (x, cellLook)
                    }
                    run[count] = scalar
                    count += 1
                }
                flush()
            }
        }
    }
}
