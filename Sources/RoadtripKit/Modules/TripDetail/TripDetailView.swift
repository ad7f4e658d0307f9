import Terminal

/// The stops of one trip: number, name, coordinates, leg and cumulative distance.
@MainActor
final class TripDetailView: Screen, TripDetailViewInput {
    enum Command: Hashable, Sendable {
        case move(ListState.Move)
        case back, save, help
    }

    static let keymap = Keymap<Command>(ListKeys.bindings { .move($0) } + [
        KeyBinding(.back, keys: [.escape, .character("q"), .left, .character("h")], label: "Back", help: "Back to the trip list", statusBar: true),
        KeyBinding(.save, keys: [.character("s")], label: "Save", help: "Save now (changes are also saved automatically)", statusBar: true),
        KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help", statusBar: true),
    ])

    private let presenter: TripDetailViewOutput
    private var viewModel = TripDetailViewModel()
    private var list = ListState()
    private var pageSize = 10
    var needsDisplay = true

    init(presenter: TripDetailViewOutput) {
        self.presenter = presenter
    }

    func display(_ viewModel: TripDetailViewModel) {
        self.viewModel = viewModel
        list.setCount(viewModel.rows.count)
        if let row = viewModel.selectedRow { list.select(row) }
        needsDisplay = true
    }

    var helpTitle: String { "\(viewModel.title) — keys" }
    var helpEntries: [HelpEntry] { Self.keymap.helpEntries }
    var statusHints: [KeyHint] { Self.keymap.statusHints }
    var statusMessage: StatusMessage? { viewModel.message }

    func handle(_ key: Key) {
        guard let command = Self.keymap.command(for: key) else { return }
        switch command {
        case .move(let move):
            list.apply(move, pageSize: pageSize)
            if let row = list.selection { presenter.didSelect(row: row) }
        case .back: presenter.didPressBack()
        case .save: presenter.didPressSave()
        case .help: presenter.didPressHelp()
        }
    }

    func draw(on surface: Surface, in rect: Rect) {
        surface.titleLine(viewModel.title, subtitle: viewModel.subtitle, in: rect)
        let columns = Columns(width: rect.width)
        let headingRow = rect.row + 1
        surface.text("#", row: headingRow, column: columns.number, style: .header)
        surface.text("Stop", row: headingRow, column: columns.name, width: columns.nameWidth, style: .header)
        if columns.showsCoordinates { surface.text("Coordinates", row: headingRow, column: columns.coordinates, style: .header) }
        surface.text(TextWidth.padded("Leg", to: columns.distanceWidth, alignment: .right), row: headingRow, column: columns.leg, style: .header)
        surface.text(TextWidth.padded("Total", to: columns.distanceWidth, alignment: .right), row: headingRow, column: columns.total, style: .header)

        let listRect = rect.inset(top: 2)
        pageSize = max(1, listRect.height)
        if let empty = viewModel.emptyMessage {
            surface.centeredMessage(empty, in: listRect)
            return
        }
        surface.list(&list, in: listRect) { index, rowRect, isSelected in
            let row = viewModel.rows[index]
            let style: Style = isSelected ? .selected : .normal
            if isSelected { surface.fill(row: rowRect.row, column: rowRect.column, width: rowRect.width, style: .selected) }
            surface.text(TextWidth.padded(row.number, to: 4, alignment: .right), row: rowRect.row, column: columns.number - 3, style: style)
            surface.text(row.name, row: rowRect.row, column: columns.name, width: columns.nameWidth, style: style)
            if columns.showsCoordinates {
                surface.text(row.coordinates, row: rowRect.row, column: columns.coordinates, width: Columns.coordinatesWidth, style: isSelected ? style : .dim)
            }
            surface.text(TextWidth.padded(row.leg, to: columns.distanceWidth, alignment: .right), row: rowRect.row, column: columns.leg, style: style)
            surface.text(TextWidth.padded(row.total, to: columns.distanceWidth, alignment: .right), row: rowRect.row, column: columns.total, style: style)
        }
    }

    /// Column positions: number, name (flexible), coordinates (dropped when narrow), leg, total.
    struct Columns {
        static let coordinatesWidth = 24
        let number = 4
        let name = 6
        let nameWidth: Int
        let showsCoordinates: Bool
        let coordinates: Int
        let distanceWidth = 10
        let leg: Int
        let total: Int

        init(width: Int) {
            let fixed = name + 2 * (distanceWidth + 2) + 1
            showsCoordinates = width - fixed - Self.coordinatesWidth - 2 >= 16
            nameWidth = max(4, width - fixed - (showsCoordinates ? Self.coordinatesWidth + 2 : 0))
            coordinates = name + nameWidth + 2
            leg = (showsCoordinates ? coordinates + Self.coordinatesWidth : name + nameWidth) + 2
            total = leg + distanceWidth + 2
        }
    }
}
