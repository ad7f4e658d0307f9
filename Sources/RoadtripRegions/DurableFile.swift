import Foundation

/// A file written so that it is on disk before the region that holds it is put in place.
enum DurableFile {
    static func write(_ data: Data, to url: URL) throws(RegionError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: url.path, reason: RegionShelf.errorText()) }
        defer { close(descriptor) }
        var written = 0
        let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return fsync(descriptor) == 0 ? nil : errno
        }
        if let failure { throw .cannotWrite(path: url.path, reason: RegionShelf.errorText(failure)) }
    }
}
