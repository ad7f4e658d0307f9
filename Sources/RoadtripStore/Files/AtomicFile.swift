import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file's content so that a crash at any instant leaves either the old or the new
/// file, never a torn one: a temporary file in the same directory (O_EXCL), write, fsync, the old
/// file's mode, rename over the target, fsync of the directory. A symlink is followed, so its
/// target is replaced and the link kept, and so are the file's mode, owner and group. Foundation's
/// `.atomic` write skips the directory fsync, resets the mode and replaces symlinks (docs/PITFALLS.md).
enum AtomicFile {
    struct Failure: Error, Equatable {
        let reason: String
    }

    static let temporaryPrefix = ".roadtrip-save-"

    static func write(_ data: Data, to url: URL) throws(Failure) {
        let target = resolvingSymlink(url.path)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        var link = stat()
        if !exists, lstat(target, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            throw Failure(reason: "it is a symbolic link that leads back to itself")
        }
        if exists, let kind = FileKind.notRegular(existing.st_mode) { throw Failure(reason: "it is \(kind), and only a regular file is replaced") }
        if exists, let obstacle = obstacle(replacing: target) { throw Failure(reason: obstacle) }
        try writeThenLink(data, to: target, keeping: exists ? existing : nil) { temporary in
            // Looked at again right before the rename: what took the name since (a device, a
            // folder, a pipe made in between) is never replaced.
            var now = stat()
            if lstat(target, &now) == 0, let kind = FileKind.notRegular(now.st_mode), (now.st_mode & S_IFMT) != S_IFLNK {
                return "it is \(kind) now, and only a regular file is replaced"
            }
            return rename(temporary, target) == 0 ? nil : "cannot replace the file: \(systemErrorMessage(errno))"
        }
    }

    /// Writes a new file at `url` as safely as `write`, but never over an existing one (a
    /// recovery copy must not replace anything): the finished temporary file is hard-linked to the
    /// name, which fails when the name is taken.
    static func writeNew(_ data: Data, to url: URL) throws(Failure) {
        try writeThenLink(data, to: url.path, keeping: nil) { temporary in
            defer { unlink(temporary) }
            guard link(temporary, url.path) == 0 else {
                return errno == EEXIST ? "a file of that name already exists" : "cannot create \(url.path): \(systemErrorMessage(errno))"
            }
            return nil
        }
    }

    /// Why a save must not replace the regular file at `target`, as a sentence, or nil.
    /// - Read-only (no write permission bit, or none for this user): replacing it through the
    ///   folder's permission would undo a deliberate protection.
    /// - Other hard links: a save replaces the file by a rename, which would leave the other names
    ///   with the old trips. A symbolic link is followed instead, so that is the way to share.
    static func obstacle(replacing target: String) -> String? {
        var status = stat()
        guard stat(target, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        if status.st_mode & 0o222 == 0 {
            return "the file is read-only (mode \(String(status.st_mode & 0o7777, radix: 8))); make it writable (chmod u+w) to save it"
        }
        if access(target, W_OK) != 0 {
            let code = errno
            return code == EPERM
                ? "the system does not permit changing it (is it marked immutable with chattr +i?)"
                : "you may not write it (\(systemErrorMessage(code)))"
        }
        if status.st_nlink > 1 {
            let others = Int(status.st_nlink) - 1
            return "it has \(others) other hard link\(others == 1 ? "" : "s"), and saving replaces the file, which would leave \(others == 1 ? "that name" : "those names") with the old trips; use a symbolic link instead (roadtrip follows it)"
        }
        return nil
    }

    /// Writes `data` to a new temporary file beside `target` (owner, group and mode of `keeping`,
    /// the file being replaced), flushes it, and lets `publish` give it its name.
    private static func writeThenLink(_ data: Data, to target: String, keeping existing: stat?,
                                      publish: (String) -> String?) throws(Failure) {
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = "\(directory)/\(temporaryPrefix)\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(reason: "cannot create a temporary file in \(directory): \(systemErrorMessage(errno))") }
        do throws(Failure) {
            try writeAll(data, to: fd)
            try keepOwnership(of: existing, on: fd)
            guard fchmod(fd, existing.map { $0.st_mode & 0o7777 } ?? 0o644) == 0 else {
                throw Failure(reason: "cannot set the file mode: \(systemErrorMessage(errno))")
            }
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
        if let failure = publish(temporary) {
            unlink(temporary)
            throw Failure(reason: failure)
        }
        syncDirectory(directory)
    }

    /// Gives the new file the owner and group of the one it replaces: a save by root must not lock
    /// the owner out. When that is not permitted (another user's file), the save is refused
    /// rather than handing the file to whoever saved it.
    private static func keepOwnership(of existing: stat?, on fd: Int32) throws(Failure) {
        guard let existing else { return }
        var created = stat()
        guard fstat(fd, &created) == 0 else { return }
        guard created.st_uid != existing.st_uid || created.st_gid != existing.st_gid else { return }
        guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else {
            throw Failure(reason: "it belongs to \(userName(existing.st_uid)) (group \(groupName(existing.st_gid))), and a save by this user cannot keep that owner (\(systemErrorMessage(errno)))")
        }
    }

    private static func userName(_ uid: uid_t) -> String {
        getpwuid(uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "user \(uid)"
    }

    private static func groupName(_ gid: gid_t) -> String {
        getgrgid(gid).flatMap { $0.pointee.gr_name.map { String(cString: $0) } } ?? "\(gid)"
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
