import Testing
@testable import Terminal
@testable import TextCanvas

@Suite struct FormDialogTests {
    func makeForm() -> FormDialog {
        FormDialog(title: "Add a stop", fields: [("Name", "Big Sur"), ("Coordinates", "")])
    }

    @Test func startsOnTheFirstFieldWithTheGivenValues() {
        let form = makeForm()
        #expect(form.focus == 0)
        #expect(form.values == ["Big Sur", ""])
    }

    @Test func tabAndArrowsMoveBetweenFieldsAndWrap() {
        var form = makeForm()
        #expect(form.handle(.tab) == .handled)
        #expect(form.focus == 1)
        #expect(form.handle(.tab) == .handled)
        #expect(form.focus == 0)
        #expect(form.handle(.backTab) == .handled)
        #expect(form.focus == 1)
        _ = form.handle(.up)
        #expect(form.focus == 0)
        _ = form.handle(.down)
        #expect(form.focus == 1)
    }

    @Test func typingGoesToTheFocusedField() {
        var form = makeForm()
        _ = form.handle(.tab)
        for character in "36.27, -121.8" { _ = form.handle(.character(character)) }
        #expect(form.values == ["Big Sur", "36.27, -121.8"])
    }

    @Test func enterSubmitsAllValuesAndEscapeCancels() {
        var form = makeForm()
        #expect(form.handle(.enter) == .submit(["Big Sur", ""]))
        #expect(form.handle(.escape) == .cancel)
    }

    @Test func anErrorLastsUntilTheNextEdit() {
        var form = makeForm()
        form.error = "Bad coordinates."
        _ = form.handle(.tab)
        #expect(form.error == "Bad coordinates.")
        _ = form.handle(.character("1"))
        #expect(form.error == nil)
    }

    @Test func keysThatDoNothingAreIgnored() {
        var form = makeForm()
        #expect(form.handle(.function(3)) == .ignored)
    }

    @MainActor
    @Test func drawsTitleLabelsValuesErrorAndHint() throws {
        try withOffscreenTerminal(width: 60, height: 12) { terminal in
            var form = makeForm()
            form.error = "Latitude 91.0 is out of range."
            form.draw(on: terminal.surface)
            let text = terminal.surface.lines().joined(separator: "\n")
            #expect(text.contains("Add a stop"))
            #expect(text.contains("Name") && text.contains("Big Sur"))
            #expect(text.contains("Coordinates"))
            #expect(text.contains("Latitude 91.0 is out of range."))
            #expect(text.contains("Enter OK"))
        }
    }

    func makeSettings() -> FormDialog {
        FormDialog(
            title: "Settings",
            fields: [
                .text("Start time", "09:00", help: "When each day's driving starts."),
                .tick("End days by sunset", false, help: "Yes: a leg that would arrive after sunset waits for the next morning."),
            ])
    }

    @Test func spaceTicksAndUnticksAYesNoBoxAndTheValueIsYesOrNo() {
        var form = makeSettings()
        _ = form.handle(.tab)
        #expect(form.values == ["09:00", "no"])
        #expect(form.handle(.character(" ")) == .handled)
        #expect(form.values == ["09:00", "yes"])
        #expect(form.handle(.character(" ")) == .handled)
        #expect(form.values == ["09:00", "no"])
    }

    @Test func yAndNSetATickBoxAndOtherLettersDoNothing() {
        var form = makeSettings()
        _ = form.handle(.tab)
        _ = form.handle(.character("y"))
        #expect(form.values[1] == "yes")
        _ = form.handle(.character("y"))
        #expect(form.values[1] == "yes")
        #expect(form.handle(.character("q")) == .ignored)
        _ = form.handle(.character("n"))
        #expect(form.values[1] == "no")
    }

    @Test func spaceInATextFieldIsText() {
        var form = makeSettings()
        _ = form.handle(.end) // the text is selected as the form opens: End keeps it
        _ = form.handle(.character(" "))
        #expect(form.values[0] == "09:00 ")
    }

    @Test func enterOnATickBoxSubmitsAndEscapeCancels() {
        var form = makeSettings()
        _ = form.handle(.tab)
        #expect(form.handle(.enter) == .submit(["09:00", "no"]))
        #expect(form.handle(.escape) == .cancel)
    }

    @Test func f1OpensTheHelpAndEscapeClosesItWithoutCancellingTheForm() {
        var form = makeSettings()
        #expect(form.handle(.function(1)) == .handled)
        #expect(form.isShowingHelp)
        #expect(form.handle(.escape) == .handled)
        #expect(!form.isShowingHelp)
        #expect(form.values == ["09:00", "no"])
    }

