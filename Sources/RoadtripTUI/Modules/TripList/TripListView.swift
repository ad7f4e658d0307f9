import RoadtripCore
import ScreenModels
import Terminal
import TextCanvas

/// The trip list on screen: a title line, column headings, one row per trip, and the filter or
/// rename field when one is open. Turns keys into intents for the presenter.
@MainActor
final class TripListView: Screen, TripListViewInput, RegionsHost {
    enum Command: Hashable, Sendable {
        case move(ListState.Move)
        /// `n`/`N` (the filter is this list's search, on `/`).
        case search(ListSearchKey)
        case open, add, rename, delete, duplicate, reverse, sort, importTrips, regions, filter, clearFilter, undo, redo, save, help, quit
    }

    /// Every key of the screen; the status bar and the help overlay are made from it.
    static let keymap = Keymap<Command>(
        ListKeys.bindings { .move($0) } + [
            KeyBinding(.open, keys: [.enter, .right, .character("l")], label: "Open", help: "Open the selected trip", statusBar: true),
            KeyBinding(
                .add, keys: [.character("a")], label: "New", help: "Add a new trip at the top: type its name, Enter adds it, Esc adds nothing", statusBar: true),
            KeyBinding(.rename, keys: [.character("r")], label: "Rename", help: "Rename the selected trip (Enter keeps, Esc cancels)", statusBar: true),
            KeyBinding(.delete, keys: [.character("d"), .delete], label: "Delete", help: "Delete the selected trip, after a y/n question", statusBar: true),
            KeyBinding(.duplicate, keys: [.character("c")], label: "Copy", help: "Duplicate the selected trip, as “… (copy)” below it"),
            KeyBinding(.reverse, keys: [.character("R")], label: "Reverse", help: "Reverse the order of the selected trip's stops"),
            KeyBinding(.sort, keys: [.character("S")], label: "Sort", help: "Sort the list: as in the file, by name, by distance, by start date"),
            KeyBinding(.importTrips, keys: [.character("I")], label: "Import", help: "Import trips from a GPX, GeoJSON or trips.json file"),
            KeyBinding(
                .regions, keys: [.character("M")], label: "Regions", help: "Regions (maps): add an OpenStreetMap extract, and its villages and sights are found"
            ),
            // The filter is this list's search: `/` as in every list, and `n`/`N` go through the trips it keeps.
            KeyBinding(
                .filter, keys: [.character("/")], label: "Filter",
                help: "Filter by trip or place name as you type, accents ignored (Enter keeps, Esc clears)", statusBar: true),
            KeyBinding(
                .search(.next), keys: [.character("n")], label: "Next match", help: "Select the next trip the filter keeps (on from the top after the last)"),
            KeyBinding(.search(.previous), keys: [.character("N")], label: "Previous match", help: "Select the previous trip the filter keeps"),
            KeyBinding(.clearFilter, keys: [.escape], label: "Clear", help: "Clear the filter"),
            KeyBinding(.undo, keys: [.character("u")], label: "Undo", help: "Undo the last change"),
            KeyBinding(.redo, keys: [.control("r")], label: "Redo", help: "Redo what was undone"),
            KeyBinding(.save, keys: [.character("s")], label: "Save", help: "Save now (changes are also saved automatically)"),
            KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help", statusBar: true),
            KeyBinding(.quit, keys: [.character("q")], label: "Quit", help: "Quit (Ctrl-C too); everything is saved", statusBar: true),
        ], statusOrder: [.open, .add, .rename, .delete, .filter, .quit, .importTrips, .regions, .sort, .duplicate, .undo, .help])

    private enum Editor {
        case rename(TextField)
        case filter(TextField)
        /// The file of the trips to import.
        case importTrips(FormDialog)
        /// The name of the trip `a` adds: nothing is added before Enter.
        case newTrip(FormDialog)
    }

