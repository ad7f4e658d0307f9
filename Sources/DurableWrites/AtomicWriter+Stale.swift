import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension AtomicWriter {
    /// Removes the temporary files that writes of `path` left behind when their process died
    /// (killed, crashed, power lost) between creating the file and renaming it: those named
    /// `.roadtrip-save-<name>.<pid>.<random>` for this target, in its directory (after following a
    /// symlink, as `replace` does), whose writer process no longer exists or that are older than
    /// `maximumAge` (a pid can be reused; a save takes seconds, not minutes). The target and every
    /// other file are left alone; failures are ignored (a leftover is only litter). Returns the
    /// names removed.
    @discardableResult
    package static func removeStaleTemporaryFiles(for path: String, maximumAge: TimeInterval = 600, now: Date = Date()) -> [String] {
        let target = resolvingSymlink(path)
        let directory = (target as NSString).deletingLastPathComponent
        let prefix = "\(temporaryPrefix)\((target as NSString).lastPathComponent)."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.hasPrefix(prefix) {
            guard let pid = writer(ofTemporary: entry.dropFirst(prefix.count)) else { continue }
            let path = "\(directory)/\(entry)"
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
            let writerIsGone = kill(pid, 0) == -1 && errno == ESRCH
            guard writerIsGone || now.timeIntervalSince(modified) > maximumAge else { continue }
            if unlink(path) == 0 { removed.append(entry) }
        }
        return removed.sorted()
    }

    /// The writer's pid when what follows the prefix is exactly `<pid>.<random>`, both decimal:
    /// then the file is one of ours and of this target (not of `<name>.bak`, say).
    private static func writer(ofTemporary suffix: Substring) -> pid_t? {
        let parts = suffix.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let pid = pid_t(parts[0]), pid > 0, UInt64(parts[1]) != nil
        else { return nil }
        return pid
    }
}
