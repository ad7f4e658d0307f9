import DurableWrites
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a path is when it is not a regular file, for the store's sentences (`FileKind` of the writer).
typealias FileKind = DurableWrites.FileKind

/// The trips file's saves through the one atomic writer (`AtomicWriter`): a temporary file in the
/// same directory (`O_EXCL|O_NOFOLLOW`, a name no one can guess), write, fsync, the old file's
/// mode, owner and group, rename over the target, fsync of the directory; a crash at any instant
/// leaves either the old or the new file, never a torn one. A symlink is followed, so its target
/// is replaced and the link kept (a link is the way to share the trips file). Foundation's
/// `.atomic` write skips the directory fsync, resets the mode and replaces symlinks (docs/PITFALLS.md).
enum AtomicFile {
    typealias Failure = AtomicWriter.Failure

    static let temporaryPrefix = AtomicWriter.temporaryPrefix

    static func write(_ data: Data, to url: URL) throws(Failure) {
        try AtomicWriter.replace(data, at: url.path, links: .follow, obstacle: obstacle(replacing:))
    }

    /// Writes a new file at `url` as safely as `write`, but never over an existing one (a
    /// recovery copy must not replace anything): the finished temporary file is hard-linked to the
    /// name, which fails when the name is taken.
    static func writeNew(_ data: Data, to url: URL) throws(Failure) {
        try AtomicWriter.create(data, at: url.path)
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
            return
                "it has \(others) other hard link\(others == 1 ? "" : "s"), and saving replaces the file, which would leave \(others == 1 ? "that name" : "those names") with the old trips; use a symbolic link instead (roadtrip follows it)"
        }
        return nil
    }

    /// Removes the temporary files that saves of `url` left behind when their process died
    /// (`AtomicWriter.removeStaleTemporaryFiles`); returns the names removed.
    @discardableResult
    static func removeStaleTemporaryFiles(for url: URL, maximumAge: TimeInterval = 600, now: Date = Date()) -> [String] {
        AtomicWriter.removeStaleTemporaryFiles(for: url.path, maximumAge: maximumAge, now: now)
    }

    /// The path a symlink points to (relative targets resolved against the link's directory);
    /// the path itself for anything else.
    static func resolvingSymlink(_ path: String) -> String {
        AtomicWriter.resolvingSymlink(path)
    }
}
