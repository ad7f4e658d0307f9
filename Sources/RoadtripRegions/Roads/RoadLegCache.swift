import Foundation
import RoadtripCore

/// Routed legs kept on disk, so that a second start shows roads at once:
/// `$XDG_CACHE_HOME/roadtrip/road-legs.jsonl` (`~/.cache/…`), one leg a line, keyed by the
/// region's database (the version folder a region's link names, new at every add), the profile
/// and the two points. A region added again or removed leaves its entries unused, and they are
/// dropped the next time the file is read. Behind a lock of its own, not Routino's queue: a
/// screen asking for a leg routed before never waits for a leg being routed.
final class RoadLegCache: @unchecked Sendable {
    struct Entry: Codable {
        /// The key (`key(…)`).
        let k: String
        let metres: Double
        let seconds: Double
        /// The road's line, "latitude,longitude" pairs apart by spaces, each number as Swift
        /// prints it (it reads back the same): split into coordinates only for a leg asked for,
        /// not for every leg of the file when it is read.
        let line: String

        init(k: String, metres: Double, seconds: Double, line: [Coordinate]) {
            self.k = k
            self.metres = metres
            self.seconds = seconds
            self.line = line.map { "\($0.latitude),\($0.longitude)" }.joined(separator: " ")
        }

        var coordinates: [Coordinate] {
            line.split(separator: " ").compactMap { pair in
                guard let comma = pair.firstIndex(of: ","), let latitude = Double(pair[..<comma]),
                      let longitude = Double(pair[pair.index(after: comma)...]) else { return nil }
                return Coordinate(latitude: latitude, longitude: longitude)
            }
        }
    }

    let file: URL
    private let lock = NSLock()
    // Behind `lock`.
    private var entries: [String: Entry]?

    init(file: URL) {
        self.file = file
    }

    /// `$XDG_CACHE_HOME/roadtrip/road-legs.jsonl`, else `~/.cache/roadtrip/road-legs.jsonl`.
    static func standardFile(environment: [String: String]) -> URL {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "\(home)/.cache"
        return URL(fileURLWithPath: cacheHome).appendingPathComponent("roadtrip/road-legs.jsonl")
    }

    static func key(database: String, options: RoadRouter.Options, from: Coordinate, to: Coordinate) -> String {
        "\(database)|\(options.vehicle.rawValue)|\(options.quickest ? "quickest" : "shortest")|\(from.latitude),\(from.longitude)|\(to.latitude),\(to.longitude)"
    }

    /// The leg under `key`, reading the file the first time; entries of databases not in
    /// `databases` are dropped then (and the file written again without them).
    func leg(_ key: String, databases: Set<String>, region: String) -> RoadRouter.RoadLeg? {
        guard let entry = lock.withLock({ () -> Entry? in
            readLocked(keeping: databases)
            return entries?[key]
        }) else { return nil }
        return RoadRouter.RoadLeg(metres: entry.metres, seconds: entry.seconds, line: entry.coordinates, region: region)
    }

    /// Reads the file now (when not read yet), keeping the entries of `databases`.
    func read(keeping databases: Set<String>) {
        lock.withLock { readLocked(keeping: databases) }
    }

    private func readLocked(keeping databases: Set<String>) {
        if entries == nil { load(keeping: databases) }
    }

    /// Keeps `leg` under `key`: in memory, and appended to the file (a failure to write only
    /// means the leg is routed again next time).
    func store(_ leg: RoadRouter.RoadLeg, key: String) {
        let entry = Entry(k: key, metres: leg.metres, seconds: leg.seconds, line: leg.line)
        lock.lock()
        defer { lock.unlock() }
        entries?[key] = entry
        guard var data = try? JSONEncoder().encode(entry) else { return }
        data.append(0x0A)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    private func load(keeping databases: Set<String>) {
        var kept: [String: Entry] = [:]
        var dropped = false
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let decoder = JSONDecoder()
            for line in text.split(separator: "\n") {
                // A line of an older format (or torn by a crash) does not decode: dropped.
                guard let entry = try? decoder.decode(Entry.self, from: Data(line.utf8)),
                      let database = entry.k.split(separator: "|").first, databases.contains(String(database)) else {
                    dropped = true
                    continue
                }
                kept[entry.k] = entry
            }
        }
        entries = kept
        if dropped { rewrite(kept.values) }
    }

    /// The file with only `kept`, replaced in one rename.
    private func rewrite(_ kept: Dictionary<String, Entry>.Values) {
        let encoder = JSONEncoder()
        var data = Data()
        for entry in kept.sorted(by: { $0.k < $1.k }) {
            guard let line = try? encoder.encode(entry) else { continue }
            data.append(line)
            data.append(0x0A)
        }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".road-legs-\(getpid()).tmp")
        guard (try? data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }
}
