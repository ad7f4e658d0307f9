import DurableWrites
import Foundation

/// A file written so that it is on disk before the region that holds it is put in place: a new
/// file through the one atomic writer (never over a name already there, never through a link).
package enum DurableFile {
    package static func write(_ data: Data, to url: URL) throws(RegionError) {
        do {
            try AtomicWriter.create(data, at: url.path)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.reason)
        }
    }
}
