import BackgroundWork
import Foundation
import RoadtripCore
import RoadtripStore

/// `roadtrip-bench --follow FILE`: what several writers on one file cost (issue 55), on a copy of
/// FILE (the 10 MB bench file, trips-1000.json):
/// - a planner's check for another writer's save when nothing changed (one `stat`), per check;
/// - a command's whole read–merge–write beside an open planner: the file read, one trip renamed,
///   saved under the lock (as `roadtrip rename` does in its process);
/// - the same save when the planner saved in between (its change merged in first);
/// - the planner following that save: the file read off its main loop, then merged into what it
///   shows, its own unsaved change kept; and how long its main loop was held for it.
@MainActor
func benchFollow(_ path: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-follow-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("trips.json")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: url)
    let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0

    let runner = ThreadRunner()
    let planner = DataModel(store: TripFileStore(url: url), runner: runner)
    try planner.load(seed: nil)
    print("\(path): \(bytes) bytes, \(planner.trips.count) trips")

    let checks = 100_000
    let idle = milliseconds { for _ in 0..<checks { _ = planner.followFile() } }
    print("planner, a check with nothing changed: \(String(format: "%.2f µs", idle * 1000 / Double(checks))) per check (one a second)")

    let rounds = 7
    var commands: [Double] = [], mergedSaves: [Double] = [], follows: [Double] = [], reads: [Double] = []
    for round in 0..<rounds {
        // A command: read, rename, save.
        commands.append(
            try milliseconds {
                let command = DataModel(store: TripFileStore(url: url), runner: runner)
                try command.load(seed: nil)
                command.renameTrip(id: command.trips[round].id, to: "Renamed by a command \(round)")
                try command.save()
            })
        // The planner follows it, with an unsaved change of its own: the file read off the loop,
        // then merged on it.
        planner.renameTrip(id: planner.trips[planner.trips.count - 1 - round].id, to: "Renamed in the planner \(round)")
        var onTheLoop = milliseconds { _ = planner.followFile() }
        let start = now()
        while planner.isFollowing {
            usleep(100)
            planner.runner.deliverFinished()
            onTheLoop += milliseconds { _ = planner.followFile() }
        }
        reads.append(Double(now() - start) / 1_000_000)
        follows.append(onTheLoop)
        // A command whose save meets the planner's, made while it ran: merged first.
        let command = DataModel(store: TripFileStore(url: url), runner: runner)
        try command.load(seed: nil)
        command.renameTrip(id: command.trips[round].id, to: "Renamed again \(round)")
        try planner.save()
        mergedSaves.append(try milliseconds { try command.save() })
        _ = planner.followFile()
        while planner.isFollowing {
            usleep(100)
            planner.runner.deliverFinished()
            _ = planner.followFile()
        }
    }
    print("a command's read–merge–write (read, rename, save), \(rounds) runs: \(summary(commands, percentiles: [50]))")
    print("its save when the planner saved in between (merged first), \(rounds) runs: \(summary(mergedSaves, percentiles: [50]))")
    print("planner, another window's save: read off the loop, until merged, \(rounds) runs: \(summary(reads, percentiles: [50]))")
    print("planner, another window's save: its main loop held (the look, the merge, its own edit kept), \(rounds) runs: \(summary(follows, percentiles: [50]))")
}
