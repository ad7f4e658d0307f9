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
        let mapped = try mapKeepingOpen(path, minimumSize: minimumSize)
        close(mapped.descriptor)
        return (mapped.base, mapped.count)
    }

    /// The mapped bytes and the file, still open for its length to be checked; close it when done.
    static func mapKeepingOpen(_ path: String, minimumSize: Int) throws(Failure) -> (base: UnsafeRawPointer, count: Int, descriptor: Int32) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(reason: String(cString: strerror(code)))
        }
        var status = stat()
        var failure: Failure?
        if fstat(descriptor, &status) != 0 {
            failure = .unreadable(reason: String(cString: strerror(errno)))
        } else if (status.st_mode & S_IFMT) != S_IFREG {
            failure = .unreadable(reason: "it is not a regular file")
        } else if Int(status.st_size) < max(1, minimumSize) {
            failure = .tooShort(size: Int(status.st_size))
        }
        let size = Int(status.st_size)
        let mapped = failure == nil ? mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0) : nil
        if failure == nil, mapped == nil || mapped == UnsafeMutableRawPointer(bitPattern: -1) {
            failure = .unreadable(reason: String(cString: strerror(errno)))
        }
        guard let failure else { return (UnsafeRawPointer(mapped!), size, descriptor) }
        close(descriptor)
        throw failure
    }
}
