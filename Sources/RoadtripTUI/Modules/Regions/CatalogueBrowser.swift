import Foundation
import Terminal
import TextCanvas

/// What the catalogue browser shows, formatted by the presenter.
struct CatalogueViewModel: Equatable {
    struct Row: Equatable {
        /// The extract's id in the catalogue, which the view reports back when it is chosen.
        let id: String
        let name: String
        /// "europe/andorra": tells apart the extracts that share a name (Georgia, Georgia).
        let path: String
        /// "added" when a region was made of it.
        var added: String?
    }

    var rows: [Row] = []
    /// "2 of 512 extracts · https://download.geofabrik.de/index-v1.json": what the list is of.
    var summary = ""
    /// A sentence under the field: why the catalogue cannot be read or the download failed
    /// (`isError`), or that the catalogue is an older copy.
    var note: String?
    var isError = false
}

/// The regions panel's catalogue browser (`D`): a field that finds extracts by name or id as it
/// is typed, the extracts it finds, and Enter to download the chosen one. A box over the panel, in
/// the style of the other dialogs; it acts by telling the view what was asked.
struct CatalogueBrowser: Equatable {
    enum Command: Hashable, Sendable { case move(ListState.Move), download, close }

    /// The keys besides the field's own (`TextField.keymap`): typing goes to the field, so the list
    /// moves by the arrows alone.
    static let keymap = Keymap<Command>([
        KeyBinding(
            .download, keys: [.enter], label: "Download",
            help: "Download the chosen extract and add it as a region (progress in the status bar, Esc cancels)", statusBar: true),
        KeyBinding(.move(.up), keys: [.up], label: "Choose", help: "Choose the previous extract", statusBar: true, statusKey: "↑↓"),
        KeyBinding(.move(.down), keys: [.down], label: "Next", help: "Choose the next extract"),
        KeyBinding(.move(.pageUp), keys: [.pageUp], label: "PgUp", help: "Move up one page of extracts"),
        KeyBinding(.move(.pageDown), keys: [.pageDown], label: "PgDn", help: "Move down one page of extracts"),
        KeyBinding(.close, keys: [.escape], label: "Back", help: "Back to the regions, nothing downloaded", statusBar: true),
    ])

    enum Outcome: Equatable {
        /// The text changed: the presenter finds the extracts again.
        case edited(String)
        case download(id: String)
        case close
        /// Drawn again: the cursor or the selection moved.
        case handled
        case ignored
    }

    private(set) var viewModel: CatalogueViewModel
    private(set) var field: TextField
    private var list = ListState()

    init(_ viewModel: CatalogueViewModel, query: String, selecting id: String? = nil) {
        self.viewModel = viewModel
        field = TextField(text: query)
        field.select() // as every field taking the focus: typing replaces the query, an arrow keeps it
        show(viewModel, selecting: id)
    }

    /// New rows (the text changed, or what a download said): the first selected, or `id`'s.
    mutating func show(_ viewModel: CatalogueViewModel, selecting id: String? = nil) {
        self.viewModel = viewModel
        list.setCount(viewModel.rows.count)
        list.select(id.flatMap { id in viewModel.rows.firstIndex { $0.id == id } } ?? 0)
    }

    var selectedID: String? {
        list.selection.flatMap { viewModel.rows.indices.contains($0) ? viewModel.rows[$0].id : nil }
    }

    /// `pageSize`: the rows the list shows (`listHeight`), which PgUp and PgDn move by.
    mutating func handle(_ key: Key, pageSize: Int = 10) -> Outcome {
        switch Self.keymap.command(for: key) {
        case .move(let move):
            list.apply(move, pageSize: pageSize)
            return .handled
        case .download: return selectedID.map { .download(id: $0) } ?? .ignored
        case .close: return .close
        case nil: break
        }
        switch field.handle(key) {
        case .edited: return .edited(field.text)
        case .moved: return .handled
        case .submit, .cancel, .full, .ignored: return .ignored
        }
    }

    /// The sentence under the field, on as many lines as it takes (three at most).
    private func noteLines(width: Int) -> [String] {
        viewModel.note.map { Array(TextWidth.wrap($0, width: width - 4, breakingLongWords: true).prefix(3)) } ?? []
    }

    /// The rows the list shows on a screen of `bounds`: as many as there is room for (up to 15),
    /// whatever is found, so that the box stays put while typing.
    func listHeight(in bounds: Rect) -> Int {
        max(1, min(15, bounds.height - 10 - noteLines(width: min(max(40, bounds.width - 4), 100)).count))
    }

    @MainActor
    func draw(on surface: Surface) {
        let bounds = surface.bounds
        let width = min(max(40, bounds.width - 4), 100)
        let note = noteLines(width: width)
        let listHeight = listHeight(in: bounds)
        let box = bounds.centered(width: width, height: listHeight + 8 + note.count)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" Download a region ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        let label = "Find: "
        let inner = box.column + 2, innerWidth = box.width - 4
        surface.text(label, row: box.row + 2, column: inner, style: .header)
        let fieldColumn = inner + TextWidth.width(label)
        field.draw(
            on: surface, row: box.row + 2, column: fieldColumn, width: max(1, box.right - 2 - fieldColumn),
            placeholder: "a country, state or region: its name or id", placingCursor: true)
        for (offset, line) in note.enumerated() {
            surface.text(line, row: box.row + 3 + offset, column: inner, width: innerWidth, style: viewModel.isError ? .error : .dim)
        }
        let listRect = Rect(row: box.row + 4 + note.count, column: box.column + 1, width: box.width - 2, height: listHeight)
        if viewModel.rows.isEmpty, viewModel.note == nil {
            surface.text("No extract's name or id holds what is typed.", row: listRect.row, column: inner, width: innerWidth, style: .dim)
        } else {
            drawRows(in: listRect, on: surface)
        }
        surface.text(TextWidth.clipped(viewModel.summary, to: innerWidth), row: box.bottom - 3, column: inner, width: innerWidth, style: .dim)
        surface.text("type to find · ↑↓ choose · Enter download · Esc back", row: box.bottom - 2, column: inner, width: innerWidth, style: .dim)
    }

    @MainActor
    private func drawRows(in listRect: Rect, on surface: Surface) {
        var list = self.list
        let rows = viewModel.rows
        let addedWidth = rows.contains { $0.added != nil } ? 7 : 0
        // One width whatever is found, so that the columns do not move while typing.
        let nameWidth = min(28, listRect.width / 3)
        surface.list(&list, in: listRect) { index, rowRect, isSelected in
            let row = rows[index]
            let style: Style = isSelected ? .selected : .normal
            if isSelected { surface.fill(row: rowRect.row, column: rowRect.column, width: rowRect.width, style: .selected) }
            surface.text(row.name, row: rowRect.row, column: rowRect.column + 1, width: nameWidth, style: style)
            let pathColumn = rowRect.column + nameWidth + 3
            surface.text(
                row.path, row: rowRect.row, column: pathColumn, width: max(0, rowRect.right - pathColumn - addedWidth - 2),
                style: isSelected ? style : .dim)
            if let added = row.added {
                surface.text(added, row: rowRect.row, column: rowRect.right - addedWidth - 1, width: addedWidth, style: style)
            }
        }
    }
}
