import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import RoadtripUseCases

extension TripExportFormat: ExpressibleByArgument {}

/// `roadtrip export TRIP [--format gpx|geojson|kml|ics] [-o FILE] [--force]`: a trip for a GPS, a web map, Google My Maps or a calendar.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trip as GPX (GPS devices, OsmAnd, Organic Maps), GeoJSON (web maps, GIS), KML (Google My Maps) or iCalendar (calendars).",
        discussion: """
            GPX 1.1 holds a <wpt> and an <rtept> per stop (notes as <desc>) and the road of legs \
            routed on an added region as a <trk>; GeoJSON a Point per stop and a LineString for the \
            route; KML a Placemark per stop and the route. These three keep stays and night marks, \
            so importing the file gives the same stops back. iCalendar (.ics) \
            holds the itinerary `roadtrip plan` shows, for a calendar: an event per drive and per stay, \
            each at its stop (GEO, notes) and in its stop's time zone. Without -o the file goes \
            to standard output; with -o, the format follows the file's extension unless --format says \
            otherwise, and an existing file is kept unless --force.

            Examples:
              roadtrip export "Pacific Coast Drive" -o coast.gpx
              roadtrip export 2 --format geojson > route66.geojson
              roadtrip export "Pacific Coast Drive" -o coast.ics
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var trip: TripArgument

    @Option(name: .long, help: ArgumentHelp("gpx, geojson, kml or ics (default: from -o's extension, else gpx).", valueName: "format"))
    var format: TripExportFormat?

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "The file to write (default, or -: standard output). Only a regular file is written, never the trips file itself.", valueName: "file"),
        completion: .file())
    var output: String?

    @Option(
        name: .customLong("gpx-road"),
        help: ArgumentHelp(
            "How a GPX file carries the roads of legs routed on an added region: track (drawn by apps and devices; the default) or route (the route's points between the stops).",
            valueName: "route|track"))
    var gpxRoad: TripExport.GPXRoad = .track

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let dataFile = options.dataFile(environment: environment)
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let trip = try self.trip.trip(in: trips)
        // The path as given (the shell expanded any ~); `-o -` is standard output, as for most tools.
        let url = output.flatMap { $0 == "-" ? nil : URL(pathAsGiven: $0).standardizedFileURL }
        let format = self.format ?? url.flatMap(ExportFile.format(of:)) ?? .gpx
        try MainActor.assumeIsolated {
            // Every leg routed first: legs on the roads of the added regions are written along their roads.
            let export = ExportTrip(
                legs: CommandLegs.routed(environment: environment), places: PlaceIndexProvider.library(environment: environment),
                defaultUnit: options.unit(environment: environment))
            guard let url else {
                let data: Data
                do throws(ExportFile.Failure) { data = try export.data(of: trip, as: format, gpxRoad: gpxRoad) } catch {
                    throw CommandFailure(error.description)
                }
                return try CommandOutput.write(String(decoding: data, as: UTF8.self), to: STDOUT_FILENO)
            }
            do throws(ExportFile.Failure) {
                try export.write(
                    trip, as: format, gpxRoad: gpxRoad, to: url, replacing: force, protecting: dataFile, folders: RoadtripFolders(environment: environment))
            } catch {
                // Not a usage error (status 64 and the usage line): the command was right, the file
                // could not be made or written; status 1, one sentence.
                throw CommandFailure(error.fileExists ? "\(url.path) already exists: give another file, or add --force to replace it." : error.description)
            }
            CommandOutput.note("Wrote \(TripText.quoted(trip.name)) (\(TripText.stopCount(trip.stops.count))) to \(url.path) as \(format.title).")
        }
    }
}

extension TripExport.GPXRoad: ExpressibleByArgument {}
