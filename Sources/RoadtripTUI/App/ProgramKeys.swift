import Terminal

/// The keys every screen answers alike, which the main loop and the signals handle rather than a
/// screen's table: listed at the end of every screen's help, so the help names them all.
enum ProgramKeys {
    static let helpEntries = [
        HelpEntry(keys: "Ctrl-L", text: "Draw the whole screen again"),
        HelpEntry(keys: "Ctrl-Z", text: "Suspend to the shell; fg brings the planner back"),
        HelpEntry(keys: "Ctrl-C", text: "Save and quit"),
    ]
}
