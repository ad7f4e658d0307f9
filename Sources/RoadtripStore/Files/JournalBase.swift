import Foundation
import RoadtripCore

/// The trips file a journal's changes were made to, as its planner last read or wrote it: the
/// file's fingerprint, the trips the journal adds, and, for each trip the journal changes or
/// deletes, its name and a hash of its content there. Every other trip of the base is the
/// journal's own, unchanged. That is enough to tell, at a restore, the journal's changes from what
/// another program changed in the file since (`JournalRestore`), at a cost that grows with the
/// changes rather than the file.
struct JournalBase: Codable, Equatable, Sendable {
    /// What the file looked like (`FileFingerprint`); the hash in hexadecimal, as JSON numbers
    /// lose the low bits of 64-bit integers in many readers.
    struct FileMark: Codable, Equatable, Sendable {
        let size: Int
        let modified: Double
        let hash: String

        init(_ fingerprint: FileFingerprint) {
            size = fingerprint.size
            modified = fingerprint.modified
            hash = JournalBase.hex(fingerprint.hash)
        }
    }

    /// A trip of the base the journal changed or deleted, as it was there.
    struct Former: Codable, Equatable, Sendable {
        let id: Trip.ID
        let name: String
        let hash: String
    }

    /// The file, or nil when there was none.
    let file: FileMark?
    let added: [Trip.ID]
    let changed: [Former]

    /// The base of a journal holding `ours`, made from `base`, the trips of the file `fingerprint`
    /// describes.
    init(file fingerprint: FileFingerprint?, trips base: [Trip], ours: [Trip]) {
        file = fingerprint.map { FileMark($0) }
        let oursByID = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let baseIDs = Set(base.map(\.id))
        added = ours.map(\.id).filter { !baseIDs.contains($0) }
        changed = base.compactMap { trip in
            oursByID[trip.id] == trip ? nil : Former(id: trip.id, name: trip.name, hash: Self.contentHash(of: trip) ?? "")
        }
    }

    /// The base of a journal of format 3, from its first line (`file`) and its records
    /// (`replay`): the trips it holds that no record took from the file are its own (added); of
    /// those the records took from the file, the ones it deleted or holds changed. Nil when the
    /// trips it holds repeat an id, as no journal this roadtrip writes does.
    init?(file: FileMark?, replay: JournalReplay) {
        let held = replay.trips(onto: nil)
        guard TripFileStore.firstDuplicateID(in: TripFile(trips: held)) == nil else { return nil }
        let heldByID = Dictionary(uniqueKeysWithValues: held.map { ($0.id, $0) })
        let fromFile = Set(replay.formers.map(\.id))
        self.file = file
        added = held.map(\.id).filter { !fromFile.contains($0) }
        changed = replay.formers.filter { former in heldByID[former.id].map { Self.contentHash(of: $0) != former.hash } ?? true }
    }

    /// Whether the file `fingerprint` describes is the one this base was made from.
    func isFile(_ fingerprint: FileFingerprint?) -> Bool {
        file?.hash == fingerprint.map { Self.hex($0.hash) }
    }

    /// A hash of a trip's content, as a trips file writes it; nil when it cannot be written (a
    /// number JSON cannot hold), which no hash matches.
    static func contentHash(of trip: Trip) -> String? {
        guard let bytes = try? TripFile(trips: [trip]).encoded() else { return nil }
        return hex(FileFingerprint.hash(bytes))
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The base of a merge (`TripMerge`) for restoring a journal: the journal's own trips, but for
/// the ones it added, and what it noted of those it changed.
struct JournalMergeBase: MergeBase {
    private let ours: [Trip.ID: Trip]
    private let added: Set<Trip.ID>
    private let formerHashes: [Trip.ID: String]

    init(_ base: JournalBase, ours: [Trip]) {
        self.ours = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        added = Set(base.added)
        formerHashes = Dictionary(base.changed.map { ($0.id, $0.hash) }, uniquingKeysWith: { first, _ in first })
    }

    func has(_ id: Trip.ID) -> Bool {
        formerHashes[id] != nil || (ours[id] != nil && !added.contains(id))
    }

    func isUnchanged(_ trip: Trip) -> Bool {
        if let former = formerHashes[trip.id] { return JournalBase.contentHash(of: trip) == former }
        return ours[trip.id] == trip
    }
}
