import Testing
@testable import Terminal

@MainActor
@Suite struct TextFieldDrawingTests {
    @Test func showsTheTextWithTheCursorCellAfterIt() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "hello").draw(on: surface, row: 1, column: 2, width: 10)
            #expect(surface.lines()[1] == "  hello")
            #expect((2..<7).allSatisfy { surface.style(row: 1, column: $0) == .input })
            #expect(surface.style(row: 1, column: 7) == .cursor)
            #expect((8..<12).allSatisfy { surface.style(row: 1, column: $0) == .input })
            #expect(surface.style(row: 1, column: 12) == .normal)
        }
    }

    @Test func cursorCellIsTheCharacterUnderTheCursor() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            var field = TextField(text: "hello")
            _ = field.handle(.home)
            field.draw(on: surface, row: 0, column: 0, width: 10)
            #expect(surface.cell(row: 0, column: 0).text == "h")
            #expect(surface.style(row: 0, column: 0) == .cursor)
            #expect(surface.style(row: 0, column: 1) == .input)
        }
    }

    @Test func unfocusedFieldShowsNoCursor() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "hello").draw(on: surface, row: 0, column: 0, width: 10, focused: false)
            #expect((0..<10).allSatisfy { surface.style(row: 0, column: $0) == .input })
        }
    }

    @Test func monochromeCursorStandsOutFromTheReversedField() throws {
        try withOffscreenTerminal(color: false) { terminal in
            let surface = terminal.surface
            TextField(text: "ab").draw(on: surface, row: 0, column: 0, width: 6)
            let field = surface.cell(row: 0, column: 0).attributes
            let cursor = surface.cell(row: 0, column: 2).attributes
            #expect(field != cursor)
        }
    }

    @Test func longTextScrollsToKeepTheCursorVisible() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "abcdefghijklmnop").draw(on: surface, row: 0, column: 0, width: 6)
            #expect(surface.lines()[0] == "lmnop")
            #expect(surface.style(row: 0, column: 5) == .cursor)
            #expect(surface.style(row: 0, column: 6) == .normal)
        }
    }

    @Test func wideCharacterUnderTheCursorIsDrawn() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            var field = TextField(text: "ab東")
            _ = field.handle(.left)
            field.draw(on: surface, row: 0, column: 0, width: 3)
            #expect(surface.lines()[0] == "b東")
            #expect(surface.style(row: 0, column: 1) == .cursor)
        }
    }

    @Test func wideAndCombiningTextIsShownWhole() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField(text: "東京 cafe\u{301}").draw(on: surface, row: 0, column: 0, width: 12)
            #expect(surface.lines()[0] == "東京 cafe\u{301}")
            #expect(surface.style(row: 0, column: 9) == .cursor)
        }
    }

    @Test func theCursorCellFollowsTheCaretAndStaysInTheField() {
        var field = TextField(text: "Big Sur")
        #expect(field.cursorCell(row: 2, column: 10, width: 20).column == 17)
        #expect(field.cursorCell(row: 2, column: 10, width: 20).row == 2)
        _ = field.handle(.home)
        #expect(field.cursorCell(row: 2, column: 10, width: 20).column == 10)
        let long = TextField(text: String(repeating: "x", count: 50))
        #expect(long.cursorCell(row: 0, column: 0, width: 20).column == 19)
    }

    /// Issue 53: "none" sat one column right of the values above it, and looked like a value.
    @Test func aPlaceholderStartsAtTheFieldsFirstColumnInItsOwnStyle() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField().draw(on: surface, row: 0, column: 2, width: 10, focused: false, placeholder: "none")
            TextField(text: "80").draw(on: surface, row: 1, column: 2, width: 10, focused: false)
            #expect(surface.lines()[0] == "  none")
            #expect(surface.lines()[1] == "  80")
            #expect((2..<6).allSatisfy { surface.style(row: 0, column: $0) == .placeholder })
            #expect(surface.style(row: 0, column: 6) == .input)
        }
    }

    @Test func aFocusedEmptyFieldHasTheCursorOnThePlaceholdersFirstCharacter() throws {
        try withOffscreenTerminal(color: true) { terminal in
            let surface = terminal.surface
            TextField().draw(on: surface, row: 0, column: 0, width: 10, placeholder: "today", placingCursor: true)
            #expect(surface.lines()[0] == "today")
            #expect(surface.style(row: 0, column: 0) == .cursor)
            #expect(surface.style(row: 0, column: 1) == .placeholder)
            #expect(surface.cursorPosition?.column == 0)
        }
    }

    @Test func aPlaceholderDoesNotLookLikeTextWithOrWithoutColours() throws {
        for color in [true, false] {
            try withOffscreenTerminal(color: color) { terminal in
                let surface = terminal.surface
                TextField().draw(on: surface, row: 0, column: 0, width: 10, focused: false, placeholder: "none")
                TextField(text: "none").draw(on: surface, row: 1, column: 0, width: 10, focused: false)
                #expect(surface.cell(row: 0, column: 1).attributes != surface.cell(row: 1, column: 1).attributes, "colour: \(color)")
            }
        }
    }
}