    private let presenter: TripListViewOutput
    private(set) var viewModel = TripListViewModel()
    /// Rows and scroll; the selection drawn is only ever the presenter's (`display`), moved by asking it (`ListState.ask`).
    private var list = ListState()
    private var editor: Editor?
    /// The delete question.
    private var confirmation: ConfirmDialog?
    /// The regions manager (its own module) over the list, while it is open.
    private var regions: RegionsView?
    /// Rows the list showed last time, for PgUp/PgDn.
    private var pageSize = 10
    /// Where the last frame drew the rows (nil: no rows) and the screen, for the mouse.
    private var drawnListRect: Rect?
    private var screenBounds = Rect(row: 0, column: 0, width: 0, height: 0)
    private var closingClick = ClosingClickGuard()
    private var listNeedsDisplay = true
    var needsDisplay: Bool {
        get { listNeedsDisplay || regions?.needsDisplay == true }
        set {
            listNeedsDisplay = newValue
            regions?.needsDisplay = newValue
        }
    }

    /// The regions manager, while it shows something, has the keys.
    private var shownRegions: RegionsView? { regions?.isShowing == true ? regions : nil }

    init(presenter: TripListViewOutput) {
        self.presenter = presenter
    }

    // MARK: TripListViewInput

    /// The one place the drawn selection changes: to the presenter's `selectedRow`.
    func display(_ viewModel: TripListViewModel) {
        self.viewModel = viewModel
        list.setCount(viewModel.rows.count)
        if let row = viewModel.selectedRow { list.select(row) }
        needsDisplay = true
    }

    func displayFigures(_ viewModel: TripListViewModel) {
        var kept = viewModel
        kept.message = self.viewModel.message
        display(kept)
    }

    func beginRenaming(text: String) {
        editor = .rename(TextField(text: text, maximumLength: NameLength.maximum, selected: true))
        needsDisplay = true
    }

    func beginFiltering(text: String) {
        editor = .filter(TextField(text: text))
        needsDisplay = true
    }

    func endEditing() {
        editor = nil
        needsDisplay = true
    }

    func beginNewTrip(name: String) {
        editor = .newTrip(
            FormDialog(
                title: "New trip",
                fields: [
                    .text("Name", name, placeholder: "the trip's name", maximumLength: NameLength.maximum)
                ]))
        needsDisplay = true
    }

    func showNewTripError(_ text: String) {
        guard case .newTrip(var dialog) = editor else { return }
        dialog.error = text
        editor = .newTrip(dialog)
        needsDisplay = true
    }

    func beginImport(path: String) {
        editor = .importTrips(FormDialog(title: "Import trips", fields: [("File", path)], placeholders: ["a .gpx, .geojson or trips.json file"]))
        needsDisplay = true
    }

    /// Why the file could not be imported; the form stays open.
    func showImportError(_ text: String) {
        guard case .importTrips(var dialog) = editor else { return }
        dialog.error = text
        editor = .importTrips(dialog)
        needsDisplay = true
    }

    func askToConfirm(_ question: String) {
        confirmation = ConfirmDialog(question: question)
        needsDisplay = true
    }

    // MARK: RegionsHost

    func host(_ regions: RegionsView) {
        self.regions = regions
        needsDisplay = true
    }

    func closeRegions() {
        regions = nil
        needsDisplay = true
    }

    // MARK: Screen

    var helpTitle: String {
        if shownRegions?.isShowingPanel == true { return "Regions — keys" }
        return "Roadtrips — keys"
    }

    /// The keys of what is open: the regions panel's while it is (its `?` asks), else the list's.
    var helpEntries: [HelpEntry] {
        if shownRegions?.isShowingPanel == true { return RegionsPanel.keymap.helpEntries }
        return shownKeymap.helpEntries
    }

    /// The keys a read-only file leaves: pressed, the others still say why they cannot act.
    static let readOnlyKeymap = keymap.keeping { ![.add, .rename, .delete, .duplicate, .reverse, .importTrips, .undo, .redo, .save].contains($0) }
    private var shownKeymap: Keymap<Command> { viewModel.isReadOnly ? Self.readOnlyKeymap : Self.keymap }

