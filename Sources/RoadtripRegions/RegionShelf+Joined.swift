import DurableWrites
import Foundation
import RoadtripCore

/// The regions' joined roads on the shelf: one Routino database of every region's roads, in a
/// folder of its own (`.joined_…`) named by the link `.joined`, put in place and replaced as a
/// region is (`link(_:as:at:)`): a reader sees the old database or the new one, never half of one.
extension RegionShelf {
    /// The joined roads in place: their database's folder, what names this build of them (the
    /// folder the link names, new at every build) and the regions they were built from.
    package struct JoinedRoads: Sendable, Equatable {
        package let database: URL
        package let version: String
        package let members: [Member]
    }

    /// A region whose roads are in the joined roads: its name and the version of it (the folder
    /// its link named) they were built from.
    package struct Member: Codable, Sendable, Equatable {
        package let name: String
        package let version: String

        package init(name: String, version: String) {
            (self.name, self.version) = (name, version)
        }
    }

    /// What `joined.json` in the joined roads' folder says.
    struct JoinedDescription: Codable {
        var regions: [Member]
    }

    static let joinedFileName = "joined.json"

    /// The joined roads in place, or nil (none built, or not readable).
    package func joinedRoads() -> JoinedRoads? {
        guard let version = joinedLinkTarget() else { return nil }
        let folder = directory.appendingPathComponent(ShelfName.joinedLinkName)
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(Self.joinedFileName)),
              let description = try? JSONDecoder().decode(JoinedDescription.self, from: data) else { return nil }
        return JoinedRoads(database: folder.appendingPathComponent(RegionInfo.roadsFolderName), version: version, members: description.regions)
    }

    /// The version the link `.joined` names, when it is roadtrip's.
    package func joinedLinkTarget() -> String? {
        guard let target = linkTarget(ShelfName.joinedLinkName), ShelfName(target) == .joinedVersion else { return nil }
        return target
    }

    /// Puts the joined roads built in `staging` (their database in `roads/`, `members` beside it)
    /// in place of the old ones, in one rename. The staging folder is gone afterwards.
    package func installJoined(_ staging: URL, members: [Member]) throws(RegionError) {
        defer { try? FileManager.default.removeItem(at: staging) }
        let description: Data
        do { description = try JSONEncoder.deterministic().encode(JoinedDescription(regions: members)) } catch {
            throw .cannotWrite(path: staging.path, reason: "\(error)")
        }
        try DurableFile.write(description, to: staging.appendingPathComponent(Self.joinedFileName))
        try withLock { () throws(RegionError) in
            let previous = joinedLinkTarget()
            try link(staging, as: ShelfName.joinedVersion(), at: ShelfName.joinedLinkName)
            if let previous { removeOwnFolder(previous, provenBy: [ShelfName.markName]) }
        }
    }

    /// Removes the joined roads (fewer than two regions have roads to join): the link first.
    package func removeJoined() throws(RegionError) {
        try withLock { () throws(RegionError) in
            guard let previous = joinedLinkTarget() else { return }
            let link = directory.appendingPathComponent(ShelfName.joinedLinkName)
            guard unlink(link.path) == 0 else { throw .cannotWrite(path: link.path, reason: Self.errorText()) }
            AtomicWriter.syncDirectory(directory.path)
            removeOwnFolder(previous, provenBy: [ShelfName.markName])
        }
    }
}
