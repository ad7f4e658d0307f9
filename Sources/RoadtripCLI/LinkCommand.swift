import ArgumentParser
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import TextCanvas

extension DirectionsService: ExpressibleByArgument {}

/// `roadtrip link TRIP [--service google|osm|apple] [--json]`: the trip as directions links to
/// open on a phone.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Print directions links that open the trip in Google Maps, OpenStreetMap or Apple Maps.",
        discussion: """
            A Google Maps link takes up to 11 stops (an origin, 9 waypoints, a destination); \
            OpenStreetMap's and Apple's links go from one stop to the next. A longer trip gets several \
            links, each starting where the last one ended, and the command says so.

            Examples:
              roadtrip link "Pacific Coast Drive"
              roadtrip link 2 --service osm
              roadtrip link 1 --json | jq -r '.links[0].url'
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var trip: TripArgument

    @Option(name: .long, help: ArgumentHelp("The map service: google, osm or apple.", valueName: "service"))
    var service = DirectionsService.google

    @Flag(name: .long, help: "Print JSON: {id, name, service, links: [{url, firstStop, lastStop}]}.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trips = try MainActor.assumeIsolated { try options.openModel(environment: environment).trips }
        let trip = try self.trip.trip(in: trips)
        guard trip.stops.count >= 2 else {
            throw ValidationError("\(TripText.quoted(trip.name)) has \(TripText.stopCount(trip.stops.count)): a directions link needs two at least.")
        }
        let places = MainActor.assumeIsolated { try? PlaceIndexProvider.library(environment: environment).value.get() }
        let links = DirectionsLinks.links(for: trip.stops, places: places, service: service)
        if json {
            try CommandOutput.printJSON(try Self.json(for: trip, links: links, service: service))
        } else {
            try CommandOutput.printText(Self.text(for: trip, links: links, service: service))
        }
    }

    /// One link: the URL alone. Several: a sentence saying why, then each with the stops it covers.
    static func text(for trip: Trip, links: [DirectionsLink], service: DirectionsService) -> String {
        guard links.count > 1 else { return links.map { $0.url + "\n" }.joined() }
        var text = TextWidth.printable(DirectionsLinkText.split(links, of: trip, service: service)) + "\n"
        for (number, link) in links.enumerated() {
            text += "\n" + TextWidth.printable(DirectionsLinkText.label(link, number: number + 1, of: trip)) + "\n" + link.url + "\n"
        }
        return text
    }

    struct Report: Encodable {
        struct Link: Encodable {
            let url: String
            /// Positions in the trip, from 1, the ends included.
            let firstStop: Int
            let lastStop: Int
        }

        let id: UUID
        let name: String
        let service: String
        let links: [Link]
    }

    static func json(for trip: Trip, links: [DirectionsLink], service: DirectionsService) throws -> String {
        let report = Report(
            id: trip.id, name: trip.name, service: service.rawValue,
            links: links.map { Report.Link(url: $0.url, firstStop: $0.stops.lowerBound + 1, lastStop: $0.stops.upperBound + 1) })
        return String(decoding: try JSONEncoder.deterministic().encode(report), as: UTF8.self)
    }
}
