import RoadtripCore

/// The properties of a GeoJSON Feature that make a stop: `name`, `notes` (else `description`),
/// and roadtrip's `stayHours`, `stayNights` and `overnight`, as GeoJSON export writes them.
struct GeoJSONProperties {
    typealias Path = [JSONTextLocator.PathComponent]

    var name: String?
    var notes: String?
    var stay: Stay?
    var overnight = false

    init() {}

    init(_ value: GeoJSONValue?, at path: Path) throws(GeoJSONReader.Fault) {
        guard let value, value != .null else { return }
        let fields = try GeoJSONReader.fields(of: value, at: path)
        name = try Self.text(fields, "name", at: path)
        let description = try Self.text(fields, "description", at: path) // `??` would rethrow any Error
        notes = try Self.text(fields, "notes", at: path) ?? description
        let hours = try Self.number(fields, StopStay.stayHours, at: path), nights = try Self.number(fields, StopStay.stayNights, at: path)
        switch StopStay.stay(hours: hours, nights: nights) {
        case .success(let stay): self.stay = stay
        case .failure(let failure):
            throw GeoJSONReader.Fault(path: path + [.key(hours != nil ? StopStay.stayHours : StopStay.stayNights)], reason: failure.reason)
        }
        switch fields[StopStay.overnight] {
        case nil, .null?: break
        case .bool(let flag)?: overnight = flag
        case let other?:
            throw GeoJSONReader.Fault(path: path + [.key(StopStay.overnight)], reason: "overnight must be true or false, found \(other.kindName)")
        }
    }

    func point(at location: Coordinate) -> ImportedPoint {
        ImportedPoint(location: location, name: name, notes: notes, stay: stay, overnight: overnight)
    }

    private static func text(_ fields: [String: GeoJSONValue], _ key: String, at path: Path) throws(GeoJSONReader.Fault) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw GeoJSONReader.Fault(path: path + [.key(key)], reason: "\(key) must be a string, found \(other.kindName)")
        }
    }

    /// A number as text, for the checks `StopStay` makes of every format's stays.
    private static func number(_ fields: [String: GeoJSONValue], _ key: String, at path: Path) throws(GeoJSONReader.Fault) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .number(let number)?: return DecimalDegrees.number(number)
        case let other?: throw GeoJSONReader.Fault(path: path + [.key(key)], reason: "\(key) must be a number, found \(other.kindName)")
        }
    }
}
