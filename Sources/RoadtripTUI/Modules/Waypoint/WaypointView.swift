import RoadtripCore
import ScreenModels
import Terminal
import TextCanvas

/// The stop editor: a Place field with the places it finds listed under it, Name and Notes
/// fields, and a preview of the chosen place. A text field always has the focus, so only keys
/// that are not text act: Tab/Shift-Tab, ↑/↓/PgUp/PgDn, Enter, Esc, F1.
@MainActor
final class WaypointView: MapScreen, WaypointViewInput {
    enum Command: Hashable, Sendable {
        case nextField, previousField
        case move(ListState.Move)
        case confirm, cancel, help
    }

    static let keymap = Keymap<Command>([
        KeyBinding(.confirm, keys: [.enter], label: "Use place", help: "Use the chosen place and go back to the trip", statusBar: true),
        KeyBinding(.move(.up), keys: [.up], label: "Previous", help: "Choose the previous place"),
        KeyBinding(.move(.down), keys: [.down], label: "Next", help: "Choose the next place"),
        KeyBinding(.move(.pageUp), keys: [.pageUp], label: "PgUp", help: "Move up one page of places"),
        KeyBinding(.move(.pageDown), keys: [.pageDown], label: "PgDn", help: "Move down one page of places"),
        KeyBinding(.nextField, keys: [.tab], label: "Next field", help: "Go to the next field (Place, Name, Notes, Stay, Night)", statusBar: true),
        KeyBinding(.previousField, keys: [.backTab], label: "Previous field", help: "Go to the previous field"),
        KeyBinding(.cancel, keys: [.escape], label: "Cancel", help: "Go back to the trip without changing it", statusBar: true),
        KeyBinding(.help, keys: [.function(1)], label: "Help", help: "Show this help", statusBar: true),
    ])

    enum Field: Int, CaseIterable {
        case place, name, notes, stay, overnight
        var label: String { ["Place", "Name", "Notes", "Stay", "Night"][rawValue] }
    }

    /// Terminals at least this wide show a small map of the chosen place beside the results.
    static let mapMinimumWidth = 100

    /// The map's width beside results `fieldWidth` wide: two fifths of it, as the trip detail screen's
    /// map takes, and never under 36 columns (a fixed 36 left a 200-column screen's map a sliver
    /// beside results twice as wide as their text).
    static func mapWidth(fieldWidth: Int) -> Int {
        max(36, fieldWidth * 2 / 5)
    }

    private let presenter: WaypointViewOutput
    /// The small map of the chosen place: the same panel as the trip detail screen's.
    var map = TripMapPanel()
    private var viewModel = WaypointViewModel()
    /// The text fields, by `Field` (Night is a check box, `overnight`).
    private var fields = [TextField(), TextField(maximumLength: NameLength.maximum), TextField(), TextField()]
    private var overnight = false
    private var focus = Field.place
    /// The results' rows and scroll. Which place is chosen is the presenter's alone
    /// (`WaypointViewModel.selectedResult`): the view draws it and asks for another (`ask`), never
    /// moves it itself.
    private var results = ListState()
    private var pageSize = 8
    /// Where the last frame drew each field's line, the fields' column, and the result rows
    /// (nil: a note instead), for the mouse.
    private var drawnFieldRows: [Field: Int] = [:]
    private var drawnFieldColumn = 0
    private var drawnResultsRect: Rect?
    var needsDisplay = true

    init(presenter: WaypointViewOutput) {
        self.presenter = presenter
    }

    // MARK: WaypointViewInput

    func display(_ viewModel: WaypointViewModel) {
        self.viewModel = viewModel
        results.setCount(viewModel.results.count)
        if let row = viewModel.selectedResult { results.select(row) }
        needsDisplay = true
    }

    func fill(place: String, name: String, notes: String, stay: String, overnight: Bool) {
        fields = [TextField(text: place), TextField(text: name, maximumLength: NameLength.maximum), TextField(text: notes), TextField(text: stay)]
        self.overnight = overnight
        needsDisplay = true
    }

    // MARK: Screen

    var helpTitle: String { "Stop editor — keys" }
    var helpEntries: [HelpEntry] {
        Self.keymap.helpEntries + TextField.keymap.helpEntries + Self.nightKeymap.helpEntries
    }
    var statusHints: [KeyHint] { Self.keymap.statusHints }
    var statusMessage: StatusMessage? { viewModel.message }
    func dismissStatusMessage() { viewModel.message = nil }

    func finishEditing(before request: QuitRequest) -> Bool {
        presenter.didRequestQuit(request)
    }

