@testable import RoadtripTUI
import Terminal
import Testing

extension Navigator {
    /// What the navigator draws, help overlay and status bar included, on an off-screen terminal.
    @MainActor
    func drawnLines(width: Int = 100, height: Int = 24) throws -> [String] {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        defer { terminal.stop() }
        draw(on: terminal.surface)
        return terminal.surface.lines()
    }
}
