import Testing
@testable import Terminal

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
}
