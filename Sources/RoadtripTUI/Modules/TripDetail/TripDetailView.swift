import RoadtripCore
import ScreenModels
import Terminal
import TextCanvas

/// One trip on screen: the name as the title (a text field while renaming), a numbered table of
/// stops with legs and running totals, and the summary line. Forms and the yes/no question draw
/// over it. Keys become intents for the presenter.
@MainActor
final class TripDetailView: MapScreen, TripDetailViewInput {
    enum Command: Hashable, Sendable {
        case move(ListState.Move)
        case search(ListSearchKey)
        case rename, addStop, editStop, deleteStop, moveUp, moveDown, settings, itinerary, along, optimize, links, copyLink, openLink, export, regions
        case undo, redo, save, help, back, map
    }

    static let keymap = Keymap<Command>(
        ListKeys.bindings { .move($0) } + ListKeys.searchBindings { .search($0) } + [
            KeyBinding(.addStop, keys: [.character("a")], label: "Add", help: "Add a stop after the selected one", statusBar: true),
            KeyBinding(.editStop, keys: [.enter], label: "Edit", help: "Edit the selected stop", statusBar: true),
            KeyBinding(
                .deleteStop, keys: [.character("d"), .delete], label: "Delete", help: "Delete the selected stop, after a y/n question", statusBar: true),
            KeyBinding(.moveDown, keys: [.character("J"), .shiftDown], label: "Move down", help: "Move the selected stop down"),
            KeyBinding(.moveUp, keys: [.character("K"), .shiftUp], label: "Move up", help: "Move the selected stop up"),
            KeyBinding(.rename, keys: [.character("r")], label: "Rename", help: "Rename the trip (Enter keeps, Esc restores)", statusBar: true),
            KeyBinding(.itinerary, keys: [.character("i")], label: "Days", help: "The trip day by day: dates, legs, times, nights", statusBar: true),
            KeyBinding(
                .along, keys: [.character("A")], label: "Along",
                help: "Along the road: fuel, charging, food, beds, sights… near the route, where they come and their detour; Enter adds one as a stop"),
            KeyBinding(
                .optimize, keys: [.character("O")], label: "Optimize",
                help: "Find the shortest order of the stops (first and last kept), shown before it is used"),
            KeyBinding(
                .export, keys: [.character("e")], label: "Export",
                help: "Export the trip as GPX, GeoJSON, KML or an .ics calendar (the file's extension says which)"),
            KeyBinding(
                .links, keys: [.character("L")], label: "Link",
                help: "Directions links (Google Maps, OpenStreetMap, Apple Maps) printed plain: Shift-drag selects one whole, in tmux and xterm"),
            KeyBinding(
                .copyLink, keys: [.character("c")], label: "Copy link",
                help: "Copy the Google Maps link to the clipboard (OSC 52: tmux with set-clipboard on, kitty, iTerm2, xterm)"),
            KeyBinding(.openLink, keys: [.character("o")], label: "Open link", help: "Open the Google Maps link in the browser (xdg-open; needs a display)"),
            KeyBinding(
                .settings, keys: [.character("S"), .character(",")], label: "Settings",
                help: "Settings: start, daily driving, speed, road factor, units, zone, sunset, costs (F1 in the form says what each means)"),
            KeyBinding(.map, keys: [.character("m")], label: "Map", help: "Focus the map (on narrow terminals, show it)", statusBar: true),
            KeyBinding(
                .regions, keys: [.character("M")], label: "Regions",
                help: "Regions (maps): the OpenStreetMap extracts whose roads route the legs and whose places are found; add, download, update, remove"),
            KeyBinding(.undo, keys: [.character("u")], label: "Undo", help: "Undo the last change", statusBar: true),
            KeyBinding(.redo, keys: [.control("r")], label: "Redo", help: "Redo what was undone"),
            KeyBinding(.save, keys: [.character("s")], label: "Save", help: "Save now (changes are also saved automatically)"),
            KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help", statusBar: true),
            KeyBinding(.back, keys: [.escape, .character("q"), .left, .character("h")], label: "Back", help: "Back to the trip list", statusBar: true),
        ], statusOrder: [.addStop, .itinerary, .optimize, .export, .links, .settings, .deleteStop, .editStop, .rename, .map, .undo, .along, .back, .help])

    private enum Overlay {
        case rename(TextField)
        case form(TripDetailForm, FormDialog)
        case confirmation(ConfirmDialog)
        case links(LinksPanel, DirectionsService)
    }

