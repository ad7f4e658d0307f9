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
    }

    /// The regions, by name. A missing folder is no regions.
    package func installed() -> [Installed] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            let folder = directory.appendingPathComponent(name)
            let file = folder.appendingPathComponent(RegionInfo.fileName)
            var info: Result<RegionInfo, RegionError>
            do { info = .success(try RegionInfo.decode(Data(contentsOf: file))) } catch {
                info = .failure(.unreadable(path: file.path, reason: (error as NSError).localizedDescription))
            }
            // A region whose index cannot be searched says so too (a load checks only its header).
            let places = folder.appendingPathComponent(RegionInfo.placesFileName)
            if case .success = info, case .failure(let error) = Result(catching: { () throws(GazetteerError) in try Gazetteer.load(from: places) }) {
                info = .failure(.unreadable(path: places.path, reason: "\(error)"))
            }
            return Installed(name: name, folder: folder, info: info)
        }
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

    /// A new, empty folder to build a region in, on the shelf's file system (so that installing is
    /// a rename). Its name carries this process's id, for the sweep to know when it is orphaned.
    func makeStaging() throws(RegionError) -> URL {
        try makeDirectory(directory)
        let staging = directory.appendingPathComponent(".staging-\(getpid())-\(UUID().uuidString.prefix(8))")
        guard mkdir(staging.path, 0o755) == 0 else { throw .cannotWrite(path: staging.path, reason: Self.errorText()) }
        return staging
    }

    /// Puts the region built in `staging` in place under `name`, replacing the region of that
    /// name, if any, in one rename. The staging folder is gone afterwards, whatever happens.
    func install(_ staging: URL, as name: String) throws(RegionError) {
        defer { try? FileManager.default.removeItem(at: staging) }
        try withLock { () throws(RegionError) in
            let version = ".\(name)-\(UUID().uuidString.prefix(12).lowercased())"
            let link = directory.appendingPathComponent(name)
            let temporaryLink = directory.appendingPathComponent(".link-\(getpid())-\(UUID().uuidString.prefix(8))")
            let previous = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)
            guard rename(staging.path, directory.appendingPathComponent(version).path) == 0 else {
                throw .cannotWrite(path: directory.path, reason: Self.errorText())
            }
            guard symlink(version, temporaryLink.path) == 0, rename(temporaryLink.path, link.path) == 0 else {
                let reason = Self.errorText()
                unlink(temporaryLink.path)
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(version))
                throw .cannotWrite(path: link.path, reason: reason)
            }
            syncDirectory()
            if let previous, !previous.contains("/") {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(previous))
            }
        }
    }

    /// Removes region `name`: its link first (in one step), then its folder.
    package func remove(_ name: String) throws(RegionError) {
        try withLock { () throws(RegionError) in
            let link = directory.appendingPathComponent(name)
            guard Self.isValidName(name), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) else {
                throw .noSuchRegion(name, known: installed().map(\.name))
            }
            guard unlink(link.path) == 0 else { throw .cannotWrite(path: link.path, reason: Self.errorText()) }
            syncDirectory()
            if !target.contains("/") { try? FileManager.default.removeItem(at: directory.appendingPathComponent(target)) }
        }
    }

    /// Removes what killed imports left: staging folders of processes that are gone, versions no
    /// link names, links of a rename that never happened. Holds the lock, so it never takes a
    /// folder an import is about to link.
    package func sweep() {
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        try? withLock {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let linked = Set(names.filter { !$0.hasPrefix(".") }.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent($0).path)
            })
            for name in names where name.hasPrefix(".") && name != ".lock" {
                let orphan: Bool
                if name.hasPrefix(".staging-") || name.hasPrefix(".link-") {
                    let pid = name.split(separator: "-").dropFirst().first.flatMap { Int32($0) } ?? 0
                    orphan = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
                } else {
                    orphan = !linked.contains(name)
                }
                if orphan { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
            }
        }
    }

    private func withLock<T>(_ body: () throws(RegionError) -> T) throws(RegionError) -> T {
        try makeDirectory(directory)
        let path = directory.appendingPathComponent(".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: Self.errorText()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(path: path, reason: Self.errorText()) }
        }
        return try body()
    }

    private func makeDirectory(_ url: URL) throws(RegionError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    private func syncDirectory() {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}

extension RegionShelf {
    /// The place indexes of the regions, each named by its region; a region whose index cannot be
    /// loaded is left out, with the sentence saying why.
    package func placeIndexes() -> (indexes: [Gazetteer], problems: [String]) {
        var indexes: [Gazetteer] = [], problems: [String] = []
        for region in installed() {
            do { indexes.append(try Gazetteer.load(from: region.placesFile, source: region.name)) } catch {
                problems.append("Region \(region.name) cannot be searched: \(error)")
            }
        }
        return (indexes, problems)
    }
}
