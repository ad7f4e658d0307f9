import Foundation
import RoadtripCore

/// One save of the data file on another thread, so that encoding and writing a large file never
/// holds up the keyboard. It does what `DataModel.save()` does before a merge: it checks that the
/// file is still the one last read or written, and only then encodes and writes it atomically.
/// A file changed underneath is left alone and reported, for the model to merge on its thread.
final class BackgroundSave: @unchecked Sendable {
    enum Result {
        case written(FileFingerprint, TripFile)
        case changedUnderneath
        case failed(DataFileError)
    }

    /// The model's change count when the save started: what counts as saved once it is written.
    let changeCount: Int
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var finished: Result?

    init(store: TripFileStore, file: TripFile, since fingerprint: FileFingerprint?, changeCount: Int) {
        self.changeCount = changeCount
        Thread.detachNewThread { [self] in
            let result: Result
            // A file that changed, or no longer reads, goes back to `save()`, which merges it or
            // says what is wrong with it.
            var unchanged = false
            do { unchanged = try store.changedSince(fingerprint) == nil } catch {}
            if !unchanged {
                result = .changedUnderneath
            } else {
                do throws(DataFileError) {
                    result = .written(try store.writeAndFingerprint(file), file)
                } catch {
                    result = .failed(error)
                }
            }
            lock.withLock { finished = result }
            done.signal()
        }
    }

    var isFinished: Bool { lock.withLock { finished != nil } }

    /// The result, once finished (nil before).
    var result: Result? { lock.withLock { finished } }

    func wait() {
        done.wait()
        done.signal()
    }
}
