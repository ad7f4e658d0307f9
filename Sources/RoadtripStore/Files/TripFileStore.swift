import Foundation
import RoadtripCore

/// Reads and writes the data file. Knows the format and the error messages; knows nothing of
/// when to save (that is the `DataModel`'s business).
package struct TripFileStore: Sendable {
    package let url: URL
    /// The largest file this store reads, and so the largest it writes: `maximumBytes`, unless a
    /// test gives a smaller one to show the rule on a small file.
    package let byteLimit: Int

    package init(url: URL, byteLimit: Int = TripFileStore.maximumBytes) {
        self.url = url
        self.byteLimit = byteLimit
    }

    package var path: String { url.path }

    /// The largest trips file read (about a million and a half stops, as roadtrip writes them),
    /// the same bound as an import's: a larger one is refused before it is read. A save that
    /// would write a larger one is refused before it writes (issue 52: two imports of a million
    /// waypoints wrote 421 MB, and every trip was locked out). The one place the bound is set.
    package static let standardMaximumBytes = 256 << 20

    /// `standardMaximumBytes`, or a smaller bound an end-to-end test sets in
    /// `ROADTRIP_TEST_FILE_LIMIT` (bytes) to show the rule without writing 256 MB. A larger one is
    /// not taken: a file written under it could not be read by a roadtrip without it.
    package static let maximumBytes = maximumBytes(testLimit: ProcessInfo.processInfo.environment["ROADTRIP_TEST_FILE_LIMIT"])

    static func maximumBytes(testLimit: String?) -> Int {
        guard let limit = testLimit.flatMap(Int.init), limit > 0 else { return standardMaximumBytes }
        return min(limit, standardMaximumBytes)
    }

    /// The file's trips, or nil when there is no file yet (see `load()`).
    package func read() throws(DataFileError) -> TripFile? {
        try load()?.file
    }

    /// Decodes file bytes, turning every failure into an error with the line and column.
    package func decode(_ data: Data) throws(DataFileError) -> TripFile {
        // The one-pass reader takes nearly every file; on any doubt it steps aside, and the slow
        // path below reads the file again, finds what is wrong and says where.
        if let file = TripFileReader.read(data) {
            return file
        }
        let locator = JSONTextLocator(data)
        if let syntaxError = locator.syntaxError() {
            let (line, column) = (syntaxError.position.line, syntaxError.position.column)
            if syntaxError.isDuplicateField {
                throw .invalidContent(path: path, line: line, column: column, field: "", reason: syntaxError.reason)
            }
            if let field = syntaxError.field {
                throw .invalidContent(path: path, line: line, column: column, field: Self.describe(field), reason: syntaxError.reason)
            }
            throw .invalidJSON(path: path, line: line, column: column, reason: syntaxError.reason)
        }
        do {
            let file = try JSONDecoder().decode(TripFile.self, from: data)
            if let duplicate = Self.firstDuplicateID(in: file) {
                let position = locator.position(of: duplicate.path)
                throw DataFileError.invalidContent(
                    path: path, line: position?.line, column: position?.column,
                    field: Self.describe(duplicate.path), reason: duplicate.reason)
            }
            return file
        } catch let error as DataFileError {
            throw error
        } catch let error as DecodingError {
            throw contentError(error, locator: locator)
        } catch {
            throw .invalidContent(path: path, line: nil, column: nil, field: "", reason: "\(error)")
        }
    }

    /// Writes `file` without the fingerprint a save keeps (`writeAndFingerprint`): the journal,
    /// written after every change, has no use for a hash of its megabyte.
    package func write(_ file: TripFile) throws(DataFileError) {
        try write(try encode(file))
    }

    /// Writes `data` over the file atomically, unless it is larger than the file may be.
    package func write(_ data: Data) throws(DataFileError) {
        try refuseOversized(data)
        do {
            try FolderMaker.make(url.deletingLastPathComponent().path)
            try AtomicFile.write(data, to: url)
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }

    /// Refuses `data` larger than a trips file may be: no save, nor copy of the trips, writes a
    /// file the program would then refuse to read (issue 52: two imports of a million waypoints
    /// wrote 421 MB, and every trip was locked out).
    func refuseOversized(_ data: Data) throws(DataFileError) {
        guard data.count <= byteLimit else {
            throw .unwritable(path: path, reason: "it would be \(Self.sizeText(data.count)), \(limitText); it was not written")
        }
    }

    private func contentError(_ error: DecodingError, locator: JSONTextLocator) -> DataFileError {
        let (context, reason): (DecodingError.Context, String)
        switch error {
        case let .typeMismatch(type, errorContext):
            (context, reason) = (errorContext, "expected \(Self.describe(type))")
        case let .valueNotFound(type, errorContext):
            (context, reason) = (errorContext, "expected \(Self.describe(type)), found null")
        case let .keyNotFound(key, errorContext):
            (context, reason) = (
                DecodingError.Context(codingPath: errorContext.codingPath + [key], debugDescription: ""), "the required field \"\(key.stringValue)\" is missing"
            )
        case let .dataCorrupted(errorContext):
            (context, reason) = (errorContext, errorContext.debugDescription)
        @unknown default:
            return .invalidContent(path: path, line: nil, column: nil, field: "", reason: "\(error)")
        }
        let components = context.codingPath.map { key -> JSONTextLocator.PathComponent in
            key.intValue.map { .index($0) } ?? .key(key.stringValue)
        }
        let position = locator.position(of: components)
        return .invalidContent(path: path, line: position?.line, column: position?.column, field: Self.describe(components), reason: reason)
    }

    /// The first id used twice (two trips, or two stops anywhere in the file): ids are how stops
    /// and trips are told apart, so a file with duplicates is refused, not guessed at.
    static func firstDuplicateID(in file: TripFile) -> (path: [JSONTextLocator.PathComponent], reason: String)? {
        var tripIDs: [UUID: Int] = [:]
        var stopIDs: [UUID: (Int, Int)] = [:]
        for (tripIndex, trip) in file.trips.enumerated() {
            if let first = tripIDs[trip.id] {
                return ([.key("trips"), .index(tripIndex), .key("id")], "the id \(trip.id) is also the id of trips[\(first)]")
            }
            tripIDs[trip.id] = tripIndex
            for (stopIndex, stop) in trip.stops.enumerated() {
                if let (firstTrip, firstStop) = stopIDs[stop.id] {
                    return (
                        [.key("trips"), .index(tripIndex), .key("waypoints"), .index(stopIndex), .key("id")],
                        "the id \(stop.id) is also the id of trips[\(firstTrip)].waypoints[\(firstStop)]"
                    )
                }
                stopIDs[stop.id] = (tripIndex, stopIndex)
            }
        }
        return nil
    }

    /// A coding path as a reader would write it: `trips[2].waypoints[0].location`.
    static func describe(_ path: [JSONTextLocator.PathComponent]) -> String {
        path.reduce(into: "") { text, component in
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        case is UUID.Type: return "a UUID string"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            return "a \(name)"
        }
    }

    static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return systemErrorMessage(Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return systemErrorMessage(Int32(nsError.code)) }
        switch nsError.code {
        case NSFileReadNoPermissionError: return systemErrorMessage(EACCES)
        case NSFileWriteNoPermissionError: return systemErrorMessage(EACCES)
        case NSFileWriteOutOfSpaceError: return systemErrorMessage(ENOSPC)
        default: return nsError.localizedDescription
        }
    }
}
