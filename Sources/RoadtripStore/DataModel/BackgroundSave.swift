import BackgroundWork
import Foundation
import RoadtripCore

/// One automatic save, run off the main loop by the model's runner (a job called "autosave"), so
/// that encoding and writing a large file never holds up the keyboard. It does what
/// `DataModel.save()` does before a merge: it checks that the file is still the one last read or
/// written, and only then encodes and writes it atomically. A file changed underneath is left
/// alone and reported, for the model to merge on the main actor.
@MainActor
final class BackgroundSave {
    enum Result: Sendable {
        case written(FileFingerprint, TripFile)
        case changedUnderneath
        case failed(DataFileError)
    }

    /// The model's change count when the save started: what counts as saved once it is written.
    let changeCount: Int
    /// The runner's job, for a save on the main actor to wait for it or take it back.
    private(set) var job: BackgroundJob!
    /// What the save did, once the runner has handed it over.
    private(set) var result: Result?

    /// Starts writing `file` on `runner`.
    init(store: TripFileStore, file: TripFile, since fingerprint: FileFingerprint?, changeCount: Int, on runner: any BackgroundRunner) {
        self.changeCount = changeCount
        job = runner.run("autosave", work: { _ in Self.write(file, to: store, since: fingerprint) }) { [weak self] result in
            self?.result = result
        }
    }

    /// The work: `file` written over `store`'s file, unless that changed since `fingerprint`.
    nonisolated private static func write(_ file: TripFile, to store: TripFileStore, since fingerprint: FileFingerprint?) -> Result {
        // Under the file's lock, for the moment of the write. A file that changed, or no longer
        // reads, or a lock that another writer kept too long, goes back to `save()`, which merges
        // it or says what is wrong.
        let lock = FileLock.acquire(for: store.url, waiting: DataFilePersistence.lockPatience)
        defer { withExtendedLifetime(lock) {} }
        switch lock {
        case .acquired, .unavailable: break
        case .heldByAnother, .refused: return .changedUnderneath
        }
        var unchanged = false
        do { unchanged = try store.changedSince(fingerprint) == nil } catch {}
        guard unchanged else { return .changedUnderneath }
        do throws(DataFileError) {
            return .written(try store.writeAndFingerprint(file), file)
        } catch {
            return .failed(error)
        }
    }
}
