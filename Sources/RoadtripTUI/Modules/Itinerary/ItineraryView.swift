import RoadtripCore
import ScreenModels
import Terminal
import TextCanvas

/// The trip day by day: a heading per day, then its stops (local arrival and departure times,
/// stay, night, sun), the legs between them and the places proposed for a night on the road;
/// scrolled a line at a time. `a` makes the selected day's proposed night a stop (`a` adds
/// everywhere; `n` is the next match of a search, as in every list).
@MainActor
final class ItineraryView: Screen, ItineraryViewInput {
    enum Command: Hashable, Sendable {
        case move(ListState.Move)
        case search(ListSearchKey)
        case undo, redo, save, help, back, addNight, along
    }

    static let keymap = Keymap<Command>(
        ListKeys.bindings { .move($0) } + ListKeys.searchBindings { .search($0) } + [
            KeyBinding(
                .addNight, keys: [.character("a")], label: "Add stop",
                help: "Add the place proposed for the selected day's night as a stop, with a night there; on a fill-up line, the station", statusBar: true),
            KeyBinding(
                .along, keys: [.character("A")], label: "Along",
                help: "Along the road on the selected day: fuel, charging, food, beds, sights… near its route, with their detour; Enter adds one as a stop",
                statusBar: true),
            KeyBinding(.undo, keys: [.character("u")], label: "Undo", help: "Undo the last change (the plan follows)"),
            KeyBinding(.redo, keys: [.control("r")], label: "Redo", help: "Redo what was undone"),
            KeyBinding(.save, keys: [.character("s")], label: "Save", help: "Save now (changes are also saved automatically)"),
            KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help", statusBar: true),
            KeyBinding(
                .back, keys: [.escape, .character("q"), .left, .character("h"), .character("i")], label: "Back", help: "Back to the trip", statusBar: true),
        ])

    static let readOnlyKeymap = keymap.keeping { ![.undo, .redo, .save, .addNight].contains($0) }

    private let presenter: ItineraryViewOutput
    private var viewModel = ItineraryViewModel()
    /// Lines and scroll; the selection drawn is only ever the presenter's (`display`), moved by asking it (`ListState.ask`).
    private var list = ListState()
    /// The search's `/` prompt while it is typed (the presenter's `viewModel.search` opens and closes it).
    private var prompt: SearchPrompt?
    private var pageSize = 10
    /// Where the last frame drew the rows (nil: none), for the mouse.
    private var drawnListRect: Rect?
    var needsDisplay = true

    init(presenter: ItineraryViewOutput) {
        self.presenter = presenter
    }

    func display(_ viewModel: ItineraryViewModel) {
        let shown = self.viewModel.message
        self.viewModel = viewModel
        if viewModel.keepsMessage { self.viewModel.message = shown }
        list.setCount(viewModel.rows.count)
        if let row = viewModel.selectedRow { list.select(row) }
        prompt = SearchPrompt.following(viewModel.search, current: prompt)
        needsDisplay = true
    }

    // MARK: Screen

    var helpTitle: String { "\(viewModel.title) day by day — keys" }
    private var shownKeymap: Keymap<Command> { viewModel.isReadOnly ? Self.readOnlyKeymap : Self.keymap }
    var helpEntries: [HelpEntry] { shownKeymap.helpEntries }
    var statusHints: [KeyHint] { shownKeymap.statusHints }
    var statusMessage: StatusMessage? { viewModel.message }
    func dismissStatusMessage() { viewModel.message = nil }
    var searchPrompt: SearchPrompt? { prompt }

    /// Keys go to the search's prompt while it is open, else to the command table.
    func handle(_ key: Key) {
        if case .mouse(let event) = key { return handle(event) }
        if var shown = prompt {
            let outcome = shown.handle(key)
            prompt = shown
            if presenter.report(outcome) { needsDisplay = true }
            return
        }
        guard let command = Self.keymap.command(for: key) else {
            // A key with no command here says so (`UnusedKeys`).
            if let message = UnusedKeys.message(for: key, on: .days) {
                viewModel.message = message
                needsDisplay = true
            }
            return
        }
        switch command {
        case .move(let move): list.ask(presenter) { $0.apply(move, pageSize: pageSize) }
        case .search(let key): presenter.didPress(key)
        case .undo: presenter.didPressUndo()
        case .redo: presenter.didPressRedo()
        case .save: presenter.didPressSave()
        case .help: presenter.didPressHelp()
        case .back: presenter.didPressBack()
        case .addNight: if let row = list.selection { presenter.didPressAddNight(row: row) }
        case .along: if let row = list.selection { presenter.didPressAlong(row: row) }
        }
    }