    func handle(_ key: Key) {
        if case .mouse(let event) = key { return handle(event) }
        if let command = Self.keymap.command(for: key) {
            perform(command)
            return
        }
        if focus == .overnight {
            return toggleOvernight(key)
        }
        let outcome = fields[focus.rawValue].handle(key)
        switch outcome {
        case .edited:
            needsDisplay = true
            report(edited: focus)
        case .moved:
            needsDisplay = true
        case .full:
            presenter.didReachNameLengthLimit()
        case .submit, .cancel, .ignored:
            break
        }
    }

    /// The Night check box's keys.
    enum NightCommand: Hashable, Sendable { case toggle, tick, clear }
    static let nightKeymap = Keymap<NightCommand>([
        KeyBinding(.toggle, keys: [.character(" "), .character("x")], label: "Toggle", help: "Night: end the day at this stop, or not"),
        KeyBinding(.tick, keys: [.character("y"), .character("Y")], label: "Yes", help: "Night: end the day here"),
        KeyBinding(.clear, keys: [.character("n"), .character("N")], label: "No", help: "Night: drive on from here"),
    ])

    private func toggleOvernight(_ key: Key) {
        let value: Bool
        switch Self.nightKeymap.command(for: key) {
        case .toggle: value = !overnight
        case .tick: value = true
        case .clear: value = false
        case nil: return
        }
        overnight = value
        needsDisplay = true
        presenter.didChangeOvernight(value)
    }

    private func report(edited field: Field) {
        let text = fields[field.rawValue].text
        switch field {
        case .place: presenter.didChangePlace(text)
        case .name: presenter.didChangeName(text)
        case .notes: presenter.didChangeNotes(text)
        case .stay: presenter.didChangeStay(text)
        case .overnight: break
        }
    }

    private func perform(_ command: Command) {
        switch command {
        case .nextField:
            focus(Field(rawValue: (focus.rawValue + 1) % Field.allCases.count) ?? .place)
        case .previousField:
            focus(Field(rawValue: (focus.rawValue + Field.allCases.count - 1) % Field.allCases.count) ?? .place)
        case .move(let move):
            ask { $0.apply(move, pageSize: pageSize) }
        case .confirm: presenter.didPressConfirm()
        case .cancel: presenter.didPressCancel()
        case .help: presenter.didPressHelp()
        }
    }

    /// Gives `field` the keys, its text selected as every field's is when it takes the focus, by
    /// key or by click: typing replaces it, an arrow keeps it.
    private func focus(_ field: Field) {
        focus = field
        if field != .overnight { fields[field.rawValue].select() }
        needsDisplay = true
    }

    // MARK: Mouse

    /// A click on a field's line focuses the field (on Night's box, it also turns it over); on a
    /// place, chooses it, and a double click uses it as Enter does; the wheel over the places
    /// moves the choice.
    private func handle(_ event: MouseEvent) {
        if let drawnResultsRect, let action = results.action(for: event, in: drawnResultsRect) {
            return handleResults(action)
        }
        guard event.kind == .click || event.kind == .doubleClick,
            let field = drawnFieldRows.first(where: { $0.value == event.row })?.key
        else { return }
        if field != focus { focus(field) }
        if field == .overnight, (drawnFieldColumn..<drawnFieldColumn + 3).contains(event.column) {
            toggleOvernight(.character(" "))
        }
    }

    private func handleResults(_ action: ListMouseAction) {
        switch action {
        case .select(let row), .activate(let row): ask { $0.select(row) }
        case .scroll(let rows): ask { $0.moveSelection(by: rows) }
        }
        needsDisplay = true
        if case .activate = action { presenter.didPressConfirm() }
    }

    /// Asks the presenter to choose the row `change` would select; its answer comes back through
    /// `display`, which is what moves the drawn choice.
    private func ask(_ change: (inout ListState) -> Void) {
        var asked = results
        change(&asked)
        if let row = asked.selection { presenter.didSelectResult(row) }
    }

    // MARK: Drawing

