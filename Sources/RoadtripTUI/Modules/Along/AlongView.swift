import RoadtripCore
import ScreenModels
import Terminal
import TextCanvas

/// The places along the road: the kinds shown (a digit each) and how far from the road, then a
/// row per place in the order they come (where along the trip, day, how far off and on which
/// side, name, kind, detour), the selected place in full under them, and the map beside them
/// with the places marked. Enter makes the selected place a stop. Keys become intents for the
/// presenter; the rows the list shows are reported, for their detours to be routed.
@MainActor
final class AlongView: MapScreen, AlongViewInput {
    enum Command: Hashable, Sendable {
        case move(ListState.Move)
        case search(ListSearchKey)
        case toggle(AlongKind)
        case farther, nearer, addStop, map, undo, redo, save, help, back
    }

    /// A digit for each kind, in `AlongKind`'s order (`kindKeys`): a kind added there gets its key here.
    static let kindBindings = zip(AlongKind.allCases, kindKeys).enumerated().map { index, kind in
        KeyBinding(
            Command.toggle(kind.0), keys: [.character(kind.1)], label: "Kinds", help: "Show or hide the \(kind.0.rawValue)",
            statusBar: index == 0, statusKey: kindKeys.count < 10 ? "1-\(kindKeys.count)" : "0-9")
    }

    /// The keys of the kinds, as the digits lie on the keyboard: 1 to 9, then 0, as many as there are kinds.
    static let kindKeys = Array("1234567890".prefix(AlongKind.allCases.count))

    static let keymap = Keymap<Command>(
        ListKeys.bindings { .move($0) } + ListKeys.searchBindings { .search($0) } + [
            KeyBinding(
                .addStop, keys: [.enter], label: "Add stop",
                help: "Add the selected place as a stop where it lies along the trip (after the stop before it; u undoes it)", statusBar: true)
        ] + kindBindings + [
            KeyBinding(
                .farther, keys: [.character("+"), .character("=")], label: "Distance",
                help: "Look farther from the road (0.5, 1, 2, 5, 10, 20 km or mi)", statusBar: true, statusKey: "+/-"),
            KeyBinding(.nearer, keys: [.character("-"), .character("_")], label: "Nearer", help: "Look nearer the road"),
            KeyBinding(.map, keys: [.character("m")], label: "Map", help: "Focus the map (on narrow terminals, show it)", statusBar: true),
            KeyBinding(.undo, keys: [.character("u")], label: "Undo", help: "Undo the last change"),
            KeyBinding(.redo, keys: [.control("r")], label: "Redo", help: "Redo what was undone"),
            KeyBinding(.save, keys: [.character("s")], label: "Save", help: "Save now (changes are also saved automatically)"),
            KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help", statusBar: true),
            KeyBinding(
                .back, keys: [.escape, .character("q"), .left, .character("h"), .character("A")], label: "Back",
                help: "Back to where the panel was opened", statusBar: true),
        ])

    static let readOnlyKeymap = keymap.keeping { ![.addStop, .undo, .redo, .save].contains($0) }

    private let presenter: AlongViewOutput
    var map = TripMapPanel()
    private(set) var viewModel = AlongViewModel()
    /// Rows and scroll; the selection drawn is only ever the presenter's (`display`).
    private var list = ListState()
    /// The search's `/` prompt while it is typed (the presenter's `viewModel.search` opens and closes it).
    private var prompt: SearchPrompt?
    private var pageSize = 10
    private var lastWidth = 0
    /// Where the last frame drew the rows (nil: none) and the map, for the mouse.
    private var drawnListRect: Rect?
    private var drawnMapRect: Rect?
    /// The columns for the rows shown, made again when they or the width change.
    private var cachedColumns: (width: Int, columns: AlongColumns)?
    /// The rows the list showed at the last report to the presenter (`didShowRows`).
    private var reportedRows: Range<Int>?
    var needsDisplay = true

    init(presenter: AlongViewOutput) {
        self.presenter = presenter
    }

    func display(_ viewModel: AlongViewModel) {
        if viewModel.rows != self.viewModel.rows { cachedColumns = nil }
        let shown = self.viewModel.message
        self.viewModel = viewModel
        if viewModel.keepsMessage { self.viewModel.message = shown }
        list.setCount(viewModel.rows.count)
        if let row = viewModel.selectedRow { list.select(row) }
        prompt = SearchPrompt.following(viewModel.search, current: prompt)
        needsDisplay = true
    }

    // MARK: Screen