    /// The links dialog's keys: a service each, and closing it.
    enum LinksCommand: Hashable, Sendable { case service(DirectionsService), copy, open, close, help }

    static let linksKeymap = Keymap<LinksCommand>([
        KeyBinding(.copy, keys: [.character("c")], label: "Copy", help: "Copy the links shown to the clipboard (OSC 52)", statusBar: true),
        KeyBinding(.open, keys: [.character("o")], label: "Open", help: "Open the (first) link shown in the browser", statusBar: true),
        KeyBinding(.service(.google), keys: [.character("g")], label: "Google", help: "Links for Google Maps"),
        KeyBinding(.service(.osm), keys: [.character("m")], label: "OSM", help: "Links for OpenStreetMap"),
        KeyBinding(.service(.apple), keys: [.character("a")], label: "Apple", help: "Links for Apple Maps"),
        KeyBinding(.close, keys: [.escape, .enter, .character("q"), .character("L")], label: "Close", help: "Close the links", statusBar: true),
        KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help"),
    ])

    /// While the name is edited in the title (the field's own keys are `TextField.keymap`).
    static let renameKeymap = Keymap<TextField.Command>([
        KeyBinding(.submit, keys: [.enter], label: "Keep", help: "Keep the name", statusBar: true),
        KeyBinding(.cancel, keys: [.escape], label: "Restore", help: "Restore the name it had", statusBar: true),
    ])

    private let presenter: TripDetailViewOutput
    var map: TripMapPanel
    /// The width last drawn, so `m` knows whether the map sits beside the stops.
    private var lastWidth = 0
    private(set) var viewModel = TripDetailViewModel()
    /// Rows and scroll; the selection drawn is only ever the presenter's (`display`), moved by asking it (`ListState.ask`).
    private var list = ListState()
    private var overlay: Overlay?
    /// The search's `/` prompt while it is typed (the presenter's `viewModel.search` opens and closes it).
    private var prompt: SearchPrompt?
    private var pageSize = 10
    /// Where the last frame drew the stop rows (nil: none), the map and the screen, for the mouse.
    private var drawnListRect: Rect?
    private var drawnMapRect: Rect?
    private var screenBounds = Rect(row: 0, column: 0, width: 0, height: 0)
    private var closingClick = ClosingClickGuard()
    var needsDisplay = true

    init(presenter: TripDetailViewOutput) {
        self.presenter = presenter
        self.map = TripMapPanel()
    }

    // MARK: TripDetailViewInput

    /// The one place the drawn selection changes: to the presenter's `selectedRow`.
    func display(_ viewModel: TripDetailViewModel) {
        let shown = self.viewModel.message
        self.viewModel = viewModel
        if viewModel.keepsMessage { self.viewModel.message = shown }
        list.setCount(viewModel.rows.count)
        if let row = viewModel.selectedRow { list.select(row) }
        prompt = SearchPrompt.following(viewModel.search, current: prompt)
        map.noteChange(viewModel.stopsChange)
        map.follow(viewModel.selectedRow.flatMap { viewModel.mapStops.indices.contains($0) ? viewModel.mapStops[$0] : nil })
        needsDisplay = true
    }

    func beginRenaming(text: String) { show(.rename(TextField(text: text, maximumLength: NameLength.maximum, selected: true))) }
    func askToConfirm(_ question: String, details: [String]) { show(.confirmation(ConfirmDialog(question: question, details: details))) }

    func beginForm(_ form: TripDetailForm, title: String, fields: [FormField]) {
        show(.form(form, FormDialog(title: title, fields: fields.map(FormDialog.Field.init))))
    }

    func showLinks(title: String, paragraphs: [String], service: DirectionsService) {
        show(.links(LinksPanel(title: title, paragraphs: paragraphs), service))
    }

    func showFormError(_ text: String) {
        guard case .form(let form, var dialog) = overlay else { return }
        dialog.error = text
        show(.form(form, dialog))
    }

    func showFormNote(_ text: String?) {
        guard case .form(let form, var dialog) = overlay else { return }
        dialog.note = text
        show(.form(form, dialog))
    }

    func endRenaming() { show(nil) }
    func endForm() { show(nil) }

    private func show(_ overlay: Overlay?) {
        self.overlay = overlay
        needsDisplay = true
    }

    // MARK: Screen

    var helpTitle: String {
        if case .links = overlay { return "Directions links — keys" }
        return "\(viewModel.title) — keys"
    }

