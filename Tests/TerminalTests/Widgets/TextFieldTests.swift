import Testing
@testable import Terminal
@testable import TextCanvas

/// On the main actor because scrolling measures text with the C locale (see TextWidthTests).
@MainActor
@Suite struct TextFieldTests {
    init() {
        TextWidth.adoptUTF8Locale()
    }

    private func field(_ text: String, cursor: Int) -> TextField {
        var field = TextField(text: text)
        _ = field.handle(.home)
        for _ in 0..<cursor { _ = field.handle(.right) }
        return field
    }

    @Test func startsWithTheCursorAfterTheText() {
        let field = TextField(text: "Lyon")
        #expect(field.text == "Lyon")
        #expect(field.cursor == 4)
    }

    @Test func settingTheTextMovesTheCursorToItsEnd() {
        var field = TextField(text: "abcdef")
        _ = field.handle(.home)
        field.text = "xy"
        #expect(field.cursor == 2)
    }

    @Test func typingInsertsAtTheCursor() {
        var field = field("ac", cursor: 1)
        #expect(field.handle(.character("b")) == .edited)
        #expect(field.text == "abc")
        #expect(field.cursor == 2)
    }

    @Test func leftAndRightMoveTheCursor() {
        var field = TextField(text: "abc")
        #expect(field.handle(.left) == .moved)
        #expect(field.cursor == 2)
        #expect(field.handle(.right) == .moved)
        #expect(field.cursor == 3)
        #expect(field.text == "abc")
    }

    @Test func cursorStopsAtBothEnds() {
        var field = TextField(text: "ab")
        #expect(field.handle(.right) == .ignored)
        #expect(field.cursor == 2)
        _ = field.handle(.home)
        #expect(field.handle(.left) == .ignored)
        #expect(field.cursor == 0)
    }

    @Test func homeAndEnd() {
        var field = TextField(text: "abcd")
        #expect(field.handle(.home) == .moved)
        #expect(field.cursor == 0)
        #expect(field.handle(.end) == .moved)
        #expect(field.cursor == 4)
    }

    @Test func ctrlAAndCtrlEMoveToStartAndEnd() {
        var field = TextField(text: "abcd")
        #expect(field.handle(.control("a")) == .moved)
        #expect(field.cursor == 0)
        #expect(field.handle(.control("e")) == .moved)
        #expect(field.cursor == 4)
    }

    @Test func backspaceAtTheStartIsIgnored() {
        var field = field("abc", cursor: 0)
        #expect(field.handle(.backspace) == .ignored)
        #expect(field.text == "abc")
        #expect(field.cursor == 0)
    }

    @Test func backspaceInTheMiddleDeletesTheCharacterBeforeTheCursor() {
        var field = field("abcd", cursor: 2)
        #expect(field.handle(.backspace) == .edited)
        #expect(field.text == "acd")
        #expect(field.cursor == 1)
    }

    @Test func deleteRemovesTheCharacterUnderTheCursor() {
        var field = field("abcd", cursor: 1)
        #expect(field.handle(.delete) == .edited)
        #expect(field.text == "acd")
        #expect(field.cursor == 1)
    }

    @Test func deleteAtTheEndIsIgnored() {
        var field = TextField(text: "ab")
        #expect(field.handle(.delete) == .ignored)
        #expect(field.text == "ab")
    }

    @Test func ctrlUClearsTheField() {
        var field = field("Paris to Rome", cursor: 5)
        #expect(field.handle(.control("u")) == .edited)
        #expect(field.text == "")
        #expect(field.cursor == 0)
        #expect(field.handle(.control("u")) == .ignored)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursorAndTheSpacesBeforeIt() {
        var field = TextField(text: "hello world  ")
        #expect(field.handle(.control("w")) == .edited)
        #expect(field.text == "hello ")
        #expect(field.cursor == 6)
    }

    @Test func ctrlWInTheMiddleKeepsTheTextAfterTheCursor() {
        var field = field("one two three", cursor: 7)
        #expect(field.handle(.control("w")) == .edited)
        #expect(field.text == "one  three")
        #expect(field.cursor == 4)
    }

    @Test func ctrlWAtTheStartIsIgnored() {
        var field = field("word", cursor: 0)
        #expect(field.handle(.control("w")) == .ignored)
        #expect(field.text == "word")
    }

    @Test func enterSubmitsWithoutChangingTheText() {
        var field = TextField(text: "Oslo")
        #expect(field.handle(.enter) == .submit)
        #expect(field.text == "Oslo")
    }

    @Test func escapeCancels() {
        var field = TextField(text: "Oslo")
        #expect(field.handle(.escape) == .cancel)
        #expect(field.text == "Oslo")
    }

