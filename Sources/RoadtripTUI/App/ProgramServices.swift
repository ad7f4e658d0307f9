import Foundation

/// What a module's interactor asks of the program around it that is neither the model nor
/// navigation: long work off the main loop (the navigator shows it and Esc cancels it), text to the
/// terminal's clipboard, a link in the desktop's browser. Interactors hold it so that routers only
/// open and close modules (as Uber's RIBs: a router attaches and detaches, the work is the interactor's).
@MainActor
struct ProgramServices {
    let navigator: Navigator
    /// $DISPLAY and $WAYLAND_DISPLAY, for the browser.
    let environment: [String: String]

    /// Starts `task` off the main loop; the navigator holds the keys until it ends.
    func runBusy(_ task: BusyTask) {
        navigator.startBusy(task)
    }

    /// `text` goes to the terminal, which puts it on the clipboard (OSC 52).
    func copyToClipboard(_ text: String) {
        navigator.copyToClipboard(text)
    }

    func openInBrowser(_ url: String) -> Result<Void, BrowserOpener.Failure> {
        BrowserOpener(environment: environment).open(url)
    }
}
