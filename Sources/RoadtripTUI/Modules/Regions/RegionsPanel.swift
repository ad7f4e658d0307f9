import Foundation
import ScreenModels
import Terminal
import TextCanvas

/// What the regions panel shows, formatted by the presenter.
struct RegionsViewModel: Equatable {
    struct Row: Equatable {
        let name: String
        /// "245 places · 1,331 roads · 42.44–42.66°N 1.42–1.78°E · added 2026-11-24", or why
        /// the region cannot be read, or its places not searched (an older roadtrip added it).
        let detail: String
        /// `detail` is such a sentence, for the user to act on.
        var isDamaged = false
        /// The region was downloaded, and its extract changed on the server since (`U` updates it).
        var hasUpdate = false
    }

    var rows: [Row] = []
    /// Where the regions live, for the panel's last line.
    var folder = ""
    /// Why the last update of a region failed, whole under the list (the status bar would cut it).
    var failure: String?
}

/// The trip list's panel of regions (`M`): the added OpenStreetMap extracts, one a row, with the
/// keys to add one from a path or download one by name, update the selected one, and remove it. A box over the list, in the style of
/// the other dialogs; it acts by telling the view what was asked.
///
/// The panel keeps its selection (the presenter deals in regions' names), so it keeps its search
/// too, with the pieces every list's search is made of (`RowSearch`, `SearchPrompt`).
struct RegionsPanel: Equatable {
    enum Command: Hashable, Sendable { case move(ListState.Move), search(ListSearchKey), add, download, update, remove, close }

    /// What a key did: a command for the presenter, or only the panel changed (the selection
    /// moved, the search's prompt), or nothing.
    enum Outcome: Equatable {
        case command(Command)
        /// The panel changed; a sentence for the status bar when the search has one to say.
        case changed(StatusMessage?)
        case ignored
    }

    static let keymap = Keymap<Command>(
        ListKeys.bindings { .move($0) } + ListKeys.searchBindings { .search($0) } + [
            KeyBinding(
                .add, keys: [.character("a")], label: "Add", help: "Add a region from an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz, .osm.bz2)",
                statusBar: true),
            KeyBinding(
                .download, keys: [.character("D")], label: "Download",
                help: "Download a region by name from the catalogue of extracts (Geofabrik's, or ROADTRIP_EXTRACTS_URL's)", statusBar: true),
            KeyBinding(.update, keys: [.character("U")], label: "Update", help: "Download again the selected region, when its extract has an update"),
            KeyBinding(.remove, keys: [.character("d"), .delete], label: "Remove", help: "Remove the selected region, after a y/n question", statusBar: true),
            KeyBinding(.close, keys: [.escape, .character("q"), .character("M")], label: "Close", help: "Back to the trips", statusBar: true),
        ])

    private(set) var viewModel: RegionsViewModel
    private var list = ListState()
    private var search = RowSearch()
    /// The search's `/` prompt while it is typed.
    private(set) var prompt: SearchPrompt?

    init(_ viewModel: RegionsViewModel, selecting name: String? = nil) {
        self.viewModel = viewModel
        list.setCount(viewModel.rows.count)
        list.select(name.flatMap { name in viewModel.rows.firstIndex { $0.name == name } } ?? 0)
        search.use(viewModel.rows.map { [$0.name, $0.detail] })
    }

    /// The same panel with new rows (what the update check found), the selected region and the
    /// search kept.
    func updated(_ viewModel: RegionsViewModel) -> RegionsPanel {
        var panel = self
        panel.viewModel = viewModel
        panel.list.setCount(viewModel.rows.count)
        panel.list.select(selectedName.flatMap { name in viewModel.rows.firstIndex { $0.name == name } } ?? 0)
        panel.search.use(viewModel.rows.map { [$0.name, $0.detail] })
        return panel
    }

    var selectedName: String? {
        list.selection.flatMap { viewModel.rows.indices.contains($0) ? viewModel.rows[$0].name : nil }
    }

    /// Why the selected region cannot be used, when it cannot.
    private var selectedProblem: String? {
        list.selection.flatMap { viewModel.rows.indices.contains($0) && viewModel.rows[$0].isDamaged ? viewModel.rows[$0].detail : nil }
    }

    /// What a key does: the search's prompt has the keys while it is open; a move or a search is
    /// done here, `pageSize` rows a page (`listHeight`); the other commands are the presenter's.
    mutating func handle(_ key: Key, pageSize: Int = 10) -> Outcome {
        if var shown = prompt { return type(key, in: &shown) }
        guard let command = Self.keymap.command(for: key) else { return .ignored }
        switch command {
        case .move(let move):
            list.apply(move, pageSize: pageSize)
            return .changed(nil)
        case .search(.begin):
            search.begin(at: list.selection)
            prompt = SearchPrompt()
            return .changed(nil)
        case .search(.next): return step(.forward)
        case .search(.previous): return step(.backward)
        default: return .command(command)
        }
    }

