import Testing
@testable import Terminal

private enum Command: Hashable, Sendable {
    case new, delete, quit, help, list(ListState.Move), search(ListSearchKey)
}

private let keymap = Keymap<Command>([
    KeyBinding(.new, keys: [.character("n"), .control("n")], label: "New", help: "Add a trip", statusBar: true),
    KeyBinding(.delete, keys: [.character("d"), .delete], label: "Delete", help: "Delete the selected trip", statusBar: true),
    KeyBinding(.help, keys: [.character("?"), .function(1)], label: "Help", help: "Show every key"),
    KeyBinding(.quit, keys: [.character("q"), .escape], label: "Quit", help: "Leave the planner", statusBar: true),
])

@Suite struct KeymapTests {
    @Test func everyKeyOfABindingTriggersItsCommand() {
        #expect(keymap.command(for: .character("n")) == .new)
        #expect(keymap.command(for: .control("n")) == .new)
        #expect(keymap.command(for: .character("d")) == .delete)
        #expect(keymap.command(for: .delete) == .delete)
        #expect(keymap.command(for: .character("?")) == .help)
        #expect(keymap.command(for: .function(1)) == .help)
        #expect(keymap.command(for: .character("q")) == .quit)
        #expect(keymap.command(for: .escape) == .quit)
    }

    @Test func unboundKeyHasNoCommand() {
        #expect(keymap.command(for: .character("x")) == nil)
        #expect(keymap.command(for: .character("N")) == nil)
        #expect(keymap.command(for: .enter) == nil)
    }

    @Test func firstBindingWinsForADuplicateKey() {
        let duplicated = Keymap<Command>([
            KeyBinding(.quit, keys: [.character("q")], label: "Quit", help: "Quit"),
            KeyBinding(.delete, keys: [.character("x"), .character("q")], label: "Delete", help: "Delete"),
        ])
        #expect(duplicated.command(for: .character("q")) == .quit)
        #expect(duplicated.command(for: .character("x")) == .delete)
    }

    @Test func statusHintsComeOnlyFromStatusBarBindingsInOrderWithTheirFirstKey() {
        #expect(
            keymap.statusHints == [
                KeyHint(key: "n", label: "New"),
                KeyHint(key: "d", label: "Delete"),
                KeyHint(key: "q", label: "Quit"),
            ])
    }

    @Test func helpListsEveryBindingWithAllItsKeys() {
        #expect(
            keymap.helpEntries == [
                HelpEntry(keys: "n Ctrl-N", text: "Add a trip"),
                HelpEntry(keys: "d Delete", text: "Delete the selected trip"),
                HelpEntry(keys: "? F1", text: "Show every key"),
                HelpEntry(keys: "q Esc", text: "Leave the planner"),
            ])
    }

    @Test func listKeysBindTheMovementKeys() {
        let lists = Keymap(ListKeys.bindings { Command.list($0) })
        #expect(lists.command(for: .character("k")) == .list(.up))
        #expect(lists.command(for: .up) == .list(.up))
        #expect(lists.command(for: .character("j")) == .list(.down))
        #expect(lists.command(for: .down) == .list(.down))
        #expect(lists.command(for: .pageUp) == .list(.pageUp))
        #expect(lists.command(for: .pageDown) == .list(.pageDown))
        #expect(lists.command(for: .character("g")) == .list(.first))
        #expect(lists.command(for: .home) == .list(.first))
        #expect(lists.command(for: .character("G")) == .list(.last))
        #expect(lists.command(for: .end) == .list(.last))
    }

    /// Issue 53: the pagers' keys (less, vim, tig, mutt) in every list, beside PgUp/PgDn.
    @Test func listKeysBindThePagersKeys() {
        let lists = Keymap(ListKeys.bindings { Command.list($0) })
        #expect(lists.command(for: .control("f")) == .list(.pageDown))
        #expect(lists.command(for: .character(" ")) == .list(.pageDown))
        #expect(lists.command(for: .control("b")) == .list(.pageUp))
        #expect(lists.command(for: .control("d")) == .list(.halfPageDown))
        #expect(lists.command(for: .control("u")) == .list(.halfPageUp))
    }

    @Test func listKeysStayOutOfTheStatusBarButAppearInHelp() {
        let lists = Keymap(ListKeys.bindings { Command.list($0) })
        #expect(lists.statusHints.isEmpty)
        #expect(lists.helpEntries.map(\.keys) == ["↑ k", "↓ j", "PgUp Ctrl-B", "PgDn Ctrl-F Space", "Ctrl-U", "Ctrl-D", "Home g", "End G"])
        #expect(lists.shadowedKeys.isEmpty)
    }

    /// Issue 53: `/` searches, `n` and `N` go to the next and previous match, as in less and vim.
    @Test func searchKeysAreSlashNAndShiftN() {
        let search = Keymap(ListKeys.searchBindings { Command.search($0) })
        #expect(search.command(for: .character("/")) == .search(.begin))
        #expect(search.command(for: .character("n")) == .search(.next))
        #expect(search.command(for: .character("N")) == .search(.previous))
        #expect(search.statusHints.isEmpty)
        #expect(search.helpEntries.map(\.keys) == ["/", "n", "N"])
    }
}
