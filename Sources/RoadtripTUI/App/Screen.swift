import ScreenModels
import Terminal
import TextCanvas

/// What the navigation stack needs of a module's view: a VIPER view as a full-screen panel.
@MainActor
package protocol Screen: AnyObject {
    /// Title of the help overlay ("Roadtrips — keys").
    var helpTitle: String { get }
    /// Every key of the screen, from its command table.
    var helpEntries: [HelpEntry] { get }
    /// The main keys, for the status bar.
    var statusHints: [KeyHint] { get }
    /// A message for the status bar, if the screen has one. It says what the last key did, so it
    /// goes with the next key (the presenter shows the next state) or when another screen opens
    /// over it (`dismissStatusMessage`): coming back, it would be news of an earlier key.
    var statusMessage: StatusMessage? { get }
    func dismissStatusMessage()
    /// Set when something the screen shows changed since it was last drawn.
    var needsDisplay: Bool { get set }
    /// The `/` prompt of a list's search while it is typed, drawn where the status bar is.
    var searchPrompt: SearchPrompt? { get }

    /// Handles a key: the view turns it into intents for its presenter.
    func handle(_ key: Key)
    /// Draws the screen's content into `rect` (the whole terminal but the status bar).
    func draw(on surface: Surface, in rect: Rect)
    /// A quit signal came while the screen is on top: what is typed in an open form or field is
    /// kept, as its Enter would keep it, before the program saves and ends. Returns false when the
    /// screen stays open instead, having said why (only ever for `QuitRequest.asking`).
    func finishEditing(before request: QuitRequest) -> Bool
}

extension Screen {
    /// A screen with nothing typed to keep lets the program quit.
    func finishEditing(before request: QuitRequest) -> Bool { true }
}

extension Screen {
    /// A screen without a list to search has no prompt.
    package var searchPrompt: SearchPrompt? { nil }
}
