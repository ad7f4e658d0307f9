/// The roles text plays on screen. Views say what a piece of text is; the palette decides how it
/// looks on this terminal (colours, or attributes alone under `NO_COLOR` or without colours).
public enum Style: Int, CaseIterable, Sendable {
    case normal
    case title
    case header
    case selected
    case dim
    case accent
    case statusBar
    case statusKey
    case message
    case error
    case border
    case input
    case cursor
    case placeholder
    // The map (Canvas/): lines of the basemap, the route, pins and the text laid over them.
    case mapWater
    case mapCoast
    case mapBorder
    case mapRoute
    case mapPin
    case mapPinSelected
    case mapLabel
    case mapScale
    /// A leg drawn as the great-circle arc beside legs drawn on their roads: an estimate, fainter.
    case mapRouteEstimate
    /// A place marked on the map that is not a stop (what lies along the road): not a pin.
    case mapPlace
    /// What a list's search matches in a row (as less marks its matches), selected row or not.
    case match
}
