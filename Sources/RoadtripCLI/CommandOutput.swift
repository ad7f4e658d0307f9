import Foundation
import TextCanvas

/// Where every command's output goes: standard output written with write(2), so that a failed
/// write is seen and reported (`print` buffers, and its errors are lost); text made printable
/// for the terminal by the same rules as the screen; JSON with terminal controls escaped.
enum CommandOutput {
    /// Standard output could not be written.
    struct WriteError: Error, CustomStringConvertible {
        /// errno of the failed write.
        let code: Int32
        /// What was done before the output failed, when the command changed something
        /// ("Created “Coast”"), so that nobody believes it was not done.
        var done: String?

        /// The reader of the pipe went away (`roadtrip list | head -1`): not worth a message.
        var isBrokenPipe: Bool { code == EPIPE }

        var description: String {
            // A standard output closed at start is reopened read-only (see `protectStandardStreams`).
            let reason = code == EBADF ? "standard output is closed" : String(cString: strerror(code))
            return done.map { "\($0), but cannot write the output: \(reason)." } ?? "cannot write the output: \(reason)."
        }
    }

    /// Prints text made for the terminal: the commands build it from `TextWidth.printable`
    /// lines and `TextTable` cells, so it holds no escape sequence or other control character
    /// (and only ASCII outside UTF-8).
    static func printText(_ text: String) throws {
        try write(text, to: STDOUT_FILENO)
    }

    /// Prints one JSON document and a newline. The values stay exact; the characters a terminal
    /// would act on, which JSONEncoder leaves as they are, are written as \u escapes.
    static func printJSON(_ json: String) throws {
        try write(escapingTerminalControls(json) + "\n", to: STDOUT_FILENO)
    }

    /// A line for the user on standard error, printable like the output. A failure to write it
    /// is ignored: there is nowhere left to report it.
    static func note(_ line: String) {
        try? write(TextWidth.printable(line) + "\n", to: STDERR_FILENO)
    }

    /// Writes all of `text`, however many write(2) calls it takes.
    static func write(_ text: String, to descriptor: Int32) throws {
        var text = text
        try text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Foundation.write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(code: errno)
                }
                next += written
                left -= written
            }
        }
    }

    /// JSON text with DEL, the C1 controls (U+0080–U+009F: U+009B is a CSI to some terminals),
    /// the line and paragraph separators and the bidirectional controls as \u escapes. JSONEncoder
    /// escapes only U+0000–U+001F; these only ever occur inside strings, so escaping them keeps
    /// the document's values exactly as they were.
    static func escapingTerminalControls(_ json: String) -> String {
        // Each of these characters starts, in UTF-8, with one of four bytes.
        guard json.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isTerminalControl(scalar) {
                // Scalar by scalar: `append(contentsOf:)` copies the whole view on every call
                // (docs/PITFALLS.md), quadratic in a long name full of these characters.
                let hex = String(scalar.value, radix: 16)
                for digit in ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars { escaped.append(digit) }
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    private static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F, 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Reopens standard input, output or error on /dev/null when the program starts with one of
    /// them closed (`roadtrip list >&-`). Otherwise the next file the program opens — the data
    /// file, its lock, the temporary file of a save — takes that number, and output or error
    /// messages would be written into it. Standard output is reopened read-only, so that writing
    /// the output fails (EBADF) and the command says so, instead of printing into nothing.
    static func protectStandardStreams() {
        for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)] {
            guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
            // open returns the lowest free number: this one, as the ones below it are open.
            let opened = open("/dev/null", flags)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// A command that was given right but cannot be done (a trip too large to plan, a file that
/// cannot be written): status 1 and the sentence, without the usage line of status 64.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