    var helpTitle: String { "\(viewModel.title) — keys" }
    private var shownKeymap: Keymap<Command> { viewModel.isReadOnly ? Self.readOnlyKeymap : Self.keymap }
    var helpEntries: [HelpEntry] { shownKeymap.helpEntries + TripMapPanel.keymap.helpEntries.filter { $0.text.hasPrefix("Map:") } }
    var statusHints: [KeyHint] { map.isFocused ? TripMapPanel.statusHints : shownKeymap.statusHints }
    var statusMessage: StatusMessage? { viewModel.message }
    func dismissStatusMessage() { viewModel.message = nil }
    var searchPrompt: SearchPrompt? { prompt }

    /// The search's prompt first while it is open; then the map's keys while it has them (the
    /// panel's for the rest), else the panel's.
    func handle(_ key: Key) {
        if case .mouse(let event) = key { return handle(event) }
        if var shown = prompt {
            let outcome = shown.handle(key)
            prompt = shown
            if presenter.report(outcome) { needsDisplay = true }
            return
        }
        if map.isFocused, let command = TripMapPanel.keymap.command(for: key) {
            if command == .help { return presenter.didPressHelp() }
            map.perform(command)
            needsDisplay = true
            return
        }
        guard let command = Self.keymap.command(for: key) else {
            // A key with no command here says so (`UnusedKeys`).
            if let message = UnusedKeys.message(for: key, on: .along) {
                viewModel.message = message
                needsDisplay = true
            }
            return
        }
        switch command {
        case .move(let move): list.ask(presenter) { $0.apply(move, pageSize: pageSize) }
        case .search(let key): presenter.didPress(key)
        case .toggle(let kind): presenter.didToggle(kind)
        case .farther: presenter.didChangeReach(by: 1)
        case .nearer: presenter.didChangeReach(by: -1)
        case .addStop: if let row = list.selection { presenter.didPressAddStop(row: row) }
        case .map:
            map.open(width: lastWidth)
            needsDisplay = true
        case .undo: presenter.didPressUndo()
        case .redo: presenter.didPressRedo()
        case .save: presenter.didPressSave()
        case .help: presenter.didPressHelp()
        case .back: presenter.didPressBack()
        }
    }

    /// The map takes what is on it; on the rows a click selects, a double click adds the place,
    /// the wheel moves the selection.
    private func handle(_ event: MouseEvent) {
        if let drawnMapRect, map.handle(event, in: drawnMapRect, width: lastWidth) {
            needsDisplay = true
            return
        }
        guard let drawnListRect, let action = list.action(for: event, in: drawnListRect) else { return }
        if map.isFocused { map.close() }
        switch action {
        case .select(let row): list.ask(presenter) { $0.select(row) }
        case .activate(let row):
            list.ask(presenter) { $0.select(row) }
            presenter.didPressAddStop(row: row)
        case .scroll(let rows): list.ask(presenter) { $0.moveSelection(by: rows) }
        }
        needsDisplay = true
    }

    // MARK: Drawing

    func draw(on surface: Surface, in rect: Rect) {
        lastWidth = rect.width
        drawnListRect = nil
        surface.titleLine(viewModel.title, subtitle: viewModel.subtitle, in: rect)
        // A line for the selected place in full, kept while there are rows, so that the list
        // does not change height as the selection moves.
        let detailsRows = viewModel.rows.isEmpty ? 0 : 1
        let content = rect.inset(top: 1, bottom: 2 + detailsRows)
        let (listRect, mapRect) = map.split(content)
        drawnMapRect = mapRect
        if let listRect { drawPlaces(on: surface, in: listRect) }
        if let mapRect {
            map.drawBorder(of: mapRect, in: content, on: surface)
            map.draw(
                stops: viewModel.mapStops, selected: nil, unit: viewModel.unit, on: surface, in: mapRect, roads: viewModel.roads,
                places: viewModel.places, selectedPlace: viewModel.selectedRow)
        }
        if detailsRows > 0 {
            surface.text(" \(viewModel.selectedDetails)", row: rect.bottom - 3, column: rect.column, width: rect.width, style: .normal)
        }
        surface.rule(row: rect.bottom - 2, column: rect.column, width: rect.width)
        surface.text(" \(viewModel.summary)", row: rect.bottom - 1, column: rect.column, width: rect.width, style: .accent)
    }

