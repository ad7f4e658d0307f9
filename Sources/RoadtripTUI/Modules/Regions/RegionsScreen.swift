import ScreenModels
import Terminal
import TextCanvas

/// The regions manager over a screen other than the trip list (the trip screen's `M`): pushed on
/// the navigation stack, it draws the screen below and the manager over it, as the trip list
/// hosts it over itself, and goes when the manager closes, the screen below as it was.
@MainActor
final class RegionsScreen: Screen, RegionsHost, RegionsModuleOutput {
    /// The screen the manager opens over: drawn, never given a key.
    private weak var below: Screen?
    private let navigator: Navigator
    private var regions: RegionsView?
    private var message: StatusMessage?
    var needsDisplay = true

    private init(over below: Screen, navigator: Navigator) {
        self.below = below
        self.navigator = navigator
    }

    /// Opens the regions manager over `below`.
    static func open(over below: Screen, context: ModuleContext) {
        let screen = RegionsScreen(over: below, navigator: context.navigator)
        context.navigator.push(screen)
        _ = RegionsAssembly.makeModule(context: context, host: screen, output: screen)
    }

    // MARK: RegionsHost

    func host(_ regions: RegionsView) {
        self.regions = regions
        needsDisplay = true
    }

    func closeRegions() {
        regions = nil
        navigator.pop(self)
    }

    // MARK: RegionsModuleOutput

    func regionsDidSay(_ message: StatusMessage) {
        self.message = message
        needsDisplay = true
    }

    // MARK: Screen

    var helpTitle: String { "Regions — keys" }
    var helpEntries: [HelpEntry] { RegionsPanel.keymap.helpEntries }
    var statusHints: [KeyHint] { regions?.statusHints ?? [] }
    var statusMessage: StatusMessage? { message }
    func dismissStatusMessage() { message = nil }
    var searchPrompt: SearchPrompt? { regions?.searchPrompt }

    /// A quit signal came: a path typed in the manager's form is not dropped unsaid.
    func finishEditing(before request: QuitRequest) -> Bool {
        regions?.finishEditing(before: request) ?? true
    }

    func handle(_ key: Key) {
        message = nil
        needsDisplay = true
        guard let regions else { return }
        if case .mouse(let event) = key {
            _ = regions.handle(event)
        } else {
            regions.handle(key)
        }
    }

    func draw(on surface: Surface, in rect: Rect) {
        below?.draw(on: surface, in: rect)
        regions?.draw(on: surface, in: rect)
    }
}
