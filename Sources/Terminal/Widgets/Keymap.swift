/// One command of a screen: the keys that trigger it and the words that describe it.
/// A screen's bindings live in one table, from which its key handling, status bar and help
/// overlay are all derived, so they can never disagree (the idea of tig's request table).
package struct KeyBinding<Command: Hashable & Sendable>: Sendable {
    package let command: Command
    package let keys: [Key]
    /// A word or two for the status bar ("New", "Delete").
    package let label: String
    /// A sentence for the help overlay.
    package let help: String
    package let showsInStatusBar: Bool
    /// How the status bar names the key when one hint stands for several bindings ("←↑↓→" for
    /// the four pans); else the first key's name.
    package let statusKey: String?

    package init(_ command: Command, keys: [Key], label: String, help: String, statusBar: Bool = false, statusKey: String? = nil) {
        self.command = command
        self.keys = keys
        self.label = label
        self.help = help
        self.showsInStatusBar = statusBar
        self.statusKey = statusKey
    }
}

/// A key and what it does, as shown in the status bar.
package struct KeyHint: Equatable, Sendable {
    package let key: String
    package let label: String

    package init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// One line of the help overlay: every key of a command, and what it does.
package struct HelpEntry: Equatable, Sendable {
    package let keys: String
    package let text: String

    package init(keys: String, text: String) {
        self.keys = keys
        self.text = text
    }
}

package struct Keymap<Command: Hashable & Sendable>: Sendable {
    package let bindings: [KeyBinding<Command>]
    private let commandsByKey: [Key: Command]
    /// The status bar's commands, most important first (the bar shows as many as fit); nil:
    /// those marked `statusBar`, in table order.
    package let statusOrder: [Command]?
    /// What the status bar shows of the table: found once, not on every frame.
    package let statusHints: [KeyHint]

    package init(_ bindings: [KeyBinding<Command>], statusOrder: [Command]? = nil) {
        self.bindings = bindings
        self.statusOrder = statusOrder
        var commandsByKey: [Key: Command] = [:]
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil { commandsByKey[key] = binding.command }
        }
        self.commandsByKey = commandsByKey
        let shown =
            statusOrder.map { order in order.compactMap { command in bindings.first { $0.command == command } } }
            ?? bindings.filter(\.showsInStatusBar)
        statusHints = shown.compactMap { binding in
            (binding.statusKey ?? binding.keys.first?.description).map { KeyHint(key: $0, label: binding.label) }
        }
    }

    package func command(for key: Key) -> Command? {
        commandsByKey[key]
    }

    /// The same table with only the commands `isIncluded` keeps: what a screen shows as its keys
    /// when some of them cannot act (a file opened read-only).
    package func keeping(_ isIncluded: (Command) -> Bool) -> Keymap {
        Keymap(bindings.filter { isIncluded($0.command) }, statusOrder: statusOrder?.filter(isIncluded))
    }

    /// Keys bound twice in the table: only the first binding ever acts, so the second is a
    /// mistake (a test checks every keymap has none).
    package var shadowedKeys: [Key] {
        var seen = Set<Key>()
        return bindings.flatMap(\.keys).filter { !seen.insert($0).inserted }
    }

    /// The keys of `fallback` this table takes for commands of its own (tig's per-view keymaps
    /// over the generic one): what the fallback would have done with them is out of reach.
    package func keysTaken<Other>(from fallback: Keymap<Other>) -> Set<Key> {
        Set(bindings.flatMap(\.keys)).intersection(fallback.bindings.flatMap(\.keys))
    }

    package var helpEntries: [HelpEntry] {
        bindings.map { HelpEntry(keys: $0.keys.map(\.description).joined(separator: " "), text: $0.help) }
    }
}
