import Foundation

/// A file mapped read-only into memory, unmapped when the last reference goes. The basemap's
/// lines are handed out as pointers into it, so it lives as long as the `Basemap`.
final class BasemapMapping: @unchecked Sendable {
    let bytes: ByteSlice

    private init(base: UnsafeRawPointer, count: Int) {
        bytes = ByteSlice(base: base, count: count)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.base), bytes.count) }

    /// Maps the file at `url`. Files too short for a header are refused here, since an empty
    /// file cannot be mapped at all.
    static func map(_ url: URL) throws(BasemapError) -> BasemapMapping {
        let path = url.path
        do {
            let (base, size) = try MemoryMap.map(path, minimumSize: BasemapFormat.headerSize)
            return BasemapMapping(base: base, count: size)
        } catch {
            switch error {
            case .missing: throw .missing(path: path)
            case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
            case .tooShort(let size): throw .truncated(path: path, expectedBytes: BasemapFormat.headerSize, actualBytes: size)
            }
        }
    }
}
