/// What the command line and the trip detail screen say about a trip's directions links.
package enum DirectionsLinkText {
    /// "Google Maps takes at most 11 stops a link: the 23 stops of “Route 66” are in 3 links,
    /// each starting where the last one ended."
    package static func split(_ links: [DirectionsLink], of trip: Trip, service: DirectionsService) -> String {
        "\(service.title) takes at most \(service.maximumStops) stops a link: the \(trip.stops.count) stops of “\(trip.name)” "
            + "are in \(links.count) links, each starting where the last one ended."
    }

    /// "Link 2: stops 11–21, Amarillo → Barstow".
    package static func label(_ link: DirectionsLink, number: Int, of trip: Trip) -> String {
        let first = link.stops.lowerBound, last = link.stops.upperBound
        return "Link \(number): stops \(first + 1)–\(last + 1), \(trip.stops[first].name) → \(trip.stops[last].name)"
    }
}
