import Foundation

/// A time zone's customary short name at an instant: "JST", "BST", "CEST", "SAST".
///
/// Foundation on Linux names every zone by its offset ("GMT+9"); the names people use are in
/// the system's zoneinfo files (tzdata), which this reads once per zone. A zone whose files give
/// only numbers ("-03", "+0530": the tz database's mark of a zone without a customary
/// abbreviation) keeps Foundation's "GMT-3"; so does a zone without a file.
package enum ZoneAbbreviation {
    /// Where the zoneinfo files are: `$TZDIR` when set (as the C library reads it), else the system's.
    static let directory = ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"

    package static func name(of zone: TimeZone, at instant: Date) -> String {
        if let file = cache.file(for: zone.identifier, in: directory),
            let name = file.abbreviation(at: Int64(instant.timeIntervalSince1970.rounded(.down)), isDaylight: { zone.isDaylightSavingTime(for: instant) }),
            isCustomary(name)
        {
            return name
        }
        return foundationName(of: zone, at: instant)
    }

    /// Foundation's name: "PDT" where it has one, else "GMT+9", "GMT-3", "GMT+5:30".
    static func foundationName(of zone: TimeZone, at instant: Date) -> String {
        let style: NSTimeZone.NameStyle = zone.isDaylightSavingTime(for: instant) ? .shortDaylightSaving : .shortStandard
        return zone.localizedName(for: style, locale: Locale(identifier: "en_US")) ?? zone.identifier
    }

    /// A name made of letters ("JST", "ChST"), not the numbers tzdata writes where a zone has
    /// no customary abbreviation ("-03", "+0530", "+05").
    static func isCustomary(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// The path of a zone's file; nil for an identifier that is not a plain zone name (so that
    /// no identifier reads a file outside the zoneinfo folder).
    static func path(of identifier: String, in directory: String) -> String? {
        let allowed = identifier.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/_+-".utf8.contains(byte)
        }
        let components = identifier.split(separator: "/", omittingEmptySubsequences: false)
        guard allowed, !identifier.isEmpty, components.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") }) else { return nil }
        return directory + "/" + identifier
    }

    private static let cache = ZoneInfoCache()
}

/// The zoneinfo files read so far, by identifier (a missing or unreadable one as nil, so that
/// it is not looked for again). Planning and printing may run off the main thread: a lock.
private final class ZoneInfoCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: ZoneInfoFile?] = [:]

    func file(for identifier: String, in directory: String) -> ZoneInfoFile? {
        if let known = lock.withLock({ files[identifier] }) { return known }
        // Read outside the lock: two threads may read the same file once each, and both keep
        // the same result.
        let file = ZoneAbbreviation.path(of: identifier, in: directory)
            .flatMap { FileManager.default.contents(atPath: $0) }
            .flatMap(ZoneInfoFile.init(data:))
        lock.withLock { files[identifier] = .some(file) }
        return file
    }
}
