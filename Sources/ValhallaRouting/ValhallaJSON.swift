import RoadtripCore

/// What roadtrip sends Valhalla and reads back (its JSON API: `/route`, `/sources_to_targets`,
/// `/status`), as Codable values. Only the fields roadtrip uses are read.
package enum ValhallaJSON {
    /// A point to route from or to. `search_cutoff`: Valhalla looks for the road nearest the
    /// point only this far (meters), so that a stop off-road is refused as Routino refuses it.
    package struct Location: Codable, Equatable {
        package let lat: Double
        package let lon: Double
        package let search_cutoff: Double

        package init(_ point: Coordinate) {
            lat = point.latitude
            lon = point.longitude
            search_cutoff = RoutedLeg.farthestFromRoad
        }
    }

    /// The costing options of a vehicle: the truck costing's size and weight (a van's, a
    /// camper's: roads tagged with a lower limit are not used), and the shortest way when asked.
    package struct CostingOptions: Codable, Equatable {
        package var shortest: Bool?
        package var height: Double?
        package var width: Double?
        package var length: Double?
        package var weight: Double?
    }

    /// Valhalla's costing for `options`: a car's `auto`, a motorcycle's `motorcycle`, and the
    /// `truck` costing for a van or a camper, with its size and weight from its `DrivingProfile`.
    package static func costing(_ options: RouteOptions) -> (name: String, options: [String: CostingOptions]) {
        var costing = CostingOptions(shortest: options.quickest ? nil : true)
        let name: String
        switch options.vehicle {
        case .car: name = "auto"
        case .motorcycle: name = "motorcycle"
        case .van, .camper:
            name = "truck"
            let profile = DrivingProfile.of(options.vehicle)
            (costing.height, costing.width, costing.length, costing.weight) =
                (profile.heightMeters, profile.widthMeters, profile.lengthMeters, profile.weightTonnes)
        }
        return (name, costing == CostingOptions() ? [:] : [name: costing])
    }

    /// `POST /route`: one leg, its figures and shape, without the turn-by-turn directions.
    package struct RouteRequest: Codable, Equatable {
        package let locations: [Location]
        package let costing: String
        package let costing_options: [String: CostingOptions]
        package var units = "kilometers"
        package var directions_type = "none"

        package init(from: Coordinate, to: Coordinate, options: RouteOptions) {
            locations = [Location(from), Location(to)]
            (costing, costing_options) = ValhallaJSON.costing(options)
        }
    }

    /// `POST /sources_to_targets`: the figures from each source to each target.
    package struct MatrixRequest: Codable, Equatable {
        package let sources: [Location]
        package let targets: [Location]
        package let costing: String
        package let costing_options: [String: CostingOptions]
        package var units = "kilometers"

        package init(sources: [Coordinate], targets: [Coordinate], options: RouteOptions) {
            self.sources = sources.map(Location.init)
            self.targets = targets.map(Location.init)
            (costing, costing_options) = ValhallaJSON.costing(options)
        }
    }

    /// A leg's length (kilometers, as asked) and time (seconds).
    package struct Summary: Codable, Equatable {
        package let length: Double
        package let time: Double
    }

    /// `/route`'s answer: the trip's legs, each with its summary and encoded shape.
    package struct RouteResponse: Codable {
        package struct Trip: Codable {
            package let legs: [Leg]
        }
        package struct Leg: Codable {
            package let summary: Summary
            package let shape: String
        }
        package let trip: Trip
    }

    /// `/sources_to_targets`' answer: a row a source, a cell a target; no figures where no road joins them.
    package struct MatrixResponse: Codable {
        package struct Cell: Codable {
            package let distance: Double?
            package let time: Double?
        }
        package let sources_to_targets: [[Cell]]
    }

    /// An error's body (HTTP 400): Valhalla's code and sentence.
    package struct ErrorResponse: Codable {
        package let error_code: Int
        package let error: String?
    }

    /// `/status`'s answer.
    package struct Status: Codable {
        package let version: String
    }
}
