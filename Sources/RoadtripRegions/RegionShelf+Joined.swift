import DurableWrites
import Foundation
import RoadtripCore

/// The regions' joined roads on the shelf: one Routino database for each group of regions whose
/// roads can meet (`RegionGroups`), each in a folder of its own (`.joined_…`, a join), and the
/// folder naming the joins in place (`.joined_…` too, holding `joins.json`), which the link
/// `.joined` names. A change of any join is a new such folder and one rename of the link
/// (`link(_:as:at:)`), as a region's change is: a reader sees the old joins or the new ones,
/// never half of them, and a join that did not change stays where it is, named again.
///
/// A shelf of an older roadtrip has one join, which the link names itself (its folder holds
/// `joined.json` and the database): it is read as the joins of one group, kept while that group
/// is the same, and replaced by the new layout at the next change.
extension RegionShelf {
    /// The joins in place: what names them together (the folder the link `.joined` names, new
    /// whenever one of them changes) and each join.
    package struct JoinedRoads: Sendable, Equatable {
        package let version: String
        package let joins: [Join]
    }

    /// One group's joined roads: their database's folder, what names this build of them (its
    /// folder's name, new at every build) and the regions they were built from.
    package struct Join: Sendable, Equatable {
        package let database: URL
        package let version: String
        package let members: [Member]
    }

    /// A region whose roads are in a join: its name and the version of it (the folder its link
    /// named) they were built from.
    package struct Member: Codable, Sendable, Hashable {
        package let name: String
        package let version: String

        package init(name: String, version: String) {
            (self.name, self.version) = (name, version)
        }
    }

    /// A join just built, in its staging folder (its database in `roads/`), and its regions.
    package struct BuiltJoin: Sendable {
        package let staging: URL
        package let members: [Member]

        package init(staging: URL, members: [Member]) {
            (self.staging, self.members) = (staging, members)
        }
    }

    /// What `joined.json` in a join's folder says.
    struct JoinDescription: Codable {
        var regions: [Member]
    }

    /// What `joins.json` in the folder the link names says: the folders of the joins in place.
    struct JoinsDescription: Codable {
        var joins: [String]
    }

    static let joinFileName = "joined.json"
    static let joinsFileName = "joins.json"

    /// The joins in place, or nil (none built, or the link's folder not readable). A join whose
    /// folder is missing or unreadable is left out: the next join builds its group again.
    package func joinedRoads() -> JoinedRoads? {
        guard let version = joinedLinkTarget() else { return nil }
        if let listed = listedJoins(in: version) {
            return JoinedRoads(version: version, joins: listed.compactMap(join(named:)))
        }
        return join(named: version).map { JoinedRoads(version: version, joins: [$0]) }
    }

    /// The version the link `.joined` names, when it is roadtrip's.
    package func joinedLinkTarget() -> String? {
        guard let target = linkTarget(ShelfName.joinedLinkName), ShelfName(target) == .joinedVersion else { return nil }
        return target
    }

    /// The `.joined_…` folders in use: the one the link names and the joins it lists. The sweep
    /// takes every other.
    func joinFoldersInUse() -> Set<String> {
        guard let version = joinedLinkTarget() else { return [] }
        return Set([version] + (listedJoins(in: version) ?? []))
    }

    /// The joins `joins.json` in folder `version` lists, each a join's name (never a path); nil
    /// when the folder holds no such list (an older roadtrip's one join).
    private func listedJoins(in version: String) -> [String]? {
        let file = directory.appendingPathComponent(version).appendingPathComponent(Self.joinsFileName)
        guard let data = try? RegionInfo.readSmallFile(file, region: ShelfName.joinedLinkName),
            let description = try? JSONDecoder().decode(JoinsDescription.self, from: data)
        else { return nil }
        return description.joins.filter { $0 != version && ShelfName($0) == .joinedVersion }
    }

    /// The join in folder `name`, when it is a folder holding its description.
    private func join(named name: String) -> Join? {
        guard fileType(name) == S_IFDIR else { return nil }
        let folder = directory.appendingPathComponent(name)
        guard let data = try? RegionInfo.readSmallFile(folder.appendingPathComponent(Self.joinFileName), region: name),
            let description = try? JSONDecoder().decode(JoinDescription.self, from: data)
        else { return nil }
        return Join(database: folder.appendingPathComponent(RegionInfo.roadsFolderName), version: name, members: description.regions)
    }

    /// Puts the joins `kept` (in place now) and `built` in place of the joins there were, in one
    /// rename of the link; the joins not among them are removed after. The staging folders are
    /// gone afterwards, whatever happens. With no join to put in place, it removes them all.
    package func installJoins(kept: [Join], built: [BuiltJoin]) throws(RegionError) {
        var staged = built.map(\.staging)
        defer { staged.forEach { try? FileManager.default.removeItem(at: $0) } }
        guard !kept.isEmpty || !built.isEmpty else { return try removeJoined() }
        for join in built {
            try DurableFile.write(
                try Self.encoded(JoinDescription(regions: join.members), at: join.staging),
                to: join.staging.appendingPathComponent(Self.joinFileName))
        }
        let names = built.map { _ in ShelfName.joinedVersion() }
        let list = try makeStaging()
        staged.append(list)
        try DurableFile.write(
            try Self.encoded(JoinsDescription(joins: kept.map(\.version) + names), at: list),
            to: list.appendingPathComponent(Self.joinsFileName))
        try withLock { () throws(RegionError) in
            let previous = joinFoldersInUse()
            if let gone = kept.first(where: { !previous.contains($0.version) }) {
                throw .cannotWrite(path: directory.appendingPathComponent(gone.version).path, reason: "the join was removed while others were built")
            }
            var moved: [String] = []
            do throws(RegionError) {
                for (join, name) in zip(built, names) {
                    guard rename(join.staging.path, directory.appendingPathComponent(name).path) == 0 else {
                        throw .cannotWrite(path: directory.path, reason: Self.errorText())
                    }
                    moved.append(name)
                }
                try link(list, as: ShelfName.joinedVersion(), at: ShelfName.joinedLinkName)
            } catch {
                moved.forEach { removeOwnFolder($0, provenBy: [ShelfName.markName]) }
                throw error
            }
            for name in previous.subtracting(joinFoldersInUse()) { removeOwnFolder(name, provenBy: [ShelfName.markName]) }
        }
    }

    /// Removes the joined roads (no two regions' roads can meet): the link first, then the
    /// folders it named.
    package func removeJoined() throws(RegionError) {
        try withLock { () throws(RegionError) in
            let previous = joinFoldersInUse()
            guard !previous.isEmpty else { return }
            let link = directory.appendingPathComponent(ShelfName.joinedLinkName)
            guard unlink(link.path) == 0 else { throw .cannotWrite(path: link.path, reason: Self.errorText()) }
            AtomicWriter.syncDirectory(directory.path)
            previous.forEach { removeOwnFolder($0, provenBy: [ShelfName.markName]) }
        }
    }

    private static func encoded(_ value: some Encodable, at folder: URL) throws(RegionError) -> Data {
        do { return try JSONEncoder.deterministic().encode(value) } catch {
            throw .cannotWrite(path: folder.path, reason: "\(error)")
        }
    }
}
