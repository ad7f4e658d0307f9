import Foundation
import TextCanvas

/// What a map keeps from one frame to the next (one per map on screen): the basemap, route and
/// pins, reused while the stops and the view are the same, so moving the selection draws only
/// labels and pins; and each leg's arc, so a change to a stop computes only its own legs again.
/// Arcs and labels are matched by position (`PositionalReuse`), not looked up by coordinates or
/// names: moving one stop of 5,000 reuses 4,997 arcs without hashing any, and, told what changed
/// (the data model's `TripsChange`), without comparing any.
package final class MapLayers {
    struct Base {
        let canvas: DotCanvas
        let pins: MapPins
        /// The labels wanted, in trip order.
        let labels: [LabelRequest]
        /// The cells the pins take from labels (`LabelPlacer.TakenCells(bounds:covering:)`).
        let pinCells: LabelPlacer.TakenCells
    }

    private struct BaseKey: Equatable {
        let stops: [MapStop]
        let viewport: MapViewport
        let hasBasemap: Bool
        /// How many points each leg's road line has: a leg routed since makes a new base.
        let roads: [Int]
    }

    /// One leg's great-circle arc in world coordinates, and how far it reaches left and right
    /// (for the copies of the world it shows in). Empty for a leg with an invalid end.
    struct LegArc {
        let points: [WorldPoint]
        let minX: Double
        let maxX: Double

        init(_ leg: LegEndpoints, maxStep: Double) {
            self.init(points: leg.from.isValid && leg.to.isValid ? GreatCircleArc.points(from: leg.from, to: leg.to, maxStep: maxStep) : [])
        }

        /// A leg's road line, projected.
        init(road: [Coordinate]) {
            self.init(points: road.filter(\.isValid).map(MercatorProjection.project))
        }

        private init(points: [WorldPoint]) {
            self.points = points
            minX = points.lazy.map(\.x).min() ?? 0
            maxX = points.lazy.map(\.x).max() ?? 0
        }
    }

    typealias Label = (text: String, width: Int)

    private var baseKey: BaseKey?
    private var kept: Base?
    private var arcs = PositionalReuse<LegEndpoints, LegArc>()
    private var arcStep = 0.0
    /// Each leg's road line, projected once: a trip across a country has hundreds of thousands of
    /// road points, and projecting them again on every frame (a tangent and a logarithm each)
    /// was most of a `J` on its trip screen (issue 54). The lines are compared by their storage
    /// first, so a frame with the same legs compares no point.
    private var roadLines = PositionalReuse<[Coordinate], LegArc>()
    private var labels = PositionalReuse<String, Label>()
    /// Each stop's cell in `cellsViewport` (nil: out of view).
    private var cells = PositionalReuse<Coordinate, MapCell?>()
    private var cellsViewport: MapViewport?
    /// The basemap drawn for a view, on which each base starts.
    private var background: (viewport: MapViewport, hasBasemap: Bool, canvas: DotCanvas)?
    /// The route's dots, counted along the arcs kept in `arcs`, for the view they were counted
    /// in. (The arcs are not kept here too: a second reference would make every change copy
    /// 5,000 of them.)
    private var route: (viewport: MapViewport, dots: RouteDots)?

    package init() {}

    /// The base kept, when it was drawn for these stops, view and roads. A `stopsChange` that
    /// changed something says the stops differ without comparing them.
    func base(stops: [MapStop], viewport: MapViewport, hasBasemap: Bool, roads: [[Coordinate]] = [], stopsChange: RunChange? = nil) -> Base? {
        if let stopsChange, !stopsChange.isUnchanged { return nil }
        return baseKey == BaseKey(stops: stops, viewport: viewport, hasBasemap: hasBasemap, roads: roads.map(\.count)) ? kept : nil
    }

    func keep(_ base: Base, stops: [MapStop], viewport: MapViewport, hasBasemap: Bool, roads: [[Coordinate]] = []) {
        baseKey = BaseKey(stops: stops, viewport: viewport, hasBasemap: hasBasemap, roads: roads.map(\.count))
        kept = base
    }

    /// The basemap of `viewport` (nothing when there is none), drawn once per view.
    func background(viewport: MapViewport, hasBasemap: Bool, draw: () -> DotCanvas) -> DotCanvas {
        if let background, background.viewport == viewport, background.hasBasemap == hasBasemap { return background.canvas }
        let canvas = draw()
        background = (viewport, hasBasemap, canvas)
        return canvas
    }

    /// The dots of the route along the legs between `coordinates`, arcs made as `legArcs` makes
    /// them: the legs `change` names are taken away and added again, the others left as counted;
    /// everything is counted afresh for a new view, or when what changed is not known. `count`
    /// walks one leg's dots.
    func routeDots(
        along coordinates: [Coordinate], maxStep: Double, change: RunChange?, viewport: MapViewport,
        count: (LegArc, inout RouteDots) -> Void
    ) -> RouteDots {
        let legCount = max(0, coordinates.count - 1)
        if var kept = route?.dots, route?.viewport == viewport, maxStep == arcStep, let change, arcs.fits(change), change.newCount == legCount {
            route = nil // the counts change in place, not in a copy
            kept.delta = -1
            let legs = legArcs(along: coordinates, maxStep: maxStep, change: change) { count($0, &kept) }
            kept.delta = 1
            for index in change.new { count(legs[index], &kept) }
            route = (viewport, kept)
            return kept
        }
        var dots = RouteDots(dotWidth: viewport.dotWidth, dotHeight: viewport.dotHeight)
        for leg in legArcs(along: coordinates, maxStep: maxStep, change: change) { count(leg, &dots) }
        route = (viewport, dots)
        return dots
    }

    /// Forgets the counted route: the legs were drawn without it (on roads), so a change told
    /// next is not a change from the legs it counted.
    func forgetRouteDots() {
        route = nil
    }

    /// Each leg's road line (`roads`) projected, reused for a line the last frame had at the same place.
    func roadLines(_ roads: [[Coordinate]]) -> [LegArc] {
        roadLines.values(for: roads, make: LegArc.init(road:))
    }

    /// Each stop's name as a label (trimmed) and its width, measured once per name.
    func labels(of stops: [MapStop], change: RunChange? = nil) -> [Label] {
        labels.values(count: stops.count, change: change, element: { stops[$0].name }, make: Self.measuredLabel)
    }

    /// Each stop's cell in `viewport` (its pin's place; nil out of view), found once per stop and
    /// view with `cell`: a projection (a logarithm and a tangent) and the view's arithmetic each,
    /// 5,000 of them on every change otherwise.
    func cells(of stops: [MapStop], viewport: MapViewport, change: RunChange?, cell: (Coordinate) -> MapCell?) -> [MapCell?] {
        if viewport != cellsViewport {
            cells.removeAll()
            cellsViewport = viewport
        }
        return cells.values(count: stops.count, change: change, element: { stops[$0].coordinate }, make: cell)
    }

    static func measuredLabel(_ name: String) -> Label {
        let text = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return (text, TextWidth.width(text))
    }

    /// The arcs of the legs between `coordinates`: a leg the last route had at the same place,
    /// counted from its start or from its end, is reused, so moving, adding or deleting a stop
    /// draws only the legs it touched.
    /// `replaced` is shown each arc a change replaces.
    func legArcs(along coordinates: [Coordinate], maxStep: Double, change: RunChange? = nil, replaced: (LegArc) -> Void = { _ in }) -> [LegArc] {
        if maxStep != arcStep { arcs.removeAll() }
        arcStep = maxStep
        return arcs.values(
            count: max(0, coordinates.count - 1), change: change, element: { LegEndpoints(from: coordinates[$0], to: coordinates[$0 + 1]) },
            make: { LegArc($0, maxStep: maxStep) }, replaced: replaced)
    }
}
