import ArgumentParser
import Foundation
import Terminal

/// `roadtrip map TRIP [--width W] [--height H] [--ascii]`: the trip's map as text, no curses.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Print a trip's map as text: the route and numbered stops on the basemap, in Braille dots."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The trip: its id, its exact name, or its position in `roadtrip list` (from 1).", valueName: "trip"))
    var trip: String

    @Option(name: .long, help: "Width in characters (12–1000).")
    var width = 80

    @Option(name: .long, help: "Height in lines (4–500).")
    var height = 24

    @Flag(name: .long, help: "Plain ASCII instead of Braille dots.")
    var ascii = false

    func validate() throws {
        guard (12...1000).contains(width) else { throw ValidationError("--width must be between 12 and 1000.") }
        guard (4...500).contains(height) else { throw ValidationError("--height must be between 4 and 500.") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = options.dataFile(environment: environment)
        let trips = try MainActor.assumeIsolated { try DataModel.open(file, environment: environment).trips }
        let trip = try TripReference.resolve(self.trip, in: trips)
        let basemap: (any BasemapProviding)?
        do {
            basemap = try Basemap.load(from: Resources.locate(environment: environment).basemap)
        } catch {
            FileHandle.standardError.write(Data("roadtrip: drawing without a basemap: \(error)\n".utf8))
            basemap = nil
        }
        TextWidth.adoptUTF8Locale()
        let lines = Self.render(trip, width: width, height: height, basemap: basemap, unit: options.unit(environment: environment))
            .lines(glyphs: ascii ? .ascii : .braille)
        print(lines.joined(separator: "\n"))
    }

    /// The trip fitted to `width`×`height` cells, nothing selected.
    static func render(_ trip: Trip, width: Int, height: Int, basemap: (any BasemapProviding)?, unit: DistanceUnit) -> DotCanvas {
        let stops = MapStop.stops(of: trip)
        let viewport = MapViewport.fitting(stops.map(\.coordinate), width: width, height: height)
        return MapRenderer().render(stops: stops, selected: nil, viewport: viewport, basemap: basemap, unit: unit).canvas
    }
}