    /// A key in the search's prompt.
    private mutating func type(_ key: Key, in shown: inout SearchPrompt) -> Outcome {
        switch shown.handle(key) {
        case .changed(let pattern):
            select(search.type(pattern))
            prompt = SearchPrompt.following(search.state, current: shown)
            return .changed(nil)
        case .submit:
            let found = search.submit(from: list.selection)
            select(found.row)
            prompt = nil
            return .changed(found.message)
        case .cancel:
            select(search.cancel())
            prompt = nil
            return .changed(nil)
        case .handled:
            prompt = shown
            return .changed(nil)
        case .ignored:
            return .ignored
        }
    }

    private mutating func step(_ direction: ListSearch.Direction) -> Outcome {
        let found = search.step(direction, from: list.selection)
        select(found.row)
        return .changed(found.message)
    }

    private mutating func select(_ row: Int?) {
        if let row { list.select(row) }
    }

    /// The rows the list shows on a screen of `bounds`: all of them while they fit.
    func listHeight(in bounds: Rect) -> Int {
        let empty = viewModel.rows.isEmpty
        let width = min(max(40, bounds.width - 4), 100)
        if empty { return noRegionNote(width: width).count }
        return min(viewModel.rows.count, max(1, bounds.height - 8 - problemLines(width: width, in: bounds).problemHeight))
    }

    private func noRegionNote(width: Int) -> [String] {
        TextWidth.wrap(
            "No region yet. An OpenStreetMap extract (from download.geofabrik.de, say) makes every village, "
                + "peak, lake and sight in it searchable offline: a adds one from a file, D downloads one by name.", width: width - 4)
    }

    /// A damaged region's sentence, whole under the list while it is selected (a row would cut
    /// it), else why an update failed; and the rows they take with the line above them.
    private func problemLines(width: Int, in bounds: Rect) -> (lines: [String], problemHeight: Int) {
        let problem =
            (selectedProblem ?? viewModel.failure).map {
                Array(TextWidth.wrap($0, width: width - 4, breakingLongWords: true).prefix(max(0, bounds.height - 10)))
            } ?? []
        return (problem, problem.isEmpty ? 0 : problem.count + 1)
    }

    /// Before the detail of a region whose extract changed on the server.
    static let updateMark = "update available · "

    @MainActor
    func draw(on surface: Surface) {
        let bounds = surface.bounds
        let width = min(max(40, bounds.width - 4), 100)
        let empty = viewModel.rows.isEmpty
        let note = empty ? noRegionNote(width: width) : []
        let (problem, problemHeight) = problemLines(width: width, in: bounds)
        let listHeight = listHeight(in: bounds)
        let box = bounds.centered(width: width, height: listHeight + 6 + problemHeight)
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" Regions ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        let listRect = Rect(row: box.row + 2, column: box.column + 1, width: box.width - 2, height: listHeight)
        if empty {
            for (offset, line) in note.enumerated() {
                surface.text(line, row: listRect.row + offset, column: box.column + 2, width: box.width - 4, style: .dim)
            }
        } else {
            var list = self.list
            let nameWidth = min(20, max(8, viewModel.rows.map { TextWidth.width($0.name) }.max() ?? 8))
            surface.list(&list, in: listRect) { index, rowRect, isSelected in
                let row = viewModel.rows[index]
                let style: Style = isSelected ? .selected : .normal
                if isSelected { surface.fill(row: rowRect.row, column: rowRect.column, width: rowRect.width, style: .selected) }
                let marked = search.state.highlighted
                surface.text(row.name, row: rowRect.row, column: rowRect.column + 1, width: nameWidth, style: style, marking: marked)
                let mark = row.hasUpdate ? Self.updateMark : ""
                let markWidth = TextWidth.width(mark)
                if row.hasUpdate {
                    surface.text(mark, row: rowRect.row, column: rowRect.column + nameWidth + 3, width: markWidth, style: isSelected ? style : .accent)
                }
                surface.text(
                    row.detail, row: rowRect.row, column: rowRect.column + nameWidth + 3 + markWidth, width: rowRect.width - nameWidth - 4 - markWidth,
                    style: row.isDamaged && !isSelected ? .error : isSelected ? style : .dim, marking: marked)
            }
        }
        for (offset, line) in problem.enumerated() {
            surface.text(line, row: listRect.bottom + 1 + offset, column: box.column + 2, width: box.width - 4, style: .error)
        }
        surface.text(TextWidth.clipped(viewModel.folder, to: box.width - 4), row: box.bottom - 3, column: box.column + 2, width: box.width - 4, style: .dim)
        let update = viewModel.rows.contains(where: \.hasUpdate) ? " · U update" : ""
        surface.text("a add · D download · d remove\(update) · Esc close", row: box.bottom - 2, column: box.column + 2, width: box.width - 4, style: .dim)
    }
}
