import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file's content so that a crash at any instant leaves either the old or the new
/// file, never a torn one: a temporary file in the same directory (O_EXCL), write, fsync, the old
/// file's mode, rename over the target, fsync of the directory. A symlink is followed, so its
/// target is replaced and the link kept. Foundation's `.atomic` write skips the directory fsync,
/// resets the mode and replaces symlinks (PITFALLS.md).
enum AtomicFile {
    struct Failure: Error, Equatable {
        let reason: String
    }

    static let temporaryPrefix = ".roadtrip-save-"

    static func write(_ data: Data, to url: URL) throws(Failure) {
        let target = resolvingSymlink(url.path)
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = "\(directory)/\(temporaryPrefix)\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"

        var existing = stat()
        let mode: mode_t = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(reason: "cannot create a temporary file in \(directory): \(systemErrorMessage(errno))") }
        do throws(Failure) {
            try writeAll(data, to: fd)
            guard fchmod(fd, mode) == 0 else { throw Failure(reason: "cannot set the file mode: \(systemErrorMessage(errno))") }
            guard fsync(fd) == 0 else { throw Failure(reason: "cannot flush the file to disk: \(systemErrorMessage(errno))") }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = systemErrorMessage(errno)
            unlink(temporary)
            throw Failure(reason: "cannot finish writing: \(reason)")
        }
        guard rename(temporary, target) == 0 else {
            let reason = systemErrorMessage(errno)
            unlink(temporary)
            throw Failure(reason: "cannot replace the file: \(reason)")
        }
        syncDirectory(directory)
    }

    /// Removes the temporary files that saves of `url` left behind when their process died
    /// (killed, crashed, power lost) between creating the file and renaming it: those named
    /// `.roadtrip-save-<name>.<pid>.<random>` for this target, in its directory (after following a
    /// symlink, as `write` does), whose writer process no longer exists or that are older than
    /// `maximumAge` (a pid can be reused; a save takes seconds, not minutes). The target and every
    /// other file are left alone; failures are ignored (a leftover is only litter). Returns the
    /// names removed.
    @discardableResult
    static func removeStaleTemporaryFiles(for url: URL, maximumAge: TimeInterval = 600, now: Date = Date()) -> [String] {
        let target = resolvingSymlink(url.path)
        let directory = (target as NSString).deletingLastPathComponent
        let prefix = "\(temporaryPrefix)\((target as NSString).lastPathComponent)."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.hasPrefix(prefix) {
            // What follows the prefix must be exactly `<pid>.<random>`, both decimal: then the
            // file is one of ours and of this target (not of `<name>.bak`, say).
            let parts = entry.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
                  let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil else { continue }
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

    private static func writeAll(_ data: Data, to fd: Int32) throws(Failure) {
        let failure: Failure? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return Failure(reason: "cannot write: \(systemErrorMessage(errno))")
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Makes the rename itself durable.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// The path a symlink points to (relative targets resolved against the link's directory);
    /// the path itself for anything else.
    static func resolvingSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }
}
