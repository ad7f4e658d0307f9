import ScreenModels
import Terminal
import TextCanvas

/// The regions manager on screen: the panel of regions, the form to add one, the catalogue
/// browser, and their y/n questions, each a box over the trip list. The trip list hosts it
/// (`RegionsHost`): it draws it over itself and gives it the keys while it shows something.
/// Turns keys into intents for the presenter.
@MainActor
final class RegionsView: RegionsViewInput {
    private enum Showing {
        case panel(RegionsPanel)
        /// The path of the extract to add as a region.
        case add(FormDialog)
        /// Regions by name: the catalogue of extracts, found as typed.
        case catalogue(CatalogueBrowser)
    }

    /// What the open y/n question is about.
    private enum Question {
        case removeRegion(String)
        case download
    }

    private let presenter: RegionsViewOutput
    private var showing: Showing?
    private var confirmation: ConfirmDialog?
    private var question = Question.download
    /// The screen, for the mouse: where the question's box is.
    private var screenBounds = Rect(row: 0, column: 0, width: 0, height: 0)
    private var closingClick = ClosingClickGuard()
    var needsDisplay = true

    init(presenter: RegionsViewOutput) {
        self.presenter = presenter
    }

    /// Whether something shows: nothing does while long work runs (its progress is in the status bar).
    var isShowing: Bool { showing != nil || confirmation != nil }
    /// Whether the panel itself shows, whose keys the help lists.
    var isShowingPanel: Bool {
        if case .panel = showing { return true }
        return false
    }

    // MARK: RegionsViewInput

    func showRegions(_ regions: RegionsViewModel, selecting name: String?) {
        show(.panel(RegionsPanel(regions, selecting: name)))
    }

    func updateRegions(_ regions: RegionsViewModel) {
        guard case .panel(let panel) = showing else { return }
        show(.panel(panel.updated(regions)))
    }

    func beginRegionAdd(path: String) {
        show(
            .add(
                FormDialog(
                    title: "Add a region", fields: [("File", path)],
                    placeholders: ["an OpenStreetMap extract: .osm.pbf, .osm, .osm.gz or .osm.bz2"])))
    }

    /// Why the path could not be used; the form stays open.
    func showRegionAddError(_ text: String) {
        guard case .add(var dialog) = showing else { return }
        dialog.error = text
        show(.add(dialog))
    }

    func askToConfirmRegionRemoval(_ question: String, name: String) {
        ask(question, about: .removeRegion(name))
    }

    func showCatalogue(_ catalogue: CatalogueViewModel, query: String, selecting id: String?) {
        show(.catalogue(CatalogueBrowser(catalogue, query: query, selecting: id)))
    }

    func updateCatalogue(_ catalogue: CatalogueViewModel) {
        guard case .catalogue(var browser) = showing else { return }
        browser.show(catalogue)
        show(.catalogue(browser))
    }

    func askToConfirmDownload(_ question: String) {
        ask(question, about: .download)
    }

    func endEditing() {
        showing = nil
        needsDisplay = true
    }

    private func show(_ shown: Showing) {
        showing = shown
        needsDisplay = true
    }

    private func ask(_ text: String, about question: Question) {
        confirmation = ConfirmDialog(question: text)
        self.question = question
        needsDisplay = true
    }

    // MARK: What the host asks

    /// The regions panel's search prompt while it is typed, drawn where the status bar is.
    var searchPrompt: SearchPrompt? {
        guard confirmation == nil, case .panel(let panel) = showing else { return nil }
        return panel.prompt
    }

    /// A quit signal came (`Screen.finishEditing`, asked by the host): a path typed in the form
    /// is not dropped unsaid.
    func finishEditing(before request: QuitRequest) -> Bool {
        guard confirmation == nil, case .add(let dialog) = showing, dialog.isEdited else { return true }
        return presenter.didRequestQuit(addingRegionFrom: dialog.values.first ?? "", request)
    }

    /// The keys of what shows, for the status bar.
    var statusHints: [KeyHint] {
        if confirmation != nil { return ConfirmDialog.keymap.statusHints }
        switch showing {
        case .panel: return RegionsPanel.keymap.statusHints
        case .add(let dialog): return dialog.statusHints
        case .catalogue: return CatalogueBrowser.keymap.statusHints
        case nil: return []
        }
    }

    /// Keys go to the open question, else to what shows.
    func handle(_ key: Key) {
        if let dialog = confirmation {
            if let answer = dialog.answer(for: key) {
                confirmation = nil
                needsDisplay = true
                switch question {
                case .removeRegion(let name): presenter.didAnswerRemoveRegion(name: name, confirmed: answer == .yes)
                case .download: presenter.didAnswerDownload(answer == .yes)
                }
            }
            return
        }
        switch showing {
        case .add(var dialog):
            let outcome = dialog.handle(key)
            showing = .add(dialog)
            switch outcome {
            case .submit(let values): presenter.didSubmitAddRegion(path: values.first ?? "")
            case .cancel: presenter.didCancelAddRegion()
            case .handled: needsDisplay = true
            case .ignored: break
            }
        case .panel(var panel):
            let outcome = panel.handle(key, pageSize: panel.listHeight(in: screenBounds))
            showing = .panel(panel)
            switch outcome {
            case .changed(let said):
                needsDisplay = true
                if let said { presenter.didSearch(saying: said) }
            case .command(.add): presenter.didPressAddRegion()
            case .command(.download): presenter.didPressDownloadRegion()
            case .command(.update): if let name = panel.selectedName { presenter.didPressUpdateRegion(name: name) }
            case .command(.remove): if let name = panel.selectedName { presenter.didPressRemoveRegion(name: name) }
            case .command(.close): presenter.didCloseRegions()
            case .command(.move), .command(.search): needsDisplay = true // done by the panel itself
            case .ignored: if key == .character("?") { presenter.didPressHelp() }
            }
        case .catalogue(var browser):
            let outcome = browser.handle(key, pageSize: browser.listHeight(in: screenBounds))
            showing = .catalogue(browser)
            switch outcome {
            case .edited(let text): presenter.didChangeCatalogueQuery(text)
            case .download(let id): presenter.didChooseExtract(id: id)
            case .close: presenter.didCancelCatalogue()
            case .handled: needsDisplay = true
            case .ignored: break
            }
        case nil:
            break
        }
    }

    /// A click answers the question by its `y`/`n`; the browser takes every click. Returns whether
    /// the click was the manager's: over the panel or the form, the trip list's rows still answer it.
    func handle(_ event: MouseEvent) -> Bool {
        if closingClick.swallows(event) { return true }
        if let dialog = confirmation {
            if let answer = dialog.answer(for: event, in: screenBounds) {
                closingClick.arm()
                handle(.character(answer == .yes ? "y" : "n"))
            }
            return true
        }
        if case .catalogue = showing { return true }
        return false
    }

    // MARK: Drawing

    /// Draws what shows over the trip list's `rect` (above the status bar).
    func draw(on surface: Surface, in rect: Rect) {
        screenBounds = surface.bounds
        switch showing {
        case .add(var dialog):
            dialog.draw(on: surface, in: rect)
            showing = .add(dialog) // the fields' scroll and the help panel's, kept for the next frame
        case .panel(let panel): panel.draw(on: surface)
        case .catalogue(let browser): browser.draw(on: surface)
        case nil: break
        }
        confirmation?.draw(on: surface)
    }
}
