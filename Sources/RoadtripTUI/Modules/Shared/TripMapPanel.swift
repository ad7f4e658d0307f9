import RoadtripCore
import Terminal
import TextCanvas

/// A map of stops: the trip detail screen's (where it sits beside the stops, its own keys), the stop
/// editor's (the chosen place) and the one beside the places along the road (marked too). Each
/// view owns one; the viewport (pan and zoom) is screen state
/// that only the drawing needs, like a list's scroll. The basemap is handed in by the view's
/// presenter, loaded by its interactor: a view loads nothing.
@MainActor
struct TripMapPanel {
    /// Terminals at least this wide show the map beside the stops (SPEC §4).
    static let sideBySideWidth = 120
    /// The widest the stop table beside the map needs to be: names, regions, coordinates, legs
    /// and their driving times.
    static let stopTableWidth = 115

    enum Command: Hashable, Sendable {
        case pan(columns: Int, rows: Int)
        case zoomIn, zoomOut, fit, leave, help
    }

    static let keymap = Keymap<Command>([
        KeyBinding(.pan(columns: -8, rows: 0), keys: [.left, .character("h")], label: "Pan", help: "Map: pan west", statusBar: true, statusKey: "←↑↓→"),
        KeyBinding(.pan(columns: 8, rows: 0), keys: [.right, .character("l")], label: "Pan", help: "Map: pan east"),
        KeyBinding(.pan(columns: 0, rows: -4), keys: [.up, .character("k")], label: "Pan", help: "Map: pan north"),
        KeyBinding(.pan(columns: 0, rows: 4), keys: [.down, .character("j")], label: "Pan", help: "Map: pan south"),
        KeyBinding(.zoomIn, keys: [.character("+"), .character("=")], label: "Zoom", help: "Map: zoom in", statusBar: true, statusKey: "+/-"),
        KeyBinding(.zoomOut, keys: [.character("-"), .character("_")], label: "Zoom out", help: "Map: zoom out"),
        KeyBinding(.fit, keys: [.character("0")], label: "Fit", help: "Map: fit the whole trip again", statusBar: true),
        KeyBinding(.leave, keys: [.escape, .character("m")], label: "List", help: "Map: back to the stop list", statusBar: true),
        KeyBinding(.help, keys: [.character("?")], label: "Help", help: "Show this help", statusBar: true),
    ])

    static var statusHints: [KeyHint] { keymap.statusHints }

    /// The land and borders under the route; nil draws the route on an empty background.
    var basemap: (any BasemapProviding)?
    /// Whether the map has the keys.
    var isFocused = false
    /// On a narrow terminal, whether the map is shown in place of the stops.
    var isOpenOnNarrowScreen = false
    private var viewport: MapViewport?
    private var needsFit = true
    /// Whether the user has panned or zoomed since the map last fitted the trip: then a change
    /// of the stops or of the terminal's size keeps their view instead of fitting again.
    private var userMoved = false
    /// Which places the stops were at, at the last frame, to see that they changed.
    private var shownPlaces = PlacesKey(stops: [])
    /// What the last frame drew that the next one can reuse.
    private let layers = MapLayers()
    /// What changed in the stops since the last frame (nil: not known; `noteChange`).
    private var stopsChange: RunChange?
    /// Where the pointer was at the last step of a drag that started on the map (`handle(_:in:width:)`).
    var dragAnchor: (row: Int, column: Int)?

    init(basemap: (any BasemapProviding)? = nil) {
        self.basemap = basemap
    }

    /// The middle of the map when the user has panned or zoomed it (the part of the world they
    /// are looking at), else nil.
    var centreChosenByUser: Coordinate? {
        guard userMoved, let viewport else { return nil }
        return MercatorProjection.coordinate(of: viewport.center)
    }

    func isVisible(width: Int) -> Bool {
        width >= Self.sideBySideWidth || isOpenOnNarrowScreen
    }

    /// The map's part of the trip detail screen's content (between the headings and the summary).
    func frame(in content: Rect) -> Rect? {
        guard isVisible(width: content.width) else { return nil }
        if content.width < Self.sideBySideWidth { return content }
        // Two fifths of the screen, or all that the stop table does not need (it has no use for
        // more than `stopTableWidth` columns): at 200 columns the map gets 99, not 80 beside a
        // table of blank space.
        let width = max(40, content.width * 2 / 5, content.width - Self.stopTableWidth - 1)
        return Rect(row: content.row, column: content.right - width, width: width, height: content.height)
    }

