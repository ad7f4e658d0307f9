import DurableWrites
import Foundation
import RoadtripCore

/// The folder of added regions, `$XDG_DATA_HOME/roadtrip/regions/`, and the only code that changes it.
///
/// Each region is a link, `andorra → .andorra-1f3c…`, to a folder holding `region.json` and
/// `places.bin`. A region is built in a folder of its own (`.staging-PID-…`) and put in place by
/// renaming a new link over the old one, which the kernel does in one step: a reader sees the old
/// region or the new one, and an import that fails, is cancelled or killed leaves the old one as it
/// was. What a killed import leaves behind (its staging folder; a version no link names) is swept
/// at the next change, under the folder's lock (`.lock`, flock), which every change holds.
/// roadtrip knows its own entries by their names (`ShelfName`) and the mark in each folder it makes;
/// it lists, changes and sweeps nothing else, and refuses a regions folder that is a link to a
/// folder holding other things.
package struct RegionShelf: Sendable {
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_DATA_HOME/roadtrip/regions`, else `~/.local/share/roadtrip/regions` (a relative
    /// XDG_DATA_HOME is invalid by the XDG spec and ignored).
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> RegionShelf {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "\(home)/.local/share"
        return RegionShelf(directory: URL(fileURLWithPath: dataHome).appendingPathComponent("roadtrip/regions"))
    }

    /// An added region: its name and folder, and what its `region.json` says, or why it cannot be read.
    package struct Installed: Sendable {
        package let name: String
        package let folder: URL
        package let info: Result<RegionInfo, RegionError>

        package var placesFile: URL { folder.appendingPathComponent(RegionInfo.placesFileName) }

        /// Why the region's places are not searched although the region can be used: an older
        /// roadtrip added it (`RegionInfo.currentFormat`), so its index lacks the kinds and details
        /// of places this one finds. Nil when they are searched (or the region cannot be used at all).
        package var placesProblem: RegionError? {
            guard case .success(let info) = info, info.format < RegionInfo.currentFormat else { return nil }
            return .outdated(region: name, sourceFile: info.sourceFile, downloadedAs: info.origin?.extract)
        }
    }

    /// The regions, by name: the links roadtrip made, each naming a folder of its own. Whatever
    /// else the folder holds is no region (`foreignEntries`). A missing folder is no regions.
    /// `checkingPlaces`: whether a region whose place index is damaged is one that cannot be used;
    /// routing reads only the roads, and checking a country's index costs a command milliseconds.
    package func installed(checkingPlaces: Bool = true) -> [Installed] {
        entries().compactMap { name -> Installed? in
            guard case .region = ShelfName(name), let target = regionLinkTarget(name) else { return nil }
            let folder = directory.appendingPathComponent(name)
            let info = RegionInfo.read(region: name, folder: folder, version: target, checkingPlaces: checkingPlaces)
            return Installed(name: name, folder: folder, info: info)
        }
    }

    /// What the folder holds that roadtrip did not put there (a file someone saved in it, the
    /// files of a folder it is a link to), sorted: never listed as a region, never touched.
    package func foreignEntries() -> [String] {
        entries().filter { !isOwnEntry($0) }
    }

    /// A name a region may have: letters, digits and hyphens (lowercase), up to 64.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix("-")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The name a region gets from its file: `andorra-latest.osm.pbf` → `andorra`.
    package static func name(forFile path: String) -> String {
        var base = (path as NSString).lastPathComponent.lowercased()
        for suffix in [".bz2", ".gz", ".pbf", ".osm", ".xml"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
        for suffix in [".osm", "-latest", "-internal"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
        var name = String(base.unicodeScalars.map { isValidName(String($0)) ? Character($0) : "-" })
        while name.contains("--") { name = name.replacingOccurrences(of: "--", with: "-") }
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return String(name.prefix(64)).isEmpty ? "region" : String(name.prefix(64))
    }

    /// A new folder to build a region in, on the shelf's file system (so that installing is a
    /// rename), holding roadtrip's mark. Its name carries this process's id, for the sweep to know
    /// when it is orphaned.
    package func makeStaging() throws(RegionError) -> URL {
        try prepareFolder()
        let staging = directory.appendingPathComponent(ShelfName.staging())
        guard mkdir(staging.path, 0o755) == 0 else { throw .cannotWrite(path: staging.path, reason: Self.errorText()) }
        do throws(RegionError) {
            try DurableFile.write(Data(), to: staging.appendingPathComponent(ShelfName.markName))
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        return staging
    }

    /// Puts the region built in `staging` in place under `name`, replacing the region of that
    /// name, if any, in one rename. The staging folder is gone afterwards, whatever happens.
    package func install(_ staging: URL, as name: String) throws(RegionError) {
        defer { try? FileManager.default.removeItem(at: staging) }
        try withLock { () throws(RegionError) in
            let previous = regionLinkTarget(name)
            try link(staging, as: ShelfName.version(of: name), at: name)
            if let previous { removeOwnFolder(previous, provenBy: [ShelfName.markName, RegionInfo.fileName]) }
        }
    }

    /// Renames `staging` to `version` and the link `name` over to it, in one step; under the lock.
    func link(_ staging: URL, as version: String, at name: String) throws(RegionError) {
        let link = directory.appendingPathComponent(name)
        let temporaryLink = directory.appendingPathComponent(ShelfName.temporaryLink())
        guard rename(staging.path, directory.appendingPathComponent(version).path) == 0 else {
            throw .cannotWrite(path: directory.path, reason: Self.errorText())
        }
        guard symlink(version, temporaryLink.path) == 0, rename(temporaryLink.path, link.path) == 0 else {
            let reason = Self.errorText()
            unlink(temporaryLink.path)
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(version))
            throw .cannotWrite(path: link.path, reason: reason)
        }
        AtomicWriter.syncDirectory(directory.path)
    }

    /// Removes region `name`: its link first (in one step), then its folder.
    package func remove(_ name: String) throws(RegionError) {
        try withLock { () throws(RegionError) in
            guard case .region = ShelfName(name), let target = regionLinkTarget(name) else {
                throw .noSuchRegion(name, known: installed().map(\.name))
            }
            let link = directory.appendingPathComponent(name)
            guard unlink(link.path) == 0 else { throw .cannotWrite(path: link.path, reason: Self.errorText()) }
            AtomicWriter.syncDirectory(directory.path)
            removeOwnFolder(target, provenBy: [ShelfName.markName, RegionInfo.fileName])
        }
    }

    /// Removes what killed imports left: staging folders of processes that are gone, versions no
    /// link names, joins the link `.joined` neither names nor lists (`joinFoldersInUse`), links of
    /// a rename that never happened. Each only by its name and roadtrip's mark in it (a link, by
    /// the version it names): what is merely "not named by a region" is never taken. Holds the
    /// lock, so it never takes a folder an import or a join is about to link.
    package func sweep() {
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        try? withLock {
            let names = entries()
            let linked = Set(names.compactMap { name in ShelfName(name) == .region(name) ? regionLinkTarget(name) : nil })
            let joins = joinFoldersInUse()
            for name in names {
                switch ShelfName(name) {
                case .staging(let pid) where Self.isGone(pid):
                    removeOwnFolder(name, provenBy: [ShelfName.markName])
                case .temporaryLink(let pid) where Self.isGone(pid):
                    switch linkTarget(name).flatMap(ShelfName.init) {
                    case .version, .joinedVersion: unlink(directory.appendingPathComponent(name).path)
                    default: break
                    }
                case .version where !linked.contains(name):
                    removeOwnFolder(name, provenBy: [ShelfName.markName])
                case .joinedVersion where !joins.contains(name):
                    removeOwnFolder(name, provenBy: [ShelfName.markName])
                default:
                    continue
                }
            }
        }
    }

    private static func isGone(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    package func withLock<T>(named lockName: String = ShelfName.lockName, _ body: () throws(RegionError) -> T) throws(RegionError) -> T {
        try prepareFolder()
        let path = directory.appendingPathComponent(lockName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: Self.errorText()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(path: path, reason: Self.errorText()) }
        }
        return try body()
    }

    /// Makes the folder when it is missing; refuses one that is a link to a folder holding what
    /// roadtrip did not put there (a home folder, say): nothing of roadtrip's may be written or
    /// swept among someone else's files.
    private func prepareFolder() throws(RegionError) {
        try makeDirectory(directory)
        var status = stat()
        guard lstat(directory.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return }
        let foreign = foreignEntries()
        guard !foreign.isEmpty else { return }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory.path)) ?? directory.resolvingSymlinksInPath().path
        throw .sharedFolder(path: directory.path, target: target, holding: foreign)
    }

    private func makeDirectory(_ url: URL) throws(RegionError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The folder's entries, sorted; none when it is missing.
    private func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    func fileType(_ name: String) -> mode_t? {
        var status = stat()
        return lstat(directory.appendingPathComponent(name).path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    func linkTarget(_ name: String) -> String? {
        guard fileType(name) == S_IFLNK else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent(name).path)
    }

    /// The version `name` names when it is a region's link roadtrip made: a link to a version's
    /// name beside it.
    package func regionLinkTarget(_ name: String) -> String? {
        guard let target = linkTarget(name), case .version = ShelfName(target) else { return nil }
        return target
    }

    /// Whether `name` is an entry roadtrip makes, of the kind its name says.
    private func isOwnEntry(_ name: String) -> Bool {
        switch ShelfName(name) {
        case .lock, .joinLock: return fileType(name) == S_IFREG
        case .region: return regionLinkTarget(name) != nil
        case .joinedLink: return joinedLinkTarget() != nil
        case .version, .staging, .joinedVersion: return fileType(name) == S_IFDIR
        case .temporaryLink: return fileType(name) == S_IFLNK
        case nil: return false
        }
    }

    /// Removes the folder `name` (a version or a staging folder) when it is a real folder, not a
    /// link, holding one of `proofs`: roadtrip's mark (or, for a version a region named, the
    /// `region.json` of a region added before roadtrip marked its folders).
    func removeOwnFolder(_ name: String, provenBy proofs: [String]) {
        guard fileType(name) == S_IFDIR else { return }
        let folder = directory.appendingPathComponent(name)
        let proven = proofs.contains { proof in
            var status = stat()
            return lstat(folder.appendingPathComponent(proof).path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
        if proven { try? FileManager.default.removeItem(at: folder) }
    }

    package static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}

extension RegionShelf {
    /// The place indexes of the regions, each named by its region; a region whose index cannot be
    /// loaded, or was made by an older roadtrip, is left out, with the sentence saying why.
    package func placeIndexes() -> (indexes: [Gazetteer], problems: [String], areas: [PlaceLibrary.Area]) {
        var indexes: [Gazetteer] = [], problems: [String] = [], areas: [PlaceLibrary.Area] = []
        for region in installed() {
            if let problem = region.placesProblem {
                problems.append(problem.description)
                continue
            }
            do { indexes.append(try Gazetteer.load(from: region.placesFile, source: region.name)) } catch {
                problems.append(RegionError.damaged(region: region.name, problem: RegionInfo.placeIndexProblem(error)).description)
                continue
            }
            if case .success(let info) = region.info, let b = info.servicesBounds {
                areas.append(PlaceLibrary.Area(south: b.south, west: b.west, north: b.north, east: b.east))
            }
        }
        return (indexes, problems, areas)
    }
}
