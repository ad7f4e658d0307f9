import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Creates a folder and its parents, saying which one could not be made and why (Foundation
/// says "NSCocoaErrorDomain error 512").
enum FolderMaker {
    static func make(_ path: String) throws(AtomicFile.Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { return }
            throw AtomicFile.Failure(reason: "\(path) is \(FileKind.notRegular(status.st_mode) ?? "a file"), not a folder")
        }
        let code = errno
        let parent = (path as NSString).deletingLastPathComponent
        if code == ENOENT || code == ENOTDIR, !parent.isEmpty, parent != path { try make(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw AtomicFile.Failure(reason: "the folder \(path) cannot be created: \(systemErrorMessage(errno))")
        }
    }
}
