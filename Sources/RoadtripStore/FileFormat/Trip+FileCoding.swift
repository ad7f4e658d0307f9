import Foundation
import RoadtripCore

// How the trips file writes a trip, its stops and their locations (SPEC §3): the keys, what an
// absent field means, the fields of earlier versions, the checks and the sentences of a value
// that is wrong. `TripFileReader` and `TripFileWriter` read and write the same, faster.

extension Trip: Codable {
    /// The fields are `TripField`'s, shared with the one-pass reader and the writer.
    private typealias CodingKeys = TripField

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let id = try container.id(at: CodingKeys.id)
        let name = try container.value(String.self, at: CodingKeys.name)
        self.init(id: id, name: name, stops: try container.valueIfPresent([Stop].self, at: CodingKeys.stops) ?? [])
        settings = try container.valueIfPresent(TripSettings.self, at: CodingKeys.settings) ?? TripSettings()
        settings.adoptEarlierFields(
            roadFactor: try container.valueIfPresent(Double.self, at: CodingKeys.roadFactor),
            averageSpeedKmh: try container.valueIfPresent(Double.self, at: CodingKeys.averageSpeedKmh))
        unknownFields = try container.unknownFields(besides: CodingKeys.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(stops, forKey: .stops)
        if !settings.isDefault { try container.encode(settings, forKey: .settings) }
        try encoder.encodeUnknownFields(unknownFields)
    }
}

extension Stop: Codable {
    private typealias CodingKeys = StopField

    // One container for the stop and one for its location, each read once (known fields first,
    // in this order, so the first error is always the same one), then the fields left over.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let id = try container.id(at: CodingKeys.id)
        let name = try container.value(String.self, at: CodingKeys.name)
        let (location, locationUnknownFields) = try Coordinate.decodeWithUnknownFields(in: container, forKey: CodingKeys.location)
        let region = try container.valueIfPresent(String.self, at: CodingKeys.region)
        let country = try container.valueIfPresent(String.self, at: CodingKeys.country)
        let notes = try container.valueIfPresent(String.self, at: CodingKeys.notes)
        let stay = try Stay.decode(
            hours: container.valueIfPresent(Double.self, at: CodingKeys.stayHours),
            nights: container.valueIfPresent(Double.self, at: CodingKeys.stayNights)
        ) { field, reason in
            .dataCorruptedError(forKey: AnyCodingKey(stringValue: field), in: container, debugDescription: reason)
        }
        let overnight = try container.valueIfPresent(Bool.self, at: CodingKeys.overnight) ?? false
        // All at once: the fields a stop seldom has share one box, made once.
        self.init(
            id: id, name: name, location: location, region: region, country: country, notes: notes, stay: stay, overnight: overnight,
            unknownFields: try container.unknownFields(besides: CodingKeys.self), locationUnknownFields: locationUnknownFields)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        if locationUnknownFields.isEmpty {
            try container.encode(location, forKey: .location) // the common case, and the cheaper one
        } else {
            let locationEncoder = container.superEncoder(forKey: .location)
            try location.encode(to: locationEncoder)
            try locationEncoder.encodeUnknownFields(locationUnknownFields)
        }
        try container.encodeIfPresent(region, forKey: .region)
        try container.encodeIfPresent(country, forKey: .country)
        try container.encodeIfPresent(notes, forKey: .notes)
        if overnight { try container.encode(true, forKey: .overnight) }
        switch stay {
        case .hours(let hours): try container.encode(hours, forKey: .stayHours)
        case .nights(let nights): try container.encode(nights, forKey: .stayNights)
        case nil: break
        }
        try encoder.encodeUnknownFields(unknownFields)
    }
}

/// `{"latitude": …, "longitude": …}`, the `location` object of the iOS app's files.
extension Coordinate: Codable {
    private typealias CodingKeys = LocationField

    package init(from decoder: any Decoder) throws {
        self = try Self.decode(in: try decoder.container(keyedBy: AnyCodingKey.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }

    private static func decode(in container: KeyedDecodingContainer<AnyCodingKey>) throws -> Coordinate {
        let latitude = try container.value(Double.self, at: CodingKeys.latitude)
        let longitude = try container.value(Double.self, at: CodingKeys.longitude)
        guard (-90...90).contains(latitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(CodingKeys.latitude), in: container,
                debugDescription: "latitude \(latitude) is outside -90…90")
        }
        guard (-180...180).contains(longitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(CodingKeys.longitude), in: container,
                debugDescription: "longitude \(longitude) is outside -180…180")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The coordinate at `key` of `container`, and the fields of it that it does not model.
    static func decodeWithUnknownFields<Key: CodingKey>(
        in container: KeyedDecodingContainer<AnyCodingKey>, forKey key: Key
    ) throws -> (Coordinate, UnknownFields) {
        let nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
        return (try decode(in: nested), try nested.unknownFields(besides: CodingKeys.self))
    }
}

extension Stay {
    /// The file's names of the two ways to give a stay.
    static let hoursField = "stayHours", nightsField = "stayNights"

    /// The stay a file gives as `stayHours` or `stayNights` (not both); `failure` makes the error
    /// that names what is wrong, at the field it is about.
    static func decode(hours: Double?, nights: Double?, failure: (_ field: String, _ reason: String) -> DecodingError) throws -> Stay? {
        switch (hours, nights) {
        case (nil, nil):
            return nil
        case (let hours?, nil):
            guard hoursRange.contains(hours) else { throw failure(hoursField, "stayHours must be a number of hours from 0 to 240, found \(hours)") }
            return .hours(hours)
        case (nil, let nights?):
            // Int(exactly:) is nil for a fraction, NaN or a number no Int holds (1e300): never a trap.
            guard let whole = Int(exactly: nights), nightsRange.contains(whole) else {
                throw failure(nightsField, "stayNights must be a whole number of nights from 1 to 365, found \(nights)")
            }
            return .nights(whole)
        case (_?, _?):
            throw failure(nightsField, "a stop gives stayHours or stayNights, not both")
        }
    }
}
