/// One command of a screen: the keys that trigger it and the words that describe it.
/// A screen's bindings live in one table, from which its key handling, status bar and help
/// overlay are all derived, so they can never disagree (the idea of tig's request table).
public struct KeyBinding<Command: Hashable & Sendable>: Sendable {
    public let command: Command
    public let keys: [Key]
    /// A word or two for the status bar ("New", "Delete").
    public let label: String
    /// A sentence for the help overlay.
    public let help: String
    public let showsInStatusBar: Bool
    /// How the status bar names the key when one hint stands for several bindings ("←↑↓→" for
    /// the four pans); else the first key's name.
    public let statusKey: String?

    public init(_ command: Command, keys: [Key], label: String, help: String, statusBar: Bool = false, statusKey: String? = nil) {
        self.command = command
        self.keys = keys
        self.label = label
        self.help = help
        self.showsInStatusBar = statusBar
        self.statusKey = statusKey
    }
}

/// A key and what it does, as shown in the status bar.
public struct KeyHint: Equatable, Sendable {
    public let key: String
    public let label: String

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// One line of the help overlay: every key of a command, and what it does.
public struct HelpEntry: Equatable, Sendable {
    public let keys: String
    public let text: String

    public init(keys: String, text: String) {
        self.keys = keys
        self.text = text
    }
}

public struct Keymap<Command: Hashable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Command>]
    private let commandsByKey: [Key: Command]
    /// The status bar's commands, most important first (the bar shows as many as fit); nil:
    /// those marked `statusBar`, in table order.
    public let statusOrder: [Command]?

    public init(_ bindings: [KeyBinding<Command>], statusOrder: [Command]? = nil) {
        self.bindings = bindings
        self.statusOrder = statusOrder
        var commandsByKey: [Key: Command] = [:]
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil { commandsByKey[key] = binding.command }
        }
        self.commandsByKey = commandsByKey
    }

    public func command(for key: Key) -> Command? {
        commandsByKey[key]
    }

    /// The same table with only the commands `isIncluded` keeps: what a screen shows as its keys
    /// when some of them cannot act (a file opened read-only).
    public func keeping(_ isIncluded: (Command) -> Bool) -> Keymap {
        Keymap(bindings.filter { isIncluded($0.command) }, statusOrder: statusOrder?.filter(isIncluded))
    }

    public var statusHints: [KeyHint] {
        let shown = statusOrder.map { order in order.compactMap { command in bindings.first { $0.command == command } } }
            ?? bindings.filter(\.showsInStatusBar)
        return shown.compactMap { binding in
            (binding.statusKey ?? binding.keys.first?.description).map { KeyHint(key: $0, label: binding.label) }
        }
    }

    /// Keys bound twice in the table: only the first binding ever acts, so the second is a
    /// mistake (a test checks every keymap has none).
    public var shadowedKeys: [Key] {
        var seen = Set<Key>()
        return bindings.flatMap(\.keys).filter { !seen.insert($0).inserted }
    }

    /// The keys of `fallback` this table takes for commands of its own (tig's per-view keymaps
    /// over the generic one): what the fallback would have done with them is out of reach.
    public func keysTaken<Other>(from fallback: Keymap<Other>) -> Set<Key> {
        Set(bindings.flatMap(\.keys)).intersection(fallback.bindings.flatMap(\.keys))
    }

    public var helpEntries: [HelpEntry] {
        bindings.map { HelpEntry(keys: $0.keys.map(\.description).joined(separator: " "), text: $0.help) }
    }
}