    var helpEntries: [HelpEntry] {
        if case .links = overlay { return Self.linksKeymap.helpEntries }
        return shownKeymap.helpEntries + TripMapPanel.keymap.helpEntries.filter { $0.text.hasPrefix("Map:") }
    }

    /// The keys a read-only file leaves: pressed, the others still say why they cannot act.
    static let readOnlyKeymap = keymap.keeping {
        ![.rename, .addStop, .editStop, .deleteStop, .moveUp, .moveDown, .settings, .optimize, .undo, .redo, .save].contains($0)
    }
    private var shownKeymap: Keymap<Command> { viewModel.isReadOnly ? Self.readOnlyKeymap : Self.keymap }
    var statusMessage: StatusMessage? { viewModel.message }
    func dismissStatusMessage() { viewModel.message = nil }
    var searchPrompt: SearchPrompt? { overlay == nil ? prompt : nil }

    /// What is typed in the name or a form is not lost to a quit signal (`QuitRequest`).
    func finishEditing(before request: QuitRequest) -> Bool {
        switch overlay {
        case .rename(let field): return presenter.didRequestQuit(renamingTo: field.text, request)
        case .form(let form, let dialog) where dialog.isEdited: return presenter.didRequestQuit(in: form, values: dialog.values, request)
        case .form, .confirmation, .links, nil: return true
        }
    }

    var statusHints: [KeyHint] {
        switch overlay {
        case .rename: return Self.renameKeymap.statusHints
        case .form(_, let dialog): return dialog.statusHints
        case .confirmation: return ConfirmDialog.keymap.statusHints
        case .links: return Self.linksKeymap.statusHints + [KeyHint(key: "g/m/a", label: "Service")]
        case nil: return map.isFocused ? TripMapPanel.statusHints : shownKeymap.statusHints
        }
    }

    /// Keys go to what is open over the screen, else to the search's prompt, else to the command table.
    func handle(_ key: Key) {
        if case .mouse(let event) = key { return handle(event) }
        if overlay == nil, var shown = prompt {
            let outcome = shown.handle(key)
            prompt = shown
            if presenter.report(outcome) { needsDisplay = true }
            return
        }
        switch overlay {
        case .rename(var field):
            let outcome = field.handle(key)
            overlay = .rename(field)
            switch outcome {
            case .edited: presenter.didChangeName(field.text); needsDisplay = true
            case .moved: needsDisplay = true
            case .submit: presenter.didSubmitName(field.text)
            case .cancel: presenter.didCancelRename()
            case .full: presenter.didReachNameLengthLimit()
            case .ignored: break
            }
        case .form(let form, var dialog):
            let values = dialog.values
            let outcome = dialog.handle(key)
            overlay = .form(form, dialog)
            switch outcome {
            case .submit(let values): presenter.didSubmitForm(form, values: values)
            case .cancel: presenter.didCancelForm()
            case .handled:
                needsDisplay = true
                if dialog.values != values { presenter.didEditForm(form, values: dialog.values) }
            case .ignored: break
            }
        case .links(_, let shown):
            switch Self.linksKeymap.command(for: key) {
            case .service(let service) where service != shown: presenter.didPressLinks(service: service)
            case .copy: presenter.didPressCopyLink(service: shown)
            case .open: presenter.didPressOpenLink(service: shown)
            case .close: show(nil)
            case .help: presenter.didPressHelp()
            case .service: break
            case nil:
                if case .character = key {
                    viewModel.message = StatusMessage("\(key) does nothing in the links: g, m and a choose the service, c copies, o opens, Esc closes.")
                    needsDisplay = true
                }
            }
        case .confirmation(let dialog):
            guard let answer = dialog.answer(for: key) else { return }
            show(nil)
            presenter.didAnswerQuestion(answer == .yes)
        case nil where map.isFocused:
            // The map's keys first; the trip detail screen's for the rest (tig's way): `u`, `Ctrl-R`,
            // `s` and `q` do in the map what they do beside it.
            guard let command = TripMapPanel.keymap.command(for: key) else {
                guard let command = Self.keymap.command(for: key) else { return sayUnused(key) }
                return perform(command)
            }
            if command == .help { return presenter.didPressHelp() }
            map.perform(command)
            viewModel.message = nil // what it said was about the stops, not the map
            needsDisplay = true
        case nil:
            guard let command = Self.keymap.command(for: key) else { return sayUnused(key) }
            perform(command)
        }
    }

