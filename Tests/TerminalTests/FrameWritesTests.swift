import Foundation
import Testing
@testable import Terminal

/// A frame leaves in one write, or a few when it is larger than curses' buffer: ncurses would
/// otherwise flush after every cursor move (see `Terminal.setUpModes`), and a terminal shows
/// what it has been sent so far, half a frame.
@MainActor
@Suite struct FrameWritesTests {
    @Test func aWholeScreenOfNewTextLeavesInOneOrTwoWrites() throws {
        try withOffscreenTerminal(width: 80, height: 24) { terminal in
            terminal.update()
            for row in 0..<24 {
                terminal.surface.text("Row \(row): " + String(repeating: "abcdefghij", count: 5), row: row, column: row % 7)
            }
            let before = try #require(Self.writesOfThisThread())
            terminal.update()
            let after = try #require(Self.writesOfThisThread())
            // 24 rows of 60 characters, each row somewhere else: about 1,700 bytes of a
            // buffer of (24 + 2) × (80 + 6) = 2,236.
            #expect(after.bytes - before.bytes > 1_400, "the frame should have been sent: \(after.bytes - before.bytes) bytes")
            #expect(after.calls - before.calls <= 2, "\(after.calls - before.calls) writes for one frame")
        }
    }

    /// The write calls and bytes this thread has made (`/proc/thread-self/io`: other threads'
    /// writes, parallel tests', are not counted).
    private static func writesOfThisThread() -> (calls: Int, bytes: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return nil }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) {
                fields[String(parts[0])] = value
            }
        }
        guard let calls = fields["syscw"], let bytes = fields["wchar"] else { return nil }
        return (calls, bytes)
    }
}
