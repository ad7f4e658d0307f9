import Foundation
import RoadtripCore
#if canImport(Glibc)
import Glibc
#endif

/// Where an export must not be written, whatever the user typed and whatever `--force` says: the
/// trips file itself (one trip as GPX over every trip), the files that keep it safe (its lock, its
/// recovery copies, its journal), roadtrip's own folders (a region's files, the cache, the state
/// folder: issue 34), and anything that is not a regular file (a device, a pipe, a socket or a
/// folder: a rename over `/dev/null` replaces the device for every program).
enum ExportTarget {
    /// Why `url` cannot take an export, as a sentence naming it; nil when it can. `folders`:
    /// roadtrip's own, of the environment the program runs in.
    static func refusal(
        for url: URL, protecting dataFile: URL,
        folders: RoadtripFolders = RoadtripFolders(environment: ProcessInfo.processInfo.environment)
    ) -> String? {
        let target = url.path
        var status = stat()
        if stat(target, &status) == 0, let kind = FileKind.notRegular(status.st_mode) {
            let pipeHint = (status.st_mode & S_IFMT) == S_IFDIR ? "" : " (to send the export to a program, leave out -o or give -o -)"
            return "\(target) is \(kind), and an export only ever writes a regular file\(pipeHint)."
        }
        for (protected, role) in protectedFiles(of: dataFile) where same(target, protected) {
            return "\(target) is \(role), and an export would replace it: export to another file."
        }
        if let (folder, role) = ownFolder(holding: target, folders: folders) {
            return "\(target) is in \(role) (\(folder)), and an export never goes among roadtrip's own files: export to another folder."
        }
        return nil
    }

    /// The folder of roadtrip's own that holds `target` (after links, by any name) and what it
    /// is, or nil: anything in the cache or the state folder, anything in a folder of the data
    /// folder (the regions). A file directly in the data folder may be an export: the planner
    /// proposes exports beside the trips file, which is there by default.
    static func ownFolder(holding target: String, folders: RoadtripFolders) -> (String, String)? {
        let roots = [
            (folders.cache, "roadtrip's cache folder", false), (folders.state, "roadtrip's state folder", false),
            (folders.data, "roadtrip's data folder", true),
        ]
        // As typed and after links, both: a link may lead in (`~/x.gpx` → a region's file) or,
        // for a folder of roadtrip's that is itself a link, out.
        for (folder, role, filesAllowed) in roots {
            for root in Set([folder.standardizedFileURL.path, canonical(folder.path)]) {
                for path in Set([URL(fileURLWithPath: target).standardizedFileURL.path, canonical(target)]) where path.hasPrefix(root + "/") {
                    let inside = path.dropFirst(root.count + 1).split(separator: "/")
                    if filesAllowed, inside.count < 2 { continue }
                    return (filesAllowed ? root + "/" + inside[0] : root, role)
                }
            }
        }
        return nil
    }

    /// The files an export must leave alone, with what each one is, for the sentence.
    private static func protectedFiles(of dataFile: URL) -> [(String, String)] {
        [
            (dataFile.path, "the trips file roadtrip is using"),
            (FileLock.sidecar(for: dataFile).path, "the lock of the trips file"),
            (TripJournal.url(for: dataFile).path, "the journal of unsaved changes to the trips file"),
        ]
            + recoveryCopies(of: dataFile).map { ($0, "a recovery copy of the trips file") }
    }

    /// The recovery copies beside the trips file (`trips.json.recovered-…`), after links.
    private static func recoveryCopies(of dataFile: URL) -> [String] {
        let resolved = AtomicFile.resolvingSymlink(dataFile.path)
        let directory = (resolved as NSString).deletingLastPathComponent
        let prefix = (resolved as NSString).lastPathComponent + ".recovered-"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter { $0.hasPrefix(prefix) }.map { "\(directory)/\($0)" }
    }

    /// Whether two paths name one file: the same device and inode when the target exists (a hard
    /// or symbolic link is caught), else the same place once links and `..` are resolved.
    static func same(_ target: String, _ protected: String) -> Bool {
        var a = stat(), b = stat()
        if stat(target, &a) == 0 {
            return stat(protected, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
        }
        return canonical(target) == canonical(protected)
    }

    /// The path with its folder's links resolved and the last component's link chain followed.
    static func canonical(_ path: String) -> String {
        let followed = AtomicFile.resolvingSymlink(path)
        let folder = (followed as NSString).deletingLastPathComponent
        guard let real = realpath(folder, nil) else { return followed }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent((followed as NSString).lastPathComponent)
    }
}