    /// A key with no command here says so (`UnusedKeys`).
    private func sayUnused(_ key: Key) {
        guard let message = UnusedKeys.message(for: key, on: .trip) else { return }
        viewModel.message = message
        needsDisplay = true
    }

    private func perform(_ command: Command) {
        switch command {
        case .move(let move): list.ask(presenter) { $0.apply(move, pageSize: pageSize) }
        case .search(let key): presenter.didPress(key)
        case .rename: presenter.didPressRename()
        case .addStop: presenter.didPressAddStop(mapCentre: map.centreChosenByUser)
        case .editStop: presenter.didPressEditStop()
        case .deleteStop: presenter.didPressDeleteStop()
        case .moveUp: presenter.didPressMoveStop(by: -1)
        case .moveDown: presenter.didPressMoveStop(by: 1)
        case .settings: presenter.didPressSettings()
        case .itinerary: presenter.didPressItinerary()
        case .along: presenter.didPressAlong()
        case .regions: presenter.didPressRegions()
        case .optimize: presenter.didPressOptimize()
        case .links: presenter.didPressLinks(service: .google)
        case .copyLink: presenter.didPressCopyLink(service: .google)
        case .openLink: presenter.didPressOpenLink(service: .google)
        case .export: presenter.didPressExport()
        case .undo: presenter.didPressUndo()
        case .redo: presenter.didPressRedo()
        case .save: presenter.didPressSave()
        case .help: presenter.didPressHelp()
        case .back: presenter.didPressBack()
        case .map:
            map.open(width: lastWidth)
            needsDisplay = true
        }
    }

    // MARK: Mouse

    /// A click on a question's `y`/`n` answers it; the name field and forms take no mouse. Else
    /// the map takes what is on it (`TripMapPanel.handle`), and on the stops a click selects one
    /// (giving the keys back to the list), a double click edits it, the wheel moves the selection.
    private func handle(_ event: MouseEvent) {
        if closingClick.swallows(event) { return }
        switch overlay {
        case .confirmation(let dialog):
            guard let answer = dialog.answer(for: event, in: screenBounds) else { return }
            closingClick.arm()
            handle(.character(answer == .yes ? "y" : "n"))
        case .form, .rename, .links:
            return
        case nil:
            if let drawnMapRect, map.handle(event, in: drawnMapRect, width: lastWidth) {
                viewModel.message = nil // what it said was about the stops, not the map
                needsDisplay = true
                return
            }
            guard let drawnListRect, let action = list.action(for: event, in: drawnListRect) else { return }
            handleList(action)
        }
    }

    private func handleList(_ action: ListMouseAction) {
        switch action {
        case .select(let row), .activate(let row):
            if map.isFocused { map.close() }
            list.ask(presenter) { $0.select(row) }
        case .scroll(let rows):
            list.ask(presenter) { $0.moveSelection(by: rows) }
        }
        needsDisplay = true
        if case .activate = action { presenter.didPressEditStop() }
    }

    // MARK: Drawing

    func draw(on surface: Surface, in rect: Rect) {
        lastWidth = rect.width
        screenBounds = surface.bounds
        drawnListRect = nil
        if case .rename(let field) = overlay {
            surface.text(" Name:", row: rect.row, column: rect.column, style: .title)
            field.draw(on: surface, row: rect.row, column: rect.column + 7, width: max(1, rect.width - 8), placingCursor: true)
        } else {
            surface.titleLine(viewModel.title, subtitle: viewModel.subtitle, in: rect)
        }
        // A line for the selected stop's details (why its leg is an estimate, its notes), kept
        // while any stop has some, so that the list does not change height as the selection moves.
        let notesRows = viewModel.rows.hasDetails ? 1 : 0
        let content = rect.inset(top: 1, bottom: 2 + notesRows)
        let (listRect, mapRect) = map.split(content)
        drawnMapRect = mapRect
        if let listRect { drawStops(on: surface, in: listRect) }
        if let mapRect {
            map.drawBorder(of: mapRect, in: content, on: surface)
            map.draw(
                stops: viewModel.mapStops, selected: viewModel.selectedRow, unit: viewModel.unit, on: surface, in: mapRect,
                roads: viewModel.rows.roadLines)
        }
        if notesRows > 0, let selected = viewModel.selectedRow, viewModel.rows.indices.contains(selected) {
            let details = viewModel.rows.details(at: selected)
            let line = details.isEmpty ? "" : " \(details)"
            let clipped = line.utf8.count <= rect.width ? line : TextWidth.clipped(line, to: rect.width) // bytes ≥ cells
            surface.text(clipped, row: rect.bottom - 3, column: rect.column, width: rect.width, style: .dim)
        }
        surface.rule(row: rect.bottom - 2, column: rect.column, width: rect.width)
        let summary = viewModel.summaries.first { TextWidth.width($0) + 1 <= rect.width } ?? viewModel.summaries.last ?? ""
        surface.text(" \(summary)", row: rect.bottom - 1, column: rect.column, width: rect.width, style: .accent)
        switch overlay {
        case .form(let form, var dialog):
            dialog.draw(on: surface, in: rect)
            overlay = .form(form, dialog) // the fields' scroll and the help panel's, kept for the next frame
        case .confirmation(let dialog): dialog.draw(on: surface)
        case .links(let panel, _): panel.draw(on: surface, in: rect)
        case .rename, nil: break
        }
    }

