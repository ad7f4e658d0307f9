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
        FormDialog(title: "Settings", fields: [
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
}
