import Foundation

/// Maps a whole regular file into memory, read-only: how the gazetteer and the basemap are
/// "loaded" without parsing anything. Callers turn the failures into errors of their own.
enum MemoryMap {
    enum Failure: Error {
        case missing
        case unreadable(reason: String)
        /// Shorter than the caller's minimum (an empty file cannot even be mapped).
        case tooShort(size: Int)
    }

    /// The mapped bytes; unmap them with `munmap(base, count)` when done.
    static func map(_ path: String, minimumSize: Int) throws(Failure) -> (base: UnsafeRawPointer, count: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(reason: "it is not a regular file") }
        let size = Int(status.st_size)
        guard size >= max(1, minimumSize) else { throw .tooShort(size: size) }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        return (UnsafeRawPointer(mapped), size)
    }
}
