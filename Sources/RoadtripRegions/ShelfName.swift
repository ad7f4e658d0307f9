import Foundation

/// The names roadtrip gives what it puts in the regions folder, so that it knows them again and
/// touches nothing else: a region's link (`andorra`), the folder it names (`.andorra-1f3c2a4b-9d0`),
/// the folder an import builds in (`.staging-PID-1F3C2A4B`), the link of an install under way
/// (`.link-PID-1F3C2A4B`), and the lock (`.lock`); the regions' joined roads (`RoadJoin`): their
/// link (`.joined`), the folder it names, listing the joins in place, and each join, one a group
/// of regions whose roads can meet (all `.joined_1f3c2a4b9d0e`, a name no region's folder can
/// have), and the lock their builds take in turn (`.join-lock`). Anything else in the folder is
/// not roadtrip's.
package enum ShelfName: Equatable {
    case lock
    case region(String)
    case version(region: String)
    case staging(pid: Int32)
    case temporaryLink(pid: Int32)
    case joinLock
    case joinedLink
    case joinedVersion

    static let lockName = ".lock"
    package static let joinLockName = ".join-lock"
    static let joinedLinkName = ".joined"
    private static let joinedPrefix = ".joined_"
    /// The file roadtrip puts in every folder it makes in the regions folder, first: a folder
    /// without it is never swept, whatever its name.
    static let markName = ".made-by-roadtrip"

    /// The kind of entry `name` is by its name alone; nil for a name roadtrip never gives.
    init?(_ name: String) {
        if name == Self.lockName {
            self = .lock
        } else if name == Self.joinLockName {
            self = .joinLock
        } else if name == Self.joinedLinkName {
            self = .joinedLink
        } else if name.hasPrefix(Self.joinedPrefix), name.count == Self.joinedPrefix.count + 12,
            name.dropFirst(Self.joinedPrefix.count).allSatisfy("0123456789abcdef".contains)
        {
            self = .joinedVersion
        } else if let pid = Self.pid(in: name, after: ".staging-") {
            self = .staging(pid: pid)
        } else if let pid = Self.pid(in: name, after: ".link-") {
            self = .temporaryLink(pid: pid)
        } else if let region = Self.region(ofVersion: name) {
            self = .version(region: region)
        } else if RegionShelf.isValidName(name) {
            self = .region(name)
        } else {
            return nil
        }
    }

    /// A new name for a version of region `name`: `.andorra-1f3c2a4b-9d0`.
    static func version(of name: String) -> String {
        ".\(name)-\(UUID().uuidString.prefix(12).lowercased())"
    }

    /// A new name for a join, or for the folder listing the joins: `.joined_1f3c2a4b9d0e`.
    static func joinedVersion() -> String {
        joinedPrefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    /// A new staging folder's name for this process.
    static func staging() -> String { ".staging-\(getpid())-\(UUID().uuidString.prefix(8))" }

    /// A new name for the link an install renames over a region's.
    static func temporaryLink() -> String { ".link-\(getpid())-\(UUID().uuidString.prefix(8))" }

    /// `.staging-PID-XXXXXXXX` (eight uppercase hexadecimal digits): the PID.
    private static func pid(in name: String, after prefix: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 8, parts[1].allSatisfy("0123456789ABCDEF".contains),
            (1...10).contains(parts[0].count), parts[0].allSatisfy("0123456789".contains)
        else { return nil }
        return Int32(parts[0])
    }

    /// `.andorra-1f3c2a4b-9d0`: `andorra`.
    private static func region(ofVersion name: String) -> String? {
        guard name.hasPrefix("."), name.count > 14 else { return nil }
        let suffix = name.suffix(13)
        let hex = suffix.enumerated().allSatisfy { offset, character in
            offset == 0 || offset == 9 ? character == "-" : "0123456789abcdef".contains(character)
        }
        let region = String(name.dropFirst().dropLast(13))
        return hex && RegionShelf.isValidName(region) ? region : nil
    }
}