    /// The headings and the numbered stops (or the empty-trip message) in `rect`.
    private func drawStops(on surface: Surface, in rect: Rect) {
        let columns = StopColumns(width: rect.width, showsPlace: viewModel.rows.hasPlaces, showsArrival: viewModel.rows.arrivals != nil)
        drawHeadings(columns, on: surface, row: rect.row)
        let listRect = rect.inset(top: 1)
        pageSize = max(1, listRect.height)
        if let empty = viewModel.emptyMessage {
            surface.centeredMessage(empty, in: listRect)
            return
        }
        drawnListRect = listRect
        surface.list(&list, in: listRect) { index, rowRect, isSelected in
            drawRow(viewModel.rows[index], columns: columns, on: surface, in: rowRect, isSelected: isSelected)
        }
    }

    private func drawHeadings(_ columns: StopColumns, on surface: Surface, row: Int) {
        surface.text("   #", row: row, column: 0, style: .header)
        surface.text("Stop", row: row, column: columns.name.column, width: columns.name.width, style: .header)
        if let place = columns.place { surface.text("Region, country", row: row, column: place.column, width: place.width, style: .header) }
        if let coordinates = columns.coordinates { surface.text("Coordinates", row: row, column: coordinates.column, width: coordinates.width, style: .header) }
        surface.text(TextWidth.padded("Leg", to: columns.leg.width, alignment: .right), row: row, column: columns.leg.column, style: .header)
        surface.text(TextWidth.padded("Driving", to: columns.driving.width, alignment: .right), row: row, column: columns.driving.column, style: .header)
        if let arrival = columns.arrival {
            surface.text(TextWidth.padded("Arrives", to: arrival.width, alignment: .right), row: row, column: arrival.column, style: .header)
        }
        if let total = columns.total {
            surface.text(TextWidth.padded("Total", to: total.width, alignment: .right), row: row, column: total.column, style: .header)
        }
    }

    private func drawRow(_ row: TripDetailViewModel.Row, columns: StopColumns, on surface: Surface, in rect: Rect, isSelected: Bool) {
        let style: Style = isSelected ? .selected : .normal
        if isSelected { surface.fill(row: rect.row, column: rect.column, width: rect.width, style: .selected) }
        surface.text(TextWidth.padded(row.number, to: 4, alignment: .right), row: rect.row, column: 0, style: style)
        let marked = viewModel.search.highlighted
        surface.text(row.name, row: rect.row, column: columns.name.column, width: columns.name.width, style: style, marking: marked)
        if let place = columns.place {
            surface.text(row.place, row: rect.row, column: place.column, width: place.width, style: isSelected ? style : .dim, marking: marked)
        }
        if let coordinates = columns.coordinates {
            surface.text(row.coordinates, row: rect.row, column: coordinates.column, width: coordinates.width, style: isSelected ? style : .dim)
        }
        surface.text(TextWidth.padded(row.leg, to: columns.leg.width, alignment: .right), row: rect.row, column: columns.leg.column, style: style)
        surface.text(TextWidth.padded(row.driving, to: columns.driving.width, alignment: .right), row: rect.row, column: columns.driving.column, style: style)
        if let arrival = columns.arrival {
            surface.text(
                TextWidth.padded(row.arrival, to: min(arrival.width, rect.right - arrival.column), alignment: .right), row: rect.row, column: arrival.column,
                style: style)
        }
        if let total = columns.total {
            surface.text(
                TextWidth.padded(row.total, to: min(total.width, rect.right - total.column), alignment: .right), row: rect.row, column: total.column,
                style: style)
        }
    }
}