    @Test func theHelpStartsWithTheFocusedFieldAndWrapsWithAHangingIndent() {
        var form = makeSettings()
        _ = form.handle(.tab)
        let lines = form.helpLines(width: 30)
        #expect(lines.first?.text == "End days by sunset: Yes: a leg")
        #expect(lines.first?.isFocused == true)
        #expect(lines.dropFirst().first?.text.hasPrefix("  ") == true)
        #expect(lines.allSatisfy { TextWidth.width($0.text) <= 30 })
        #expect(lines.last?.text == "  driving starts.")
    }

    @Test func aFormWithoutHelpIgnoresF1() {
        var form = makeForm()
        #expect(form.handle(.function(1)) == .ignored)
        #expect(!form.isShowingHelp)
        #expect(!form.statusHints.map(\.label).contains("Help"))
        #expect(makeSettings().statusHints.map(\.label).contains("Help"))
    }

    @MainActor
    @Test func drawsATickBoxAndPutsTheCursorOnTheFocusedField() throws {
        try withOffscreenTerminal(width: 70, height: 12) { terminal in
            var form = makeSettings()
            form.draw(on: terminal.surface)
            let text = terminal.surface.lines().joined(separator: "\n")
            #expect(text.contains("[ ] no"))
            #expect(text.contains("Space ticks") && text.contains("F1 help"))
            let caret = try #require(terminal.surface.cursorPosition)
            let row = terminal.surface.lines()[caret.row]
            // After "09:00", on the cell past the text.
            #expect(row.contains("09:00"))
            _ = form.handle(.tab)
            _ = form.handle(.character(" "))
            terminal.surface.clear()
            #expect(terminal.surface.cursorPosition == nil)
            form.draw(on: terminal.surface)
            #expect(terminal.surface.lines().joined(separator: "\n").contains("[x] yes"))
        }
    }

    @MainActor
    @Test func drawsTheHelpPanelOverTheFormWithoutACursor() throws {
        try withOffscreenTerminal(width: 70, height: 14) { terminal in
            var form = makeSettings()
            _ = form.handle(.function(1))
            form.draw(on: terminal.surface)
            let text = terminal.surface.lines().joined(separator: "\n")
            #expect(text.contains("Help — Settings"))
            #expect(text.contains("Start time: When each day's driving starts."))
            #expect(text.contains("Esc closes the help"))
            #expect(terminal.surface.cursorPosition == nil)
        }
    }

    // MARK: Issue 53: one rule for typing into a field, forms that fit, help that can be read

    @Test func theFirstFieldsTextIsSelectedWhenTheFormOpensSoTypingReplacesIt() {
        var form = FormDialog(title: "New trip", fields: [.text("Name", "New Trip")])
        for character in "Alps" { _ = form.handle(.character(character)) }
        #expect(form.values == ["Alps"])
    }

    @Test func aFieldTakingTheFocusHasItsTextSelected() {
        var form = FormDialog(title: "Settings", fields: [.text("Start time", "09:00"), .text("Daily driving", "8")])
        _ = form.handle(.tab)
        for character in "0.5" { _ = form.handle(.character(character)) }
        #expect(form.values == ["09:00", "0.5"])
        // Back and forth: the field's text is selected again each time it takes the focus.
        _ = form.handle(.backTab)
        _ = form.handle(.down)
        _ = form.handle(.character("7"))
        #expect(form.values == ["09:00", "7"])
    }

    @Test func anArrowKeepsTheSelectedText() {
        var form = FormDialog(title: "Settings", fields: [.text("Start time", "09:00"), .text("Daily driving", "8")])
        _ = form.handle(.tab)
        #expect(form.handle(.right) == .handled)
        for character in ".5" { _ = form.handle(.character(character)) }
        #expect(form.values == ["09:00", "8.5"])
        _ = form.handle(.tab)
        #expect(form.handle(.left) == .handled)
        _ = form.handle(.character("1"))
        #expect(form.values == ["09:010", "8.5"]) // ← from the end: before the last character
    }

    @Test func aFormIsEditedOnceAValueDiffersFromTheOneItOpenedWith() {
        var form = makeSettings()
        #expect(!form.isEdited)
        _ = form.handle(.tab)
        #expect(!form.isEdited)
        _ = form.handle(.character(" "))
        #expect(form.isEdited)
        _ = form.handle(.character(" "))
        #expect(!form.isEdited)
    }

