import Foundation

/// Reads a JSON file: GeoJSON when its top level has a `type`, roadtrip's (and the iOS app's)
/// trips file when it has `trips`. Errors carry the line and column, found by `JSONTextLocator`
/// (Foundation's decoders say neither).
enum JSONImport {
    static func read(_ file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        let data = try file.contents()
        let fields: [String: IgnoredJSONValue]
        do {
            fields = try JSONDecoder().decode([String: IgnoredJSONValue].self, from: data)
        } catch {
            throw problem(in: data, decoding: error)
        }
        if fields["type"] == nil, fields["trips"] != nil {
            return try tripsFile(data, file: file)
        }
        guard fields["type"] != nil else {
            throw ImportProblem(line: 1, column: 1, "the file is neither GeoJSON (it has no “type”) nor a roadtrip trips file (it has no “trips”)")
        }
        do {
            let root = try JSONDecoder().decode(GeoJSONValue.self, from: data)
            return try GeoJSONReader.trips(from: root, fallbackName: file.baseName)
        } catch let fault as GeoJSONReader.Fault {
            let position = JSONTextLocator(data).position(of: fault.path)
            let field = TripFileStore.describe(fault.path)
            throw ImportProblem(line: position?.line, column: position?.column, field.isEmpty ? fault.reason : "in \(field): \(fault.reason)")
        } catch {
            throw problem(in: data, decoding: error)
        }
    }

    /// The file as the data file is read, with the same checks and messages.
    private static func tripsFile(_ data: Data, file: ImportFile) throws(ImportProblem) -> [ImportedTrip] {
        do {
            let trips = try TripFileStore(url: file.url).decode(data).trips
            return trips.map { ImportedTrip(name: $0.name, stops: $0.stops) }
        } catch {
            switch error {
            case let .invalidJSON(_, line, column, reason):
                throw ImportProblem(line: line, column: column, "the file is not valid JSON: \(reason)")
            case let .invalidContent(_, line, column, field, reason):
                throw ImportProblem(line: line, column: column, "the trips file is not valid\(field.isEmpty ? "" : " in \(field)"): \(reason)")
            default:
                throw ImportProblem(error.whatIsWrong)
            }
        }
    }

    /// A syntax error where the locator finds it; the top level not being an object otherwise.
    private static func problem(in data: Data, decoding error: any Error) -> ImportProblem {
        if let syntax = JSONTextLocator(data).syntaxError() {
            return ImportProblem(line: syntax.position.line, column: syntax.position.column, "the file is not valid JSON: \(syntax.reason)")
        }
        if case DecodingError.typeMismatch = error {
            return ImportProblem(line: 1, column: 1, "the file's top level is not a JSON object, as GeoJSON and trips files have")
        }
        return ImportProblem("the file is not valid JSON: \(error)")
    }
}
