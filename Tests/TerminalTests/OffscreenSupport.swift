import Testing
@testable import Terminal

/// Runs `body` with an off-screen curses session and always stops it afterwards. Curses is global
/// state: callers are `@MainActor` and synchronous, so no two sessions ever overlap.
@MainActor
func withOffscreenTerminal(width: Int = 40, height: Int = 10, color: Bool = false, _ body: (Terminal) throws -> Void) throws {
    let terminal = try #require(Terminal.offscreen(width: width, height: height, color: color))
    defer { terminal.stop() }
    try body(terminal)
}

/// A row of `count` spaces, to say where text starts in `Surface.lines()`.
func spaces(_ count: Int) -> String {
    String(repeating: " ", count: count)
}