    /// Seventeen fields, as the trip's settings have.
    func makeLongForm() -> FormDialog {
        FormDialog(
            title: "Settings of “Pacific Coast Drive”",
            fields: (1...17).map { index in
                .text(
                    "Field \(index)", index == 17 ? "" : "\(index)", placeholder: index == 17 ? "none" : "",
                    help: "What field \(index) means, said at some length so that it wraps.")
            })
    }

    @Test func aFormTallerThanTheScreenShowsTheFieldsAroundTheFocusedOne() {
        var form = makeLongForm()
        let bounds = Rect(row: 0, column: 0, width: 70, height: 20)
        #expect(form.layout(in: bounds).shownFields == 0..<15)
        #expect(form.layout(in: bounds).box.bottom <= 20)
        for _ in 0..<16 { _ = form.handle(.tab) }
        let layout = form.layout(in: bounds)
        #expect(layout.shownFields == 2..<17)
        #expect(layout.box.bottom <= 20)
        #expect(layout.firstFieldRow + layout.shownFields.count < layout.hintRow)
    }

    @MainActor
    @Test func atSeventyBySixteenTheLastFieldTheBorderAndTheCaretShowAboveTheHint() throws {
        try withOffscreenTerminal(width: 70, height: 20) { terminal in
            var form = makeLongForm()
            for _ in 0..<16 { _ = form.handle(.tab) }
            form.draw(on: terminal.surface)
            let lines = terminal.surface.lines()
            let hintRow = try #require(lines.firstIndex { $0.contains("Enter OK") })
            let lastRow = try #require(lines.firstIndex { $0.contains("Field 17") })
            #expect(lastRow < hintRow)
            #expect(lines[hintRow + 1].contains("└"))
            #expect(lines.joined().contains("↑ 2 more"))
            let caret = try #require(terminal.surface.cursorPosition)
            #expect(caret.row == lastRow)
            // Back to the first field: the form scrolls back.
            _ = form.handle(.tab)
            terminal.surface.clear()
            form.draw(on: terminal.surface)
            #expect(terminal.surface.lines().joined().contains("Field 1 "))
            #expect(terminal.surface.lines().joined().contains("↓ 2 more"))
            #expect(terminal.surface.cursorPosition.map { $0.row < hintRow } == true)
        }
    }

    @MainActor
    @Test func scrollingUpOnlyMovesAsFarAsTheFocusedFieldNeeds() throws {
        try withOffscreenTerminal(width: 70, height: 20) { terminal in
            var form = makeLongForm()
            for _ in 0..<16 { _ = form.handle(.tab) }
            form.draw(on: terminal.surface)
            _ = form.handle(.backTab)
            form.draw(on: terminal.surface)
            #expect(form.firstShownField == 2)
        }
    }

    @MainActor
    @Test func theFieldHelpScrollsWithItsOwnKeysWhichNeverReachTheField() throws {
        try withOffscreenTerminal(width: 70, height: 12) { terminal in
            var form = makeLongForm()
            _ = form.handle(.function(1))
            form.draw(on: terminal.surface)
            let first = terminal.surface.lines().joined(separator: "\n")
            #expect(first.contains("Field 1: What field 1 means"))
            #expect(!first.contains("…"))
            #expect(first.contains("↑/↓ PgUp/PgDn scroll"))
            for key in [Key.character("j"), .down, .pageDown, .character(" "), .character("G"), .end] {
                #expect(form.handle(key) == .handled)
                #expect(form.isShowingHelp, "\(key) scrolls, never closes")
            }
            form.draw(on: terminal.surface)
            let last = terminal.surface.lines().joined(separator: "\n")
            #expect(last.contains("Field 17: What field 17 means"))
            #expect(!last.contains("Field 1: What"))
            for key in [Key.character("k"), .up, .pageUp, .character("g"), .home] { _ = form.handle(key) }
            #expect(form.isShowingHelp)
            #expect(form.handle(.escape) == .handled)
            #expect(!form.isShowingHelp)
            #expect(form.values == makeLongForm().values)
        }
    }

    @Test func anyOtherKeyClosesTheFieldHelpAndDoesNothingElse() {
        var form = makeSettings()
        _ = form.handle(.function(1))
        #expect(form.handle(.character("x")) == .handled)
        #expect(!form.isShowingHelp)
        #expect(form.values == ["09:00", "no"])
    }

    @Test func anErrorClosesTheFieldHelpSoThatItIsSeen() {
        var form = makeSettings()
        _ = form.handle(.function(1))
        form.error = "Write the start time as HH:MM."
        #expect(!form.isShowingHelp)
    }
}
