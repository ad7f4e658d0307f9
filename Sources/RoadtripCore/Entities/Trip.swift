import Foundation

/// A named, ordered list of stops.
package struct Trip: Equatable, Identifiable, Sendable {
    package static let defaultName = "New Trip"

    package var id: UUID
    package var name: String
    package var stops: [Stop]
    /// How the trip is planned and estimated; written only when the user chose something.
    package var settings = TripSettings()
    /// Fields written by a newer version, kept as they were.
    package var unknownFields: UnknownFields = [:]

    package init(id: UUID = UUID(), name: String = Trip.defaultName, stops: [Stop] = []) {
        self.id = id
        self.name = name
        self.stops = stops
    }
}

extension Trip {
    /// The units the trip is shown in: its own choice, else `fallback` (`--units`, or the locale).
    package func unit(default fallback: DistanceUnit) -> DistanceUnit {
        settings.units ?? fallback
    }
}
