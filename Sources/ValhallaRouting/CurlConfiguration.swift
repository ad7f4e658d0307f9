import Foundation

/// What curl is told on its standard input (`--config -`) rather than on its command line: the
/// user and password of the service's address, and the request's body.
///
/// A command line is for anyone to read (`/proc/PID/cmdline`, `ps`), and curl blanks a `--user`
/// given there only once it runs, a moment after it starts; a pipe is roadtrip's and curl's alone.
/// The body goes in the same text, since curl reads its configuration to the end of standard
/// input before it sends anything (the body could no longer follow there as `--data-binary @-`):
/// as `json` pieces, which curl joins as they are (curl 7.82 and later; `data` pieces would be
/// joined with `&`), each short enough for the lines curl 7.88 reads (at most 100 KB).
enum CurlConfiguration {
    /// The bytes of a piece of the body: 32 KB, at most 64 KB once quoted.
    static let pieceBytes = 32 * 1_024

    /// The configuration's text: a `user` line when there are `credentials`, and the body's pieces.
    static func text(credentials: String?, body: Data?) -> Data {
        var text = Data()
        if let credentials { text.append(line("user", Data(credentials.utf8))) }
        if let body {
            for piece in pieces(of: body) { text.append(line("json", piece)) }
        }
        return text
    }

    /// `body` cut every `pieceBytes`, never before an `@`: a value starting with one is the name
    /// of a file for curl to read (and a JSON body starts with `{`).
    static func pieces(of body: Data) -> [Data] {
        var pieces: [Data] = []
        var start = body.startIndex
        while start < body.endIndex {
            var end = min(start + pieceBytes, body.endIndex)
            while end < body.endIndex, body[end] == UInt8(ascii: "@") { end += 1 }
            pieces.append(body[start..<end])
            start = end
        }
        return pieces
    }

    /// `name = "value"`, the value quoted as curl reads it back: a backslash before `\` and `"`,
    /// and line breaks and tabs written `\n`, `\r`, `\t`, so that the value stays on its line.
    static func line(_ name: String, _ value: Data) -> Data {
        var line = Data("\(name) = \"".utf8)
        line.reserveCapacity(value.count * 2 + name.utf8.count + 6)
        for byte in value {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): line.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case UInt8(ascii: "\n"): line.append(contentsOf: Array("\\n".utf8))
            case UInt8(ascii: "\r"): line.append(contentsOf: Array("\\r".utf8))
            case UInt8(ascii: "\t"): line.append(contentsOf: Array("\\t".utf8))
            default: line.append(byte)
            }
        }
        line.append(contentsOf: Array("\"\n".utf8))
        return line
    }
}