/// Columns of the stop table for a width: number, name (flexible), region and country (when any
/// stop has one and there is room), coordinates (when there is room), leg, its driving time (issue
/// 56: a driver plans by time), the arrival clock (for a trip with a start date, issue 56 item 13),
/// running total.
///
/// When the width is short, the coordinates give way first (the stop editor, `show` and the
/// exports have them), then the running total (the summary under the table has the whole trip's),
/// then the region and country, and the arrival last: the clock is what a start date is set for,
/// and only the day view (`i`) says it otherwise, whereas the total adds up the legs above it and
/// the region labels the name beside it. So at 80 columns a trip with a start date shows name,
/// leg, driving time and arrival (and the total, when no stop has a region). The name keeps at
/// least `leastName` columns, and `leastNameBesideTotal` beside the total.
struct StopColumns: Equatable {
    struct Column: Equatable {
        let column: Int
        let width: Int
    }

    static let coordinatesWidth = 24
    static let distanceWidth = 10
    /// "≈ 12 h 05 min".
    static let drivingWidth = 13
    /// "≈ Tue 14:35" (`ArrivalClocks.width`).
    static let arrivalWidth = ArrivalClocks.width
    static let leastName = 12
    /// The running total only where the name keeps this many columns beside it: the name says
    /// what the row is, and the summary has the trip's total ("Carmel-by-the-Sea" whole, not
    /// "Carmel-by-t…" beside a total, with the map beside the table at 120 columns).
    static let leastNameBesideTotal = 16
    /// The name and the region beside it share at least this many columns.
    static let leastNameAndPlace = 36
    /// ... and at least this many for the coordinates to be shown beside them.
    static let nameAndPlaceBesideCoordinates = 50

    let name: Column
    let place: Column?
    let coordinates: Column?
    let leg: Column
    let driving: Column
    let arrival: Column?
    let total: Column?

    /// `showsArrival`: the trip has arrival clocks to show (a start date, a plan).
    init(width: Int, showsPlace: Bool, showsArrival: Bool = false) {
        let gap = 2, nameStart = 6
        var flexible = width - nameStart - (Self.distanceWidth + gap) - (Self.drivingWidth + gap) - 1
        // Taken first, so that it gives way last.
        let hasArrival = showsArrival && flexible - (Self.arrivalWidth + gap) >= Self.leastName
        if hasArrival { flexible -= Self.arrivalWidth + gap }
        let hasTotal = flexible - (Self.distanceWidth + gap) >= (showsPlace ? Self.leastNameAndPlace : Self.leastNameBesideTotal)
        if hasTotal { flexible -= Self.distanceWidth + gap }
        flexible = max(0, flexible)
        let placeFits = showsPlace && flexible >= Self.leastNameAndPlace
        // The coordinates only where the name and the region keep room for most labels whole
        // ("Andorra la Vella, AD"): they give way first.
        let hasCoordinates = flexible - (Self.coordinatesWidth + gap) >= (placeFits ? Self.nameAndPlaceBesideCoordinates : 16)
        if hasCoordinates { flexible -= Self.coordinatesWidth + gap }
        // Two fifths, and at least its heading's width ("Region, country").
        let placeWidth = placeFits ? max(15, flexible * 2 / 5) : 0
        let nameWidth = max(4, flexible - (placeFits ? placeWidth + gap : 0))
        name = Column(column: nameStart, width: nameWidth)
        var next = nameStart + nameWidth + gap
        place = placeFits ? Column(column: next, width: placeWidth) : nil
        if placeFits { next += placeWidth + gap }
        coordinates = hasCoordinates ? Column(column: next, width: Self.coordinatesWidth) : nil
        if hasCoordinates { next += Self.coordinatesWidth + gap }
        leg = Column(column: next, width: Self.distanceWidth)
        driving = Column(column: leg.column + Self.distanceWidth + gap, width: Self.drivingWidth)
        next = driving.column + Self.drivingWidth + gap
        // After the leg's time, the clock it makes: the time columns side by side.
        arrival = hasArrival ? Column(column: next, width: Self.arrivalWidth) : nil
        if hasArrival { next += Self.arrivalWidth + gap }
        total = hasTotal ? Column(column: next, width: Self.distanceWidth) : nil
    }
}