    /// While a trip's name is edited in its row (the field's own keys are `TextField.keymap`).
    static let renameKeymap = Keymap<TextField.Command>([
        KeyBinding(.submit, keys: [.enter], label: "Keep", help: "Keep the new name", statusBar: true),
        KeyBinding(.cancel, keys: [.escape], label: "Cancel", help: "Keep the old name", statusBar: true),
    ])

    /// While the filter is typed: its text, and ↑/↓ still choose a trip.
    enum FilterCommand: Hashable, Sendable { case done, select, clear }
    static let filterKeymap = Keymap<FilterCommand>([
        KeyBinding(.done, keys: [.enter], label: "Done", help: "Keep the filter and go back to the list", statusBar: true),
        KeyBinding(
            .select, keys: [.up, .down, .pageUp, .pageDown], label: "Select", help: "Choose among the trips it lets through", statusBar: true, statusKey: "↑↓"),
        KeyBinding(.clear, keys: [.escape], label: "Clear", help: "Clear the filter", statusBar: true),
    ])

    var statusHints: [KeyHint] {
        if confirmation != nil { return ConfirmDialog.keymap.statusHints }
        if let shownRegions { return shownRegions.statusHints }
        switch editor {
        case .rename: return Self.renameKeymap.statusHints
        case .filter: return Self.filterKeymap.statusHints
        case .importTrips(let dialog), .newTrip(let dialog): return dialog.statusHints
        case nil: return shownKeymap.statusHints
        }
    }

    var statusMessage: StatusMessage? { viewModel.message }
    func dismissStatusMessage() { viewModel.message = nil }
    /// The regions panel's search prompt while it is typed (the list's own search, its filter,
    /// has a line of its own).
    var searchPrompt: SearchPrompt? { confirmation == nil ? shownRegions?.searchPrompt : nil }

    /// What is typed in the open field or form is not lost to a quit signal (`QuitRequest`).
    func finishEditing(before request: QuitRequest) -> Bool {
        if confirmation != nil { return true }
        if let shownRegions { return shownRegions.finishEditing(before: request) }
        switch editor {
        case .rename(let field): return presenter.didRequestQuit(renamingTo: field.text, request)
        case .newTrip(let dialog) where dialog.isEdited: return presenter.didRequestQuit(addingTripNamed: dialog.values.first ?? "", request)
        case .importTrips(let dialog) where dialog.isEdited: return presenter.didRequestQuit(importing: dialog.values.first ?? "", request)
        case .newTrip, .importTrips, .filter, nil: return true
        }
    }

    /// Keys go to the open dialog, else the open field, else the command table. Whatever acts
    /// asks for a redraw (the presenter's `display` does too); a key that does nothing does not.
    func handle(_ key: Key) {
        if case .mouse(let event) = key { return handle(event) }
        if let dialog = confirmation {
            if let answer = dialog.answer(for: key) {
                confirmation = nil
                needsDisplay = true
                presenter.didAnswerDelete(answer == .yes)
            }
            return
        }
        if let shownRegions { return shownRegions.handle(key) }
        switch editor {
        case .rename(var field):
            let outcome = field.handle(key)
            editor = .rename(field)
            switch outcome {
            case .submit: presenter.didSubmitRename(field.text)
            case .cancel: presenter.didCancelEditing()
            case .edited, .moved: needsDisplay = true
            case .full: presenter.didReachNameLengthLimit()
            case .ignored: break
            }
        case .filter(var field):
            let outcome = field.handle(key)
            editor = .filter(field)
            switch outcome {
            case .edited: presenter.didChangeFilter(field.text)
            case .submit: presenter.didSubmitFilter()
            case .cancel: presenter.didCancelFilter()
            case .moved: needsDisplay = true
            case .ignored, .full: moveWhileFiltering(key)
            }
        case .importTrips(var dialog):
            let outcome = dialog.handle(key)
            editor = .importTrips(dialog)
            switch outcome {
            case .submit(let values): presenter.didSubmitImport(path: values.first ?? "")
            case .cancel: presenter.didCancelEditing()
            case .handled: needsDisplay = true
            case .ignored: break
            }
        case .newTrip(var dialog):
            let outcome = dialog.handle(key)
            editor = .newTrip(dialog)
            switch outcome {
            case .submit(let values): presenter.didSubmitNewTrip(name: values.first ?? "")
            case .cancel: presenter.didCancelEditing()
            case .handled: needsDisplay = true
            case .ignored: break
            }
        case nil:
            guard let command = Self.keymap.command(for: key) else { return sayUnused(key) }
            perform(command)
        }
    }

