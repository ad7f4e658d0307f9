import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting
import RoadtripStore
import TextCanvas

/// `roadtrip map TRIP [--width W] [--height H] [--ascii]`: the trip's map as text, no curses.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Print a trip's map as text: the route and numbered stops on the basemap, in Braille dots.",
        discussion: """
            The whole route fitted to --width by --height characters, the stops numbered in order, with \
            a scale bar; Braille dots where the locale is UTF-8, ASCII elsewhere or with --ascii. No \
            terminal is needed: the map can go to a file or a pipe.

            Examples:
              roadtrip map "Route 66"
              roadtrip map 2 --width 120 --height 40 --ascii > map.txt
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var trip: TripArgument

    // `.unconditional`: a negative value is the value, and gets the sentence of validate().
    @Option(name: .long, parsing: .unconditional, help: "Width in characters (12 to 1000).")
    var width = 80

    @Option(name: .long, parsing: .unconditional, help: "Height in lines (4 to 500).")
    var height = 24

    @Flag(name: .long, help: "Plain ASCII instead of Braille dots (the default where the locale is not UTF-8).")
    var ascii = false

    func validate() throws {
        guard (12...1000).contains(width) else { throw ValidationError("--width must be between 12 and 1000.") }
        guard (4...500).contains(height) else { throw ValidationError("--height must be between 4 and 500.") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let trip = try self.trip.trip(in: trips)
        let basemap: (any BasemapProviding)?
        do {
            basemap = try Basemap.load(from: Resources.locate(environment: environment).basemap)
        } catch {
            CommandOutput.note("roadtrip: drawing without a basemap: \(error)")
            basemap = nil
        }
        // Braille where the locale is UTF-8, else ASCII; labels and the scale bar follow the
        // locale too (TextWidth.glyphs), and are made of printable glyphs only.
        // Legs on the roads of the added regions are drawn along their roads.
        let router = Routing.engine(environment: environment)
        let unit = trip.unit(default: options.unit(environment: environment))
        let roads = router.hasRoads ? router.legs(of: trip, estimate: RouteEstimate(for: trip, unit: unit)).map(\.line) : []
        let lines = Self.render(trip, width: width, height: height, basemap: basemap, unit: unit, roads: roads)
            .lines(glyphs: ascii ? .ascii : .preferred)
        try CommandOutput.printText(lines.map { $0 + "\n" }.joined())
    }

    /// The trip fitted to `width`×`height` cells, nothing selected; `roads`, each leg's road line
    /// (empty for an estimate).
    static func render(
        _ trip: Trip, width: Int, height: Int, basemap: (any BasemapProviding)?, unit: DistanceUnit,
        roads: [[Coordinate]] = []
    ) -> DotCanvas {
        let stops = MapStop.stops(of: trip)
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: width, height: height)
        return MapRenderer().render(stops: stops, selected: nil, viewport: viewport, basemap: basemap, unit: unit, roads: roads).canvas
    }
}