    /// `content` shared out: the list's part (nil while the map takes its place on a narrow
    /// terminal) and the map's (nil when it is not shown), a column between them for the border.
    func split(_ content: Rect) -> (list: Rect?, map: Rect?) {
        guard let map = frame(in: content) else { return (content, nil) }
        return (map.column > content.column ? content.inset(right: map.width + 1) : nil, map)
    }

    /// The line between a list and the map beside it (`split`), bright while the map has the keys.
    func drawBorder(of mapRect: Rect, in content: Rect, on surface: Surface) {
        guard mapRect.column > content.column else { return }
        for row in mapRect.row..<mapRect.bottom {
            surface.text(TextWidth.isUTF8 ? "│" : "|", row: row, column: mapRect.column - 1, width: 1, style: isFocused ? .accent : .border)
        }
    }

    /// `m`: on a narrow terminal the map opens in place of the stops; either way it takes the keys.
    mutating func open(width: Int) {
        if width < Self.sideBySideWidth { isOpenOnNarrowScreen = true }
        isFocused = true
    }

    mutating func close() {
        isFocused = false
        isOpenOnNarrowScreen = false
    }

    mutating func perform(_ command: Command) {
        switch command {
        case .pan(let columns, let rows):
            viewport = viewport?.panned(byCells: columns, rows: rows)
            userMoved = true
        case .zoomIn:
            viewport = viewport?.zoomed(by: 2)
            userMoved = true
        case .zoomOut:
            viewport = viewport?.zoomed(by: 0.5)
            userMoved = true
        case .fit:
            needsFit = true
            userMoved = false
        case .leave: close()
        case .help: break
        }
    }

    /// Keeps the selected stop in view: when it has gone off the map, the map centres on it.
    mutating func follow(_ stop: MapStop?) {
        guard let stop, let current = viewport else { return }
        let dot = current.dot(of: current.nearestCopy(of: MercatorProjection.project(stop.coordinate)))
        let inside = dot.x >= 2 && dot.y >= 4 && dot.x < Double(current.dotWidth - 2) && dot.y < Double(current.dotHeight - 4)
        if !inside {
            viewport = MapViewport(center: MercatorProjection.project(stop.coordinate), zoom: current.zoom, width: current.width, height: current.height)
        }
    }

    /// The stops changed as `change` says (nil: in any way) since the last view model: the next
    /// frame keeps what lies outside the run without comparing it.
    mutating func noteChange(_ change: RunChange?) {
        stopsChange = stopsChange.flatMap { old in change.map { old.then($0) } }
    }

    /// `roads`: each leg's road line (empty for a leg not on roads), drawn instead of its arc.
    /// `places`: other places marked (what lies along the road), `selectedPlace` of them highlighted.
    mutating func draw(
        stops: [MapStop], selected: Int?, unit: DistanceUnit, on surface: Surface, in rect: Rect, roads: [[Coordinate]] = [],
        places: [Coordinate] = [], selectedPlace: Int? = nil
    ) {
        guard rect.width >= 12, rect.height >= 4 else { return }
        // A stop added, deleted, moved or brought back by undo, or a new size: the whole trip is
        // fitted again, unless the user has chosen a view of their own since.
        let stopPlaces = PlacesKey(stops: stops)
        let resized = viewport.map { $0.width != rect.width || $0.height != rect.height } ?? false
        if stopPlaces != shownPlaces || resized, !userMoved { needsFit = true }
        shownPlaces = stopPlaces
        if needsFit || viewport == nil {
            viewport = MapViewport.fitting(stops.map(\.coordinate), width: rect.width, height: rect.height)
            needsFit = false
        } else if let current = viewport, resized {
            viewport = current.resized(width: rect.width, height: rect.height)
        }
        guard let viewport else { return }
        let frame = MapRenderer().render(
            stops: stops, selected: selected, viewport: viewport, basemap: basemap, unit: unit, layers: layers,
            roads: roads, stopsChange: stopsChange, places: places, selectedPlace: selectedPlace)
        stopsChange = .unchanged(count: stops.count)
        frame.canvas.draw(on: surface, row: rect.row, column: rect.column)
    }
}

/// The places of a trip's stops in any order: moving a stop (`J`) keeps the places, and the
/// fitted map with them, so only an added, deleted or edited stop fits the map again. A sum
/// of the coordinates' bits, told in one pass without sorting 5,000 of them.
struct PlacesKey: Equatable {
    let count: Int
    let sum: UInt64

    init(stops: [MapStop]) {
        count = stops.count
        sum = stops.withUnsafeBufferPointer { stops in
            stops.reduce(0) { $0 &+ $1.coordinate.latitude.bitPattern &+ $1.coordinate.longitude.bitPattern &* 31 }
        }
    }
}
