import CNCurses
import Testing
@testable import Terminal

private func character(_ code: UInt32) -> Key {
    Key.decode(code: code, isFunctionKey: false)
}

private func functionKey(_ code: Int32) -> Key {
    Key.decode(code: UInt32(bitPattern: code), isFunctionKey: true)
}

@Suite struct KeyDecodingTests {
    @Test func printableASCIIDecodesToItsCharacter() throws {
        for code in UInt32(32)...126 {
            let scalar = try #require(Unicode.Scalar(code))
            #expect(character(code) == .character(Character(scalar)), "code \(code)")
        }
    }

    @Test(arguments: ["é", "東", "😀", "ß", "Ж"])
    func nonASCIIUnicodeDecodesToItsCharacter(text: String) throws {
        let scalar = try #require(text.unicodeScalars.first)
        #expect(character(scalar.value) == .character(Character(text)))
    }

    @Test func lineFeedCarriageReturnAndKeypadEnterAreEnter() {
        #expect(character(10) == .enter)
        #expect(character(13) == .enter)
        #expect(functionKey(KEY_ENTER) == .enter)
    }

    @Test func escapeIs27() {
        #expect(character(27) == .escape)
    }

    @Test func deleteControlHAndKeyBackspaceAreBackspace() {
        #expect(character(127) == .backspace)
        #expect(character(8) == .backspace)
        #expect(functionKey(KEY_BACKSPACE) == .backspace)
    }

    @Test func tabIs9AndShiftTabIsKeyBTab() {
        #expect(character(9) == .tab)
        #expect(functionKey(KEY_BTAB) == .backTab)
    }

    @Test func controlCodesAreCtrlPlusLowerCaseLetter() {
        #expect(character(1) == .control("a"))
        #expect(character(5) == .control("e"))
        #expect(character(18) == .control("r"))
        #expect(character(21) == .control("u"))
        #expect(character(23) == .control("w"))
        #expect(character(26) == .control("z"))
    }

    @Test func arrowKeys() {
        #expect(functionKey(KEY_UP) == .up)
        #expect(functionKey(KEY_DOWN) == .down)
        #expect(functionKey(KEY_LEFT) == .left)
        #expect(functionKey(KEY_RIGHT) == .right)
    }

    @Test func shiftedArrowKeys() {
        #expect(functionKey(KEY_SR) == .shiftUp)
        #expect(functionKey(KEY_SF) == .shiftDown)
        #expect(functionKey(KEY_SLEFT) == .shiftLeft)
        #expect(functionKey(KEY_SRIGHT) == .shiftRight)
    }

    @Test func pageUpAndPageDown() {
        #expect(functionKey(KEY_PPAGE) == .pageUp)
        #expect(functionKey(KEY_NPAGE) == .pageDown)
    }

    @Test func homeAndEndIncludingKeypadCorners() {
        #expect(functionKey(KEY_HOME) == .home)
        #expect(functionKey(KEY_END) == .end)
        #expect(functionKey(KEY_A1) == .home)
        #expect(functionKey(KEY_C1) == .end)
    }

    @Test func deleteCharacterIsDelete() {
        #expect(functionKey(KEY_DC) == .delete)
    }

    @Test func functionKeysCarryTheirNumber() {
        #expect(functionKey(rt_key_f(1)) == .function(1))
        #expect(functionKey(rt_key_f(10)) == .function(10))
        #expect(functionKey(rt_key_f(12)) == .function(12))
    }

    @Test func resizeIsResize() {
        #expect(functionKey(KEY_RESIZE) == .resize)
    }

    @Test func theFunctionKeyFlagDecidesHowACodeReads() {
        // get_wch returns KEY_UP (259) as a key code; the character 259 is "ă".
        #expect(functionKey(KEY_UP) == .up)
        #expect(character(UInt32(KEY_UP)) == .character("ă"))
        #expect(functionKey(65) == .unknown(65))
    }

    @Test(arguments: [UInt32(0), 28, 31, 128, 155, 159, 0xD800, 0x110000])
    func controlAndInvalidCodesAreUnknownNotCharacters(code: UInt32) {
        #expect(character(code) == .unknown(code))
    }

    @Test func unhandledFunctionKeyIsUnknown() {
        #expect(functionKey(KEY_MOUSE) == .unknown(UInt32(KEY_MOUSE)))
        #expect(functionKey(rt_key_f(0)) == .unknown(UInt32(rt_key_f(0))))
    }
}

@Suite struct KeyDescriptionTests {
    @Test(arguments: [
        (Key.control("r"), "Ctrl-R"),
        (Key.control("w"), "Ctrl-W"),
        (Key.shiftUp, "Shift-↑"),
        (Key.shiftDown, "Shift-↓"),
        (Key.shiftLeft, "Shift-←"),
        (Key.shiftRight, "Shift-→"),
        (Key.pageUp, "PgUp"),
        (Key.pageDown, "PgDn"),
        (Key.up, "↑"),
        (Key.down, "↓"),
        (Key.left, "←"),
        (Key.right, "→"),
        (Key.home, "Home"),
        (Key.end, "End"),
        (Key.enter, "Enter"),
        (Key.escape, "Esc"),
        (Key.tab, "Tab"),
        (Key.backTab, "Shift-Tab"),
        (Key.backspace, "Backspace"),
        (Key.delete, "Delete"),
        (Key.function(5), "F5"),
        (Key.character(" "), "Space"),
        (Key.character("q"), "q"),
        (Key.character("東"), "東"),
    ])
    func descriptionNamesTheKeyAsHelpShowsIt(key: Key, expected: String) {
        #expect(key.description == expected)
    }

    @Test func decodedControlCodeDescribesItselfAsCtrlLetter() {
        #expect(character(18).description == "Ctrl-R")
        #expect(character(21).description == "Ctrl-U")
    }
}
