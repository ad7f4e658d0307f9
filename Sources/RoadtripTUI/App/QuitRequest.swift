/// How a quit signal asks the screen on top to finish what is being typed in it before the
/// program saves and ends (issue 53: Ctrl-C in an open form quit and lost what was typed).
///
/// What a form or field holds is kept as its Enter would keep it: the settings set, the stop
/// added or updated, the trip added or renamed. What cannot be kept so, a value in error or a
/// path typed for work of its own (an export, an import, a region), keeps the planner open on the
/// first Ctrl-C, saying why, as vim refuses to quit over unsaved work; a second Ctrl-C quits.
/// SIGTERM and SIGHUP come from outside, with nobody to answer: they always end the program,
/// keeping what is valid (`insisting`).
package enum QuitRequest: Equatable, Sendable {
    /// Ctrl-C: the screen may stay open, saying why, when what is typed cannot be kept as it is.
    case asking
    /// SIGTERM, SIGHUP, or Ctrl-C again after the screen stayed open: the program ends; what is
    /// typed is kept as far as it is valid, and the rest dropped.
    case insisting

    package var mayStayOpen: Bool { self == .asking }

    /// The sentence that ends a refusal to quit under a form's error: "Not quit: Ctrl-C again
    /// quits without exporting." (A refusal in the status bar, one line cut at the screen's edge,
    /// starts with "Not quit:" instead.)
    package static func notQuit(_ consequence: String) -> String {
        "Not quit: Ctrl-C again quits \(consequence)."
    }
}
