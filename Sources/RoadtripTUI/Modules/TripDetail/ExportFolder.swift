import Foundation
import RoadtripCore

/// Where an export goes when the user names only a file, and the folder of the path proposed
/// (issue 53, item 13): the folder the session's last export went to; before any, the folder the
/// planner was started in, where a user of the terminal works and looks for what they write.
/// (Issue 25 had made it the data file's folder, by default roadtrip's own hidden
/// `~/.local/share/roadtrip`, and the last folder used was forgotten at each export.)
///
/// A folder of roadtrip's own (its data, cache or state folder, or one inside them: exports
/// there are refused, `ExportTarget`), one that is no longer there or one the user cannot write
/// in (a planner started in `/`) is not proposed; then `$XDG_DOCUMENTS_DIR` when it names such a
/// folder, else the home folder. A name typed relative resolves against the folder proposed.
struct ExportFolder: Equatable {
    let path: String

    /// `lastUsed`: the folder of this session's last export, if any; `workingDirectory`: the
    /// folder the planner was started in; `environment`: roadtrip's folders, the documents and home.
    init(lastUsed: String?, workingDirectory: String, environment: [String: String], fileManager: FileManager = .default) {
        let own = RoadtripFolders(environment: environment)
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        let candidates = [lastUsed, workingDirectory, environment["XDG_DOCUMENTS_DIR"]].compactMap { $0 }.filter { $0.hasPrefix("/") }
        let proposed = candidates.map(Self.standardized).first { folder in
            Self.isFolder(folder, fileManager: fileManager) && fileManager.isWritableFile(atPath: folder) && !Self.isOwn(folder, folders: own)
        }
        path = proposed ?? Self.standardized(home)
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path
    }

    private static func isFolder(_ path: String, fileManager: FileManager) -> Bool {
        var isFolder: ObjCBool = false
        return fileManager.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether `folder` is one of roadtrip's own or inside one, as written or after links.
    static func isOwn(_ folder: String, folders: RoadtripFolders) -> Bool {
        let paths = Set([folder, resolved(folder)])
        return [folders.data, folders.cache, folders.state].contains { root in
            Set([root.standardizedFileURL.path, resolved(root.path)]).contains { root in
                paths.contains { $0 == root || $0.hasPrefix(root + "/") }
            }
        }
    }

    /// The path with its links resolved, when it is there; as it is otherwise.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