    /// A key with no command here says so (`UnusedKeys`).
    private func sayUnused(_ key: Key) {
        guard let message = UnusedKeys.message(for: key, on: .tripList) else { return }
        viewModel.message = message
        needsDisplay = true
    }

    private func moveWhileFiltering(_ key: Key) {
        let moves: [Key: ListState.Move] = [.up: .up, .down: .down, .pageUp: .pageUp, .pageDown: .pageDown]
        if let move = moves[key] { perform(.move(move)) }
    }

    private func perform(_ command: Command) {
        switch command {
        case .move(let move): list.ask(presenter) { $0.apply(move, pageSize: pageSize) }
        case .search(.next): presenter.didPressNextMatch()
        case .search(.previous): presenter.didPressPreviousMatch()
        case .search(.begin): presenter.didPressFilter()
        case .open: presenter.didPressOpen()
        case .add: presenter.didPressAdd()
        case .rename: presenter.didPressRename()
        case .delete: presenter.didPressDelete()
        case .duplicate: presenter.didPressDuplicate()
        case .reverse: presenter.didPressReverse()
        case .sort: presenter.didPressSort()
        case .importTrips: presenter.didPressImport()
        case .regions: presenter.didPressRegions()
        case .filter: presenter.didPressFilter()
        case .clearFilter: presenter.didPressClearFilter()
        case .undo: presenter.didPressUndo()
        case .redo: presenter.didPressRedo()
        case .save: presenter.didPressSave()
        case .help: presenter.didPressHelp()
        case .quit: presenter.didPressQuit()
        }
    }

    // MARK: Mouse

    /// A click answers the question by its `y`/`n`, else selects a row (a double click opens it);
    /// the wheel moves the selection. Nothing acts on the row while it is being renamed.
    private func handle(_ event: MouseEvent) {
        if closingClick.swallows(event) { return }
        if let dialog = confirmation {
            guard let answer = dialog.answer(for: event, in: screenBounds) else { return }
            closingClick.arm()
            return handle(.character(answer == .yes ? "y" : "n"))
        }
        if let shownRegions, shownRegions.handle(event) { return }
        switch editor {
        case .rename, .newTrip: return
        default: break
        }
        guard let drawnListRect, let action = list.action(for: event, in: drawnListRect) else { return }
        switch action {
        case .select(let row), .activate(let row): list.ask(presenter) { $0.select(row) }
        case .scroll(let rows): list.ask(presenter) { $0.moveSelection(by: rows) }
        }
        if case .activate = action, editor == nil, shownRegions == nil { presenter.didPressOpen() }
    }

    // MARK: Drawing

    func draw(on surface: Surface, in rect: Rect) {
        screenBounds = surface.bounds
        surface.titleLine(viewModel.title, subtitle: [viewModel.subtitle, viewModel.order].compactMap { $0 }.joined(separator: " · "), in: rect)
        let layout = TripListLayout(width: rect.width)
        drawHeadings(layout, on: surface, row: rect.row + 1)
        let hasFilterLine = viewModel.filter != nil
        let listRect = rect.inset(top: 2, bottom: hasFilterLine ? 1 : 0)
        pageSize = max(1, listRect.height)
        drawnListRect = viewModel.emptyMessage == nil ? listRect : nil
        if let emptyMessage = viewModel.emptyMessage {
            surface.centeredMessage(emptyMessage, in: listRect)
        } else {
            surface.list(&list, in: listRect) { index, rowRect, isSelected in
                drawRow(viewModel.rows[index], layout: layout, on: surface, in: rowRect, isSelected: isSelected)
            }
        }
        if hasFilterLine { drawFilterLine(on: surface, row: rect.bottom - 1, width: rect.width) }
        switch editor {
        case .importTrips(var dialog):
            dialog.draw(on: surface, in: rect)
            editor = .importTrips(dialog) // the fields' scroll and the help panel's, kept for the next frame
        case .newTrip(var dialog):
            dialog.draw(on: surface, in: rect)
            editor = .newTrip(dialog)
        default: break
        }
        shownRegions?.draw(on: surface, in: rect)
        confirmation?.draw(on: surface)
    }

