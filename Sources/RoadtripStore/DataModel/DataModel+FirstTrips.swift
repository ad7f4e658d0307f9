import BackgroundWork
import Foundation
import RoadtripCore

extension DataModel {
    /// The state of a read off the main loop (`reading`).
    package enum Reading {
        /// The trips shown are the file's first ones; the whole file is read once
        /// `readWholeFile()` is called, then `seed` is what a file gone meanwhile starts with.
        case due(seed: (() throws -> [Trip])?)
        /// The file is being read; the trips shown are its first ones.
        case underway
        /// The file could not be read or parsed: `error` is what `load(seed:)` would have thrown,
        /// and the file was left as it is.
        case failed(any Error)
    }

    /// Whether the file is still being read off the main loop.
    package var isReading: Bool {
        switch reading {
        case .due?, .underway?: return true
        case .failed?, nil: return false
        }
    }

    /// Opens the data file for the full-screen planner: as `open(…, forWriting: true,
    /// firstRun: .sampleTrips)`, except that a large file's first trips are shown at once and the
    /// whole file is read off the main loop (`load(showingFirst:seed:)`): the first frame of a
    /// 12 MB file waited about 100 ms for a read whose first 4% fill the screen (issue 41).
    package static func openForPlanner(_ file: URL, environment: [String: String], runner: any BackgroundRunner) throws -> DataModel {
        let store = TripFileStore(url: file)
        guard let first = store.firstTrips() else {
            return try open(file, environment: environment, forWriting: true, firstRun: .sampleTrips, runner: runner)
        }
        let model = DataModel(store: store, runner: runner)
        model.load(showingFirst: first) { try Resources.locate(environment: environment).loadSampleTrips() }
        return model
    }

    /// `load(seed:)` in two stages: shows `first` (the file's first trips, `TripFileStore.firstTrips`)
    /// and takes the lock at once; `readWholeFile()` then reads the file on the runner. Until its
    /// value is handed over, `isReading` and nothing changes the trips; then the model is as
    /// `load(seed:)` leaves it (the whole file shown, read-only or not, a journal found), or
    /// `reading` says why the file could not be read. The first trips are never saved: nothing
    /// can change them, and the whole file replaces them.
    package func load(showingFirst first: [Trip], seed: (() throws -> [Trip])?) {
        reading = .due(seed: seed)
        adoptFromFile(first)
        persistence.prepareToLoad(locking: true)
    }

    /// Starts reading the whole file on the runner (the job "read-trips", which an end-to-end
    /// test can hold at its gate), once: the planner calls it when the first trips are on the
    /// screen, so that on two cores the read does not share one with drawing them.
    package func readWholeFile() {
        guard case .due(let seed)? = reading else { return }
        reading = .underway
        let store = store
        runner.run("read-trips", work: { _ in Result { () throws(DataFileError) in try store.load() } }) { [weak self] result in
            self?.finishReading(result, seed: seed)
        }
    }

    private func finishReading(_ result: Result<TripFileStore.Snapshot?, DataFileError>, seed: (() throws -> [Trip])?) {
        do {
            reading = nil
            try persistence.finishLoading(try result.get(), locking: true, seed: seed)
        } catch {
            reading = .failed(error)
        }
    }
}