    func draw(on surface: Surface, in rect: Rect) {
        surface.titleLine(viewModel.title, subtitle: "", in: rect)
        let labelWidth = 7, fieldColumn = rect.column + 1 + labelWidth
        let fieldWidth = max(1, rect.width - labelWidth - 2)
        drawField(.place, on: surface, row: rect.row + 2, column: fieldColumn, width: fieldWidth)
        let showsMap = rect.width >= Self.mapMinimumWidth
        let mapWidth = Self.mapWidth(fieldWidth: fieldWidth)
        let resultsWidth = showsMap ? fieldWidth - mapWidth - 1 : fieldWidth
        let resultsRect = Rect(row: rect.row + 3, column: fieldColumn, width: resultsWidth, height: max(1, rect.height - 11))
        pageSize = resultsRect.height
        drawnResultsRect = viewModel.resultsNote == nil ? resultsRect : nil
        drawnFieldColumn = fieldColumn
        drawResults(on: surface, in: resultsRect)
        if showsMap {
            drawMap(on: surface, in: Rect(row: resultsRect.row, column: resultsRect.right + 1, width: mapWidth, height: resultsRect.height))
        }
        let nameRow = resultsRect.bottom + 1
        drawnFieldRows = [.place: rect.row + 2, .name: nameRow, .notes: nameRow + 1, .stay: nameRow + 2, .overnight: nameRow + 3]
        drawField(.name, on: surface, row: nameRow, column: fieldColumn, width: fieldWidth, placeholder: viewModel.namePlaceholder)
        drawField(.notes, on: surface, row: nameRow + 1, column: fieldColumn, width: fieldWidth, placeholder: "(optional)")
        drawField(.stay, on: surface, row: nameRow + 2, column: fieldColumn, width: fieldWidth, placeholder: "(optional: “2 h”, “45 min”, “2 nights”)")
        drawOvernight(on: surface, row: nameRow + 3, column: fieldColumn, width: fieldWidth)
        surface.rule(row: nameRow + 4, column: rect.column, width: rect.width)
        for (offset, line) in viewModel.preview.prefix(2).enumerated() {
            surface.text(" \(line)", row: nameRow + 5 + offset, column: rect.column, width: rect.width, style: offset == 0 ? .accent : .normal)
        }
    }

    /// A region around the chosen place, its pin numbered as the stop will be.
    private func drawMap(on surface: Surface, in rect: Rect) {
        guard let stop = viewModel.mapStop, rect.height >= 4 else { return }
        map.draw(stops: [stop], selected: 0, unit: viewModel.unit, on: surface, in: rect)
    }

    private func drawOvernight(on surface: Surface, row: Int, column: Int, width: Int) {
        let isFocused = focus == .overnight
        surface.text(Field.overnight.label, row: row, column: column - 7, width: 6, style: isFocused ? .header : .normal)
        let box = overnight ? "[x]" : "[ ]"
        let used = surface.text(box, row: row, column: column, width: 3, style: isFocused ? .input : .normal)
        surface.text(" End the day here\(isFocused ? " (Space toggles)" : "")", row: row, column: column + used, width: max(0, width - used), style: .dim)
    }

    private func drawField(_ field: Field, on surface: Surface, row: Int, column: Int, width: Int, placeholder: String = "") {
        surface.text(field.label, row: row, column: column - 7, width: 6, style: field == focus ? .header : .normal)
        fields[field.rawValue].draw(
            on: surface, row: row, column: column, width: width, focused: field == focus, placeholder: placeholder,
            placingCursor: true)
    }

    private func drawResults(on surface: Surface, in rect: Rect) {
        if let note = viewModel.resultsNote {
            for (offset, line) in TextWidth.wrap(note, width: rect.width - 1).prefix(rect.height).enumerated() {
                surface.text(line, row: rect.row + offset, column: rect.column + 1, style: viewModel.resultsNoteIsError ? .error : .dim)
            }
            return
        }
        let titleWidth = min(32, rect.width / 3)
        surface.list(&results, in: rect) { index, rowRect, isSelected in
            let result = viewModel.results[index]
            // A warning ("5,816 km from Fort William") takes the room it needs, up to a third.
            let trailingWidth = result.isOutOfLine ? min(max(16, TextWidth.width(result.trailing)), rowRect.width / 3) : 16
            let style: Style = isSelected ? .selected : .normal
            if isSelected { surface.fill(row: rowRect.row, column: rowRect.column, width: rowRect.width, style: .selected) }
            surface.text(result.title, row: rowRect.row, column: rowRect.column + 1, width: titleWidth, style: style)
            let detailColumn = rowRect.column + titleWidth + 3
            let detailWidth = rowRect.right - detailColumn - trailingWidth - 1
            let detail = PlaceLabel.fitting([result.detail] + result.shorterDetails, width: detailWidth)
            surface.text(detail, row: rowRect.row, column: detailColumn, width: detailWidth, style: isSelected ? style : .dim)
            let trailing = TextWidth.padded(
                result.trailing, to: min(trailingWidth, max(0, rowRect.right - detailColumn - max(0, detailWidth))), alignment: .right)
            surface.text(
                trailing, row: rowRect.row, column: rowRect.right - TextWidth.width(trailing),
                style: result.isOutOfLine ? .error : isSelected ? style : .dim)
        }
    }
}
