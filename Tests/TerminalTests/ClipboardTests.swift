import Testing
@testable import Terminal

@Suite struct ClipboardTests {
    @Test func osc52CarriesTheTextInBase64EndedByBEL() {
        let sequence = Clipboard.sequence(copying: "https://maps.example/?a=1&b=2")
        #expect(Array(sequence.utf8.prefix(7)) == [0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B]) // ESC ] 5 2 ; c ;
        #expect(sequence == "\u{1B}]52;c;aHR0cHM6Ly9tYXBzLmV4YW1wbGUvP2E9MSZiPTI=\u{07}")
        #expect(sequence.utf8.last == 0x07)
    }

    @Test func nonASCIITextIsSentAsUTF8() {
        #expect(Clipboard.sequence(copying: "Füssen") == "\u{1B}]52;c;RsO8c3Nlbg==\u{07}")
    }

    @MainActor
    @Test func aPrintedLineSavesTheCursorMovesToItsRowAndRestoresIt() {
        #expect(Terminal.printing("https://x", row: 4) == "\u{1B}7\u{1B}[0m\u{1B}[5;1Hhttps://x\u{1B}8")
    }
}