    @Test(arguments: [Key.tab, .backTab, .up, .down, .pageUp, .control("r"), .function(2), .resize])
    func nonEditingKeysAreIgnored(key: Key) {
        var field = field("abc", cursor: 1)
        #expect(field.handle(key) == .ignored)
        #expect(field.text == "abc")
        #expect(field.cursor == 1)
    }

    @Test func wideCharactersAreEditedWhole() {
        var field = TextField(text: "東京😀")
        #expect(field.cursor == 3)
        _ = field.handle(.left)
        #expect(field.handle(.backspace) == .edited)
        #expect(field.text == "東😀")
        #expect(field.cursor == 1)
        _ = field.handle(.character("大"))
        #expect(field.text == "東大😀")
    }

    @Test func combiningSequenceIsOneCharacter() {
        var field = TextField(text: "cafe\u{301}")
        #expect(field.cursor == 4)
        #expect(field.handle(.backspace) == .edited)
        #expect(field.text == "caf")
    }

    @Test func shortTextIsShownFromItsStart() {
        #expect(TextField(text: "abc").firstVisibleCharacter(width: 10) == 0)
    }

    @Test func longTextScrollsSoTheCursorCellAfterItIsVisible() {
        // 9 columns of text before the cursor's blank cell in a 5-column field: shows "fghi" + cursor.
        #expect(TextField(text: "abcdefghi").firstVisibleCharacter(width: 5) == 5)
    }

    @Test func movingHomeScrollsBackToTheStart() {
        var field = TextField(text: "abcdefghijklmnop")
        _ = field.handle(.home)
        #expect(field.firstVisibleCharacter(width: 5) == 0)
    }

    @Test func wideTextScrollsByColumns() {
        // 阪 and 大 (4 columns) and the cursor cell fill 5 columns.
        #expect(TextField(text: "東京大阪").firstVisibleCharacter(width: 5) == 2)
    }

    @Test func wideCharacterUnderTheCursorStaysWhollyVisible() {
        let field = field("ab東", cursor: 2)
        #expect(field.firstVisibleCharacter(width: 3) == 1)
    }

    @Test func cursorIsVisibleAtEveryPositionAndWidth() {
        let texts = ["abcdefghijklmnopqrstuvwxyz", "東京大阪京都名古屋", "a東b京c大d阪", "e\u{301}x👍🏽y🇫🇷z\u{202E}w"]
        for text in texts {
            let count = Array(text).count
            for cursor in 0...count {
                let field = field(text, cursor: cursor)
                for width in 2...12 {
                    let start = field.firstVisibleCharacter(width: width)
                    let characters = Array(text)
                    let columns = characters[start..<cursor].reduce(0) { $0 + max(1, TextWidth.width(String($1))) }
                    let cursorCell = cursor < count ? max(1, TextWidth.width(String(characters[cursor]))) : 1
                    #expect(start <= cursor)
                    #expect(columns + cursorCell <= width, "\(text) cursor \(cursor) width \(width)")
                }
            }
        }
    }

    // MARK: Maximum length

    @Test func typingStopsAtTheMaximumLength() {
        var field = TextField(text: "ab", maximumLength: 3)
        #expect(field.handle(.character("c")) == .edited)
        #expect(field.handle(.character("d")) == .full)
        #expect(field.text == "abc")
        #expect(field.cursor == 3)
        _ = field.handle(.home)
        #expect(field.handle(.character("x")) == .full)
        #expect(field.text == "abc")
    }

    @Test func aLongerTextIsKeptWholeAndCanBeShortened() {
        var field = TextField(text: "abcdef", maximumLength: 3)
        #expect(field.text == "abcdef")
        #expect(field.handle(.character("g")) == .full)
        #expect(field.handle(.backspace) == .edited)
        #expect(field.text == "abcde")
        field.text = "0123456789"
        #expect(field.text == "0123456789")
        #expect(field.maximumLength == 3)
        #expect(field.handle(.control("u")) == .edited)
        #expect(field.handle(.character("a")) == .edited)
    }

    @Test func aHundredThousandCharacterPasteIsCutAtOnce() {
        var field = TextField(maximumLength: 200)
        var outcomes: [TextField.Outcome: Int] = [:]
        for character in String(repeating: "Tour ", count: 20_000) {
            outcomes[field.handle(.character(character)), default: 0] += 1
            _ = field.text
        }
        #expect(field.text == String(String(repeating: "Tour ", count: 40).prefix(200)))
        #expect(outcomes == [.edited: 200, .full: 99_800])
    }

