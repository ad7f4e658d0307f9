import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way roadtrip writes a file it keeps (the trips file, its journal and recovery copies,
/// a region's files, the leg cache, an export): whole or not at all, and never through a link.
///
/// The data goes to a new temporary file beside the target, opened `O_CREAT|O_EXCL|O_NOFOLLOW`
/// under a name no one can guess (`.roadtrip-save-<name>.<pid>.<64 random bits>`): a link or file
/// planted at a name it tries is never opened, only passed over. Then write, `fsync`, the old
/// file's mode, owner and group, and one `rename` (or `link`, for a file that must be new), then
/// `fsync` of the folder. A crash at any instant leaves the old file or the new one, never a torn
/// one. Foundation's `Data.write(to:)` follows a link at the name it writes (it truncated a file
/// elsewhere through a planted temporary name), and its `.atomic` skips the folder's `fsync`,
/// resets the mode and replaces a symlink (docs/PITFALLS.md).
package enum AtomicWriter {
    package struct Failure: Error, Equatable {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }
    }

    /// What a symbolic link at the target's name means.
    package enum Links: Sendable {
        /// It is followed, and its target replaced (the link kept): the trips file, which a user
        /// may share through a link.
        case follow
        /// It is refused: a file only roadtrip makes (the leg cache) is never written through one.
        case refuse
    }

    package static let temporaryPrefix = ".roadtrip-save-"

    /// Replaces the regular file at `path` (or makes it) with `data`. `obstacle` says why an
    /// existing file must not be replaced (read-only, other hard links…), or nil. `permissions`:
    /// the new file's mode whatever the old one's was (a private file, the leg cache); nil keeps
    /// the old file's mode (0644 for a new file).
    package static func replace(
        _ data: Data, at path: String, links: Links, permissions: mode_t? = nil,
        obstacle: (String) -> String? = { _ in nil }
    ) throws(Failure) {
        let target = try destination(of: path, links: links)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists, let kind = FileKind.notRegular(existing.st_mode) { throw Failure(reason: "it is \(kind), and only a regular file is replaced") }
        if exists, let reason = obstacle(target) { throw Failure(reason: reason) }
        try writeThenPublish(data, to: target, keeping: exists ? existing : nil, permissions: permissions) { temporary in
            // Looked at again right before the rename: what took the name since (a device, a
            // folder, a pipe made in between) is never replaced. A link is replaced as a name,
            // never written through.
            var now = stat()
            if lstat(target, &now) == 0, let kind = FileKind.notRegular(now.st_mode), (now.st_mode & S_IFMT) != S_IFLNK {
                return "it is \(kind) now, and only a regular file is replaced"
            }
            return rename(temporary, target) == 0 ? nil : "cannot replace the file: \(errorText(errno))"
        }
    }

    /// Writes a new file at `path` as safely as `replace`, but never over anything there (a
    /// recovery copy, a region's file): the finished temporary file is hard-linked to the name,
    /// which fails when the name is taken, by a link too.
    package static func create(_ data: Data, at path: String) throws(Failure) {
        try writeThenPublish(data, to: path, keeping: nil) { temporary in
            defer { unlink(temporary) }
            guard link(temporary, path) == 0 else {
                return errno == EEXIST ? "a file of that name already exists" : "cannot create \(path): \(errorText(errno))"
            }
            return nil
        }
    }

    /// Adds `data` at the end of the regular file at `path` (made when missing), in one `write`
    /// (`O_APPEND`): for a file of lines that are each whole or dropped when read (the leg cache).
    /// Never through a link, into a file with other hard links, or into a pipe or device.
    /// `permissions`: the file's mode, given to a file made now and to one that had another
    /// before anything is written (a private file once made readable by others); nil: 0644 for a
    /// file made now.
    package static func append(_ data: Data, to path: String, permissions: mode_t? = nil) throws(Failure) {
        let fd = try openToAppend(path, flags: O_CREAT, creating: permissions ?? 0o644)
        defer { close(fd) }
        if let permissions { try give(permissions, to: fd) }
        try writeAll(data, to: fd)
    }

    /// Gives the open file the mode `permissions`, unless it has it.
    private static func give(_ permissions: mode_t, to fd: Int32) throws(Failure) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(reason: errorText(errno)) }
        guard status.st_mode & 0o7777 != permissions else { return }
        guard fchmod(fd, permissions) == 0 else { throw Failure(reason: "cannot set the file mode: \(errorText(errno))") }
    }

    /// Which file a name led to when roadtrip made it: a later append goes into that file only.
    package struct FileIdentity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The regular file at `path` (a link is not followed), or nil.
        package init?(path: String) {
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// Adds `data` at the end of the file `identity` names, still at `path`, in one `write`, and
    /// flushes it to disk before returning (`fdatasync`: the data and the size that reaches it):
    /// for a journal whose records must outlive a crash. The file is never made here, and one that
    /// went missing or was replaced since is not written: the caller writes its file anew.
    package static func appendDurably(_ data: Data, to path: String, file identity: FileIdentity) throws(Failure) {
        let fd = try openToAppend(path, flags: 0)
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, FileIdentity(status) == identity else {
            throw Failure(reason: "it is no longer the file roadtrip made there")
        }
        try writeAll(data, to: fd)
        guard fdatasync(fd) == 0 else { throw Failure(reason: "cannot flush the file to disk: \(errorText(errno))") }
    }

    /// The regular file at `path`, open to append (`flags` added to the opening's), never through
    /// a link, into a file with other hard links, or into a pipe or device.
    private static func openToAppend(_ path: String, flags: Int32, creating permissions: mode_t = 0o644) throws(Failure) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | flags, permissions)
        guard fd >= 0 else {
            throw Failure(reason: errno == ELOOP ? "it is a symbolic link, and roadtrip never writes through one" : errorText(errno))
        }
        var status = stat()
        let failure: Failure?
        if fstat(fd, &status) != 0 {
            failure = Failure(reason: errorText(errno))
        } else if let kind = FileKind.notRegular(status.st_mode) {
            failure = Failure(reason: "it is \(kind), and only a regular file is written")
        } else if status.st_nlink != 1 {
            failure = Failure(reason: "it has other hard links, and roadtrip never writes through one")
        } else {
            failure = nil
        }
        if let failure {
            close(fd)
            throw failure
        }
        return fd
    }

    /// The path to write: a link followed (relative targets resolved against its folder) or
    /// refused as `links` says.
    private static func destination(of path: String, links: Links) throws(Failure) -> String {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return path }
        if links == .refuse { throw Failure(reason: "it is a symbolic link, and roadtrip never writes through one") }
        let target = resolvingSymlink(path)
        var status = stat()
        if stat(target, &status) != 0, lstat(target, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            throw Failure(reason: "it is a symbolic link that leads back to itself")
        }
        return target
    }

    /// Writes `data` to a new temporary file beside `target` (owner, group and mode of `keeping`,
    /// the file being replaced, or the mode `permissions` when given), flushes it, and lets
    /// `publish` give it its name.
    private static func writeThenPublish(
        _ data: Data, to target: String, keeping existing: stat?, permissions: mode_t? = nil,
        publish: (String) -> String?
    ) throws(Failure) {
        let directory = (target as NSString).deletingLastPathComponent
        let (fd, temporary) = try makeTemporary(beside: target)
        do throws(Failure) {
            try writeAll(data, to: fd)
            try keepOwnership(of: existing, on: fd)
            guard fchmod(fd, permissions ?? existing.map { $0.st_mode & 0o7777 } ?? 0o644) == 0 else {
                throw Failure(reason: "cannot set the file mode: \(errorText(errno))")
            }
            guard fsync(fd) == 0 else { throw Failure(reason: "cannot flush the file to disk: \(errorText(errno))") }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = errorText(errno)
            unlink(temporary)
            throw Failure(reason: "cannot finish writing: \(reason)")
        }
        if let failure = publish(temporary) {
            unlink(temporary)
            throw Failure(reason: failure)
        }
        syncDirectory(directory)
    }

    /// A new temporary file beside `target`, open for writing, and its path. A name already taken
    /// (by anything: a planted link is never followed) is passed over for another random one.
    private static func makeTemporary(beside target: String) throws(Failure) -> (Int32, String) {
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        for _ in 0..<16 {
            let temporary = "\(directory)/\(temporaryPrefix)\(name).\(getpid()).\(UInt64.random(in: 1...UInt64.max))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { break }
        }
        throw Failure(reason: "cannot create a temporary file in \(directory): \(errorText(errno))")
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
            throw Failure(
                reason:
                    "it belongs to \(userName(existing.st_uid)) (group \(groupName(existing.st_gid))), and a save by this user cannot keep that owner (\(errorText(errno)))"
            )
        }
    }

    private static func userName(_ uid: uid_t) -> String {
        getpwuid(uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "user \(uid)"
    }

    private static func groupName(_ gid: gid_t) -> String {
        getgrgid(gid).flatMap { $0.pointee.gr_name.map { String(cString: $0) } } ?? "\(gid)"
    }

    private static func writeAll(_ data: Data, to fd: Int32) throws(Failure) {
        let failure: Failure? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return Failure(reason: "cannot write: \(errorText(errno))")
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Makes a rename in `directory` durable (here, and for the regions folder, whose regions are
    /// put in place by renaming a folder and a link).
    package static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// The path a symlink points to (relative targets resolved against the link's directory);
    /// the path itself for anything else.
    package static func resolvingSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current =
                destination.hasPrefix("/") ? destination : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// The C library's message for an `errno` value ("Permission denied").
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