    // MARK: Mouse

    /// A click selects a line, the wheel scrolls (the selection moves with it): the plan is
    /// read-only, so a double click does no more than a click.
    private func handle(_ event: MouseEvent) {
        guard let drawnListRect, let action = list.action(for: event, in: drawnListRect) else { return }
        switch action {
        case .select(let row), .activate(let row): list.ask(presenter) { $0.select(row) }
        case .scroll(let rows): list.ask(presenter) { $0.moveSelection(by: rows) }
        }
    }

    // MARK: Drawing

    func draw(on surface: Surface, in rect: Rect) {
        surface.titleLine("\(viewModel.title) — day by day", subtitle: viewModel.subtitle, in: rect)
        let listRect = rect.inset(top: 1, bottom: 2)
        pageSize = max(1, listRect.height)
        drawnListRect = viewModel.emptyMessage == nil ? listRect : nil
        if let empty = viewModel.emptyMessage {
            surface.centeredMessage(empty, in: listRect)
        } else {
            let columns = ItineraryColumns(width: listRect.width, rows: viewModel.rows)
            surface.list(&list, in: listRect) { index, rowRect, isSelected in
                draw(viewModel.rows[index], columns: columns, on: surface, in: rowRect, isSelected: isSelected)
            }
        }
        surface.rule(row: rect.bottom - 2, column: rect.column, width: rect.width)
        surface.text(" \(viewModel.summary)", row: rect.bottom - 1, column: rect.column, width: rect.width, style: .accent)
    }

    private func draw(_ row: ItineraryRow, columns: ItineraryColumns, on surface: Surface, in rect: Rect, isSelected: Bool) {
        if isSelected { surface.fill(row: rect.row, column: rect.column, width: rect.width, style: .selected) }
        func style(_ normal: Style) -> Style { isSelected ? .selected : normal }
        let marked = viewModel.search.highlighted
        switch row.kind {
        case .day:
            let used = 1 + surface.text(row.title, row: rect.row, column: rect.column + 1, width: rect.width - 1, style: style(.header), marking: marked)
            let detailColumn = rect.column + used + 3
            surface.text(row.detail, row: rect.row, column: detailColumn, width: max(0, rect.right - detailColumn), style: style(.accent), marking: marked)
        case .visit, .stopover:
            surface.text(row.time, row: rect.row, column: columns.time, width: 13, style: style(.normal))
            surface.text(row.zone, row: rect.row, column: columns.zone, width: 6, style: style(.dim))
            surface.text(
                row.title, row: rect.row, column: columns.title, width: columns.titleWidth, style: style(row.kind == .visit ? .normal : .dim), marking: marked)
            surface.text(row.detail, row: rect.row, column: columns.detail, width: max(0, columns.detailWidth), style: style(.accent), marking: marked)
            if let sun = columns.sun { surface.text(row.sun, row: rect.row, column: sun, width: rect.right - sun, style: style(.dim)) }
        case .leg, .fuel:
            let titleStyle: Style = row.kind == .leg ? .dim : row.isWarning ? .error : .normal
            let used = surface.text(
                row.title, row: rect.row, column: columns.title + 1, width: max(0, rect.right - columns.title - 1), style: style(titleStyle),
                marking: marked)
            let detailColumn = columns.title + 1 + used + 2
            surface.text(
                row.detail, row: rect.row, column: detailColumn, width: max(0, rect.right - detailColumn), style: style(row.isWarning ? .error : .accent),
                marking: marked)
        }
    }
}

/// Where the parts of a stop's line go for a width: times and zone first, the name, what
/// happens there, and the sun at the end when there is room.
struct ItineraryColumns: Equatable {
    let time = 2
    let zone = 16
    let title = 23
    let titleWidth: Int
    let detail: Int
    let detailWidth: Int
    let sun: Int?

    init(width: Int, rows: [ItineraryRow]) {
        let sunWidth = 16
        let lines = rows.filter { $0.kind == .visit || $0.kind == .stopover }
        let longestTitle = lines.map { TextWidth.width($0.title) }.max() ?? 0
        let longestDetail = lines.map { TextWidth.width($0.detail) }.max() ?? 0
        let room = max(0, width - title)
        titleWidth = min(longestTitle, max(12, room * 2 / 5))
        detail = title + titleWidth + 2
        let showsSun = width - detail - min(longestDetail, 24) - 2 >= sunWidth
        sun = showsSun ? width - sunWidth : nil
        detailWidth = (sun ?? width) - detail - 1
    }
}