    private func drawHeadings(_ layout: TripListLayout, on surface: Surface, row: Int) {
        surface.text("Trip", row: row, column: layout.name.column, width: layout.name.width, style: .header)
        surface.text(TextWidth.padded("Stops", to: layout.stops.width, alignment: .right), row: row, column: layout.stops.column, style: .header)
        surface.text(TextWidth.padded("Distance", to: layout.distance.width, alignment: .right), row: row, column: layout.distance.column, style: .header)
        if layout.route.width > 0 {
            surface.text("Route", row: row, column: layout.route.column, width: layout.route.width, style: .header)
        }
    }

    private func drawRow(_ row: TripListViewModel.Row, layout: TripListLayout, on surface: Surface, in rect: Rect, isSelected: Bool) {
        let style: Style = isSelected ? .selected : .normal
        if isSelected { surface.fill(row: rect.row, column: rect.column, width: rect.width, style: .selected) }
        if isSelected, case .rename(let field) = editor {
            field.draw(on: surface, row: rect.row, column: layout.name.column, width: rect.width - layout.name.column - 1, placingCursor: true)
            return
        }
        // What the filter matches is marked, as a search's matches are in the other lists.
        let marked = viewModel.filter
        surface.text(row.name, row: rect.row, column: layout.name.column, width: layout.name.width, style: style, marking: marked)
        surface.text(TextWidth.padded(row.stops, to: layout.stops.width, alignment: .right), row: rect.row, column: layout.stops.column, style: style)
        surface.text(TextWidth.padded(row.distance, to: layout.distance.width, alignment: .right), row: rect.row, column: layout.distance.column, style: style)
        if layout.route.width > 0 {
            surface.text(
                row.route, row: rect.row, column: layout.route.column, width: min(layout.route.width, rect.right - layout.route.column),
                style: isSelected ? style : .dim,
                marking: marked)
        }
    }

    private func drawFilterLine(on surface: Surface, row: Int, width: Int) {
        let label = "Filter: "
        surface.text(label, row: row, column: 1, style: .header)
        let fieldColumn = 1 + TextWidth.width(label)
        let fieldWidth = max(1, width - fieldColumn - 1)
        if case .filter(let field) = editor {
            field.draw(on: surface, row: row, column: fieldColumn, width: fieldWidth, placingCursor: true)
        } else {
            surface.text("\(viewModel.filter ?? "")  (/ edits, Esc clears)", row: row, column: fieldColumn, width: fieldWidth)
        }
    }
}

/// Columns of the trip list for a given width: name and route share what the fixed-width stop
/// count and distance leave; the route is dropped when the terminal is narrow.
struct TripListLayout: Equatable {
    struct Column: Equatable {
        let column: Int
        let width: Int
    }

    let name: Column
    let stops: Column
    let distance: Column
    let route: Column

    init(width: Int) {
        let stopsWidth = 9, distanceWidth = 11, gap = 2, margin = 1
        let flexible = max(0, width - margin - stopsWidth - distanceWidth - 3 * gap - margin)
        let nameWidth = flexible >= 36 ? flexible * 9 / 20 : flexible
        let routeWidth = flexible >= 36 ? flexible - nameWidth : 0
        name = Column(column: margin, width: nameWidth)
        stops = Column(column: name.column + nameWidth + gap, width: stopsWidth)
        distance = Column(column: stops.column + stopsWidth + gap, width: distanceWidth)
        route = Column(column: distance.column + distanceWidth + gap, width: routeWidth)
    }
}