    /// Reading the text after every key used to rebuild it from all the characters: a paste
    /// into an unbounded field (notes) took quadratic time. Now it is kept in step: the text is
    /// right after every key of a 100,000-character paste. How long that takes is measured by
    /// `make bench` (`roadtrip-bench --text-field`), not here.
    @Test func theTextIsRightAfterEveryKeyOfALongPaste() {
        var field = TextField()
        let piece = "é東x😀 "
        var typed = 0
        for character in String(repeating: piece, count: 20_000) {
            _ = field.handle(.character(character))
            typed += String(character).utf8.count
            guard field.text.utf8.count == typed else { return #expect(field.text.utf8.count == typed, "after \(typed) bytes") }
        }
        #expect(field.text == String(repeating: piece, count: 20_000))
    }

    // MARK: The text stays in step with every edit

    @Test(arguments: [1, 2, 3, 4, 5])
    func textFollowsEveryEdit(seed: UInt64) {
        let alphabet: [Character] = ["a", "b", " ", "é", "e", "\u{301}", "東", "😀", "🇫", "🇷", "👍🏽", "\u{200D}"]
        let keys: [Key] = [.left, .right, .home, .end, .backspace, .delete, .control("w"), .control("a"), .control("e"), .control("b"), .control("f")]
        var field = TextField(text: "start", maximumLength: seed == 5 ? 12 : nil)
        var model = Array("start")
        var cursor = model.count
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let key: Key = next(3) == 0 ? keys[next(keys.count)] : .character(alphabet[next(alphabet.count)])
            switch key {
            case .character(let character):
                if field.maximumLength.map({ model.count < $0 }) ?? true {
                    model.insert(character, at: cursor)
                    cursor += 1
                }
            case .left, .control("b"): cursor = max(0, cursor - 1)
            case .right, .control("f"): cursor = min(model.count, cursor + 1)
            case .home, .control("a"): cursor = 0
            case .end, .control("e"): cursor = model.count
            case .backspace:
                if cursor > 0 {
                    model.remove(at: cursor - 1)
                    cursor -= 1
                }
            case .delete:
                if cursor < model.count { model.remove(at: cursor) }
            case .control("w"):
                var start = cursor
                while start > 0, model[start - 1].isWhitespace { start -= 1 }
                while start > 0, !model[start - 1].isWhitespace { start -= 1 }
                model.removeSubrange(start..<cursor)
                cursor = start
            default: break
            }
            _ = field.handle(key)
            #expect(field.text == String(model), "after \(key)")
            #expect(field.text.unicodeScalars.elementsEqual(model.flatMap(\.unicodeScalars)), "after \(key)")
            #expect(field.cursor == cursor, "after \(key)")
            if field.text != String(model) || field.cursor != cursor { return }
        }
    }
}

@Suite struct TextFieldSelectionTests {
    @Test func typingReplacesASelectedText() {
        var field = TextField(text: "Alpine Loop", selected: true)
        #expect(field.isSelected)
        #expect(field.handle(.character("D")) == .edited)
        #expect(field.text == "D" && !field.isSelected)
    }

    @Test func backspaceDeleteAndCtrlUClearIt() {
        for key in [Key.backspace, .delete, .control("u"), .control("w")] {
            var field = TextField(text: "Alpine Loop", selected: true)
            #expect(field.handle(key) == .edited)
            #expect(field.text.isEmpty, "\(key)")
        }
    }

    @Test func movingDropsTheSelectionAndMoves() {
        var field = TextField(text: "Alpine", selected: true)
        #expect(field.handle(.home) == .moved)
        #expect(!field.isSelected && field.cursor == 0)
        _ = field.handle(.character("X"))
        #expect(field.text == "XAlpine")
        var end = TextField(text: "Alpine", selected: true)
        _ = end.handle(.left)
        _ = end.handle(.character("X"))
        #expect(end.text == "AlpinXe")
    }

    @Test func enterAndEscLeaveItAndAnEmptyTextIsNeverSelected() {
        var field = TextField(text: "Alpine", selected: true)
        #expect(field.handle(.enter) == .submit)
        #expect(field.handle(.escape) == .cancel)
        #expect(field.isSelected && field.text == "Alpine")
        #expect(!TextField(text: "", selected: true).isSelected)
    }
}

/// Issue 53: one rule for every field: taking the focus selects what it holds.
@Suite struct TextFieldFocusTests {
    @Test func selectingTakesTheWholeTextWithTheCursorAfterIt() {
        var field = TextField(text: "8")
        _ = field.handle(.home)
        field.select()
        #expect(field.isSelected && field.cursor == 1)
        for character in "0.5" { _ = field.handle(.character(character)) }
        #expect(field.text == "0.5")
    }

    @Test func anEmptyFieldHasNothingToSelect() {
        var field = TextField()
        field.select()
        #expect(!field.isSelected)
    }

    /// → at the end cannot move the cursor, but the selection going is a change to draw.
    @Test func anArrowThatCannotMoveStillDropsTheSelectionAndSaysSo() {
        var field = TextField(text: "8")
        field.select()
        #expect(field.handle(.right) == .moved)
        #expect(!field.isSelected && field.text == "8")
        _ = field.handle(.character("5"))
        #expect(field.text == "85")
    }
}