    /// The kinds and the distance, the headings, and the rows (or why there are none).
    private func drawPlaces(on surface: Surface, in rect: Rect) {
        let kindRows = drawKinds(on: surface, in: rect)
        let listRect = rect.inset(top: kindRows + 1)
        pageSize = max(1, listRect.height)
        if let empty = viewModel.emptyMessage { return surface.centeredMessage(empty, in: listRect) }
        // The last column is the scroll indicator's when the rows overflow.
        let layout = columns(width: listRect.width - 1)
        for cell in layout.cells {
            surface.text(AlongColumns.headings[cell.index], row: listRect.row - 1, column: rect.column + cell.column, width: cell.width, style: .header)
        }
        drawnListRect = listRect
        surface.list(&list, in: listRect) { index, rowRect, isSelected in
            if isSelected { surface.fill(row: rowRect.row, column: rowRect.column, width: rowRect.width, style: .selected) }
            let cells = viewModel.rows[index].cells
            for cell in layout.cells where cell.column < rowRect.width {
                let style: Style = isSelected ? .selected : cell.index == AlongColumns.nameIndex ? .normal : .dim
                // The search looks in the name and the kind: there it marks what it matches.
                let marked = AlongColumns.searchedIndices.contains(cell.index) ? viewModel.search.highlighted : nil
                surface.text(
                    cells[cell.index], row: rowRect.row, column: rowRect.column + cell.column,
                    width: min(cell.width, rowRect.width - cell.column), style: style, marking: marked)
            }
        }
        reportRows(list.visibleRows(height: listRect.height))
    }

    /// Tells the presenter which rows the list shows, when that changed.
    private func reportRows(_ rows: Range<Int>) {
        guard rows != reportedRows else { return }
        reportedRows = rows
        presenter.didShowRows(rows)
    }

    /// Each kind's box, digit and name, then the distance, on as many lines as they take; returns how many.
    private func drawKinds(on surface: Surface, in rect: Rect) -> Int {
        let items =
            zip(viewModel.kinds, Self.kindKeys).map { kind, key in ("\(kind.isOn ? "[x]" : "[ ]") \(key) \(kind.name)", kind.isOn ? Style.normal : .dim) }
            + [("\(viewModel.reach) (+/-)", .accent)]
        var (row, column) = (rect.row, rect.column + 1)
        for (text, style) in items {
            if column > rect.column + 1, column + TextWidth.width(text) > rect.right, row + 1 < rect.bottom { (row, column) = (row + 1, rect.column + 1) }
            column += surface.text(text, row: row, column: column, width: max(0, rect.right - column), style: style) + 3
        }
        return row - rect.row + 1
    }

    private func columns(width: Int) -> AlongColumns {
        if let cachedColumns, cachedColumns.width == width { return cachedColumns.columns }
        let made = AlongColumns(width: width, rows: viewModel.rows)
        cachedColumns = (width, made)
        return made
    }
}

/// Where each of a row's cells goes for a width: every column as wide as its longest cell, the
/// name taking what is left. The name comes first (issue 53, item 9: it had 12 columns at 120
/// wide and 3 at 60, and the kind none): where it would get fewer than `narrowestName` columns
/// (or fewer than its longest), the day, how far off, where along the trip and the detour are
/// left out, in that order; the kind stays. The line under the list shows them all for the
/// selected place.
struct AlongColumns: Equatable {
    struct Cell: Equatable {
        /// Its place in `AlongViewModel.Row.cells`.
        let index: Int
        let column: Int
        let width: Int
    }

    static let headings = ["Where", "Day", "Off", "Place", "Kind", "Detour"]
    static let nameIndex = 3
    static let kindIndex = 4
    /// The cells a search looks in (`AlongPresenter`'s): the name and the kind.
    static let searchedIndices: Set<Int> = [nameIndex, kindIndex]
    /// The columns left out for the name, in that order.
    static let leftOut = [1, 2, 0, 5]
    /// The fewest columns the name is given before others are left out.
    static let narrowestName = 20
    /// The most columns the kind takes ("drinking water"): a longer kind is clipped here and
    /// whole on the line of the selected place.
    static let widestKind = 14

    let cells: [Cell]

    init(width: Int, rows: [AlongViewModel.Row]) {
        let gap = 2
        var widths = Self.headings.indices.map { index in
            rows.reduce(TextWidth.width(Self.headings[index])) { max($0, TextWidth.width($1.cells[index])) }
        }
        widths[Self.kindIndex] = min(widths[Self.kindIndex], Self.widestKind)
        let wanted = min(widths[Self.nameIndex], Self.narrowestName)
        var shown = Array(Self.headings.indices)
        func others() -> Int { shown.filter { $0 != Self.nameIndex }.reduce(0) { $0 + widths[$1] + gap } + 1 }
        for dropped in Self.leftOut where width - others() < wanted { shown.removeAll { $0 == dropped } }
        var column = 1
        var cells: [Cell] = []
        for index in shown {
            let cellWidth = index == Self.nameIndex ? max(4, min(widths[index], width - others())) : widths[index]
            cells.append(Cell(index: index, column: column, width: cellWidth))
            column += cellWidth + gap
        }
        self.cells = cells
    }
}
