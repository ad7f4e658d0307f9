import DurableWrites
import Foundation
import RoadtripCore
import RoadtripRegions

/// Routed legs kept on disk, so that a second start shows roads at once:
/// `$XDG_CACHE_HOME/roadtrip/road-legs.jsonl` (`~/.cache/…`), one leg a line, keyed by the
/// region's database (the version folder a region's link names, new at every add), the profile
/// and the two points. A region added again or removed leaves its entries unused, and they are
/// dropped the next time the file is read. Behind a lock of its own, not Routino's queue: a
/// screen asking for a leg routed before never waits for a leg being routed.
///
/// What the file holds is not trusted (issue 34): it is read from its end, a line at a time and
/// no more than `Limits.bytes` of it, and a leg is given only when every figure in it is one a
/// drive can have (`Entry.validated`): its length and time when the file is read, its line's
/// points when the leg is first asked for (a bad one then drops it, from the file too). It is written only through the one atomic writer, never
/// through a link; a link, a pipe or a file with other hard links in its place is neither read
/// nor written (legs are then routed again each time). The file is capped: past its limits the
/// legs used least recently go.
///
/// The file is its user's alone (mode 0600, `permissions`): it tells where the trips go and which
/// service was asked; one made readable by others (by a roadtrip before issue 52) is made so at
/// its next write.
final class RoadLegCache: @unchecked Sendable {
    /// The file's mode: read and written by its owner only.
    static let permissions: mode_t = 0o600

    /// How much the cache keeps. A leg's line takes about 600 bytes a kilometer of road (every
    /// point Routino gives, in full precision): 32 MB is some 50,000 km of legs, a thousand
    /// trips' worth, and reads in a fraction of a second.
    struct Limits: Sendable {
        /// The file's bytes: a longer file is read from the last this many.
        var bytes = 32 << 20
        /// The legs kept.
        var entries = 10_000
        /// One leg's line: a longer one (some 1,700 km of road) is not kept, and is routed again.
        var lineBytes = 1 << 20
    }

    /// A leg in memory: its figures, what its line takes in the file, and when it was last used.
    struct Kept {
        let meters: Double
        let seconds: Double
        var line: Line
        let bytes: Int
        var used: Int
    }

    /// A kept leg's line: its points, or, for a leg read from the file and not used yet, the
    /// file's text of them, read (and checked, `Entry.validated`) when the leg is first asked
    /// for. Reading every line's points when the file is read was most of a short command's
    /// look at the cache (issue 59): a command uses a few of its legs.
    enum Line {
        case points([Coordinate])
        case text(String)
    }

    let file: URL
    let limits: Limits
    private let lock = NSLock()
    // Behind `lock`.
    private var entries: [String: Kept]?
    /// The use clock: each leg read or stored takes the next tick.
    private var clock = 0
    /// The file's size as this process knows it (its own appends counted).
    private var fileBytes = 0
    /// False when the name holds something roadtrip does not write (a link, a pipe, a file with
    /// other hard links): then nothing is written there.
    private var writable = true

    init(file: URL, limits: Limits = Limits()) {
        self.file = file
        self.limits = limits
    }

    /// `$XDG_CACHE_HOME/roadtrip/road-legs.jsonl`, else `~/.cache/roadtrip/road-legs.jsonl`.
    static func standardFile(environment: [String: String]) -> URL {
        RoadtripFolders(environment: environment).cache.appendingPathComponent("road-legs.jsonl")
    }

    static func key(database: String, options: RouteOptions, from: Coordinate, to: Coordinate) -> String {
        "\(database)|\(options.vehicle.rawValue)|\(options.quickest ? "quickest" : "shortest")|t\(DrivingProfile.version)|"
            + "\(from.latitude),\(from.longitude)|\(to.latitude),\(to.longitude)"
    }

    /// The leg under `key`, reading the file the first time; entries of databases not in
    /// `databases` are dropped then (and the file written again without them).
    func leg(_ key: String, databases: Set<String>, region: String) -> RoutedLeg? {
        lock.withLock { () -> RoutedLeg? in
            readLocked(keeping: databases)
            guard var kept = entries?[key] else { return nil }
            if case .text(let text) = kept.line {
                // Read at its first use: a point that is not one a drive can have drops the leg, from the file too.
                guard let points = Entry(key: key, meters: kept.meters, seconds: kept.seconds, text: text).validated()?.line else {
                    entries?[key] = nil
                    rewriteLocked()
                    return nil
                }
                kept.line = .points(points)
            }
            kept.used = tick()
            entries?[key] = kept
            guard case .points(let points) = kept.line else { return nil }
            return RoutedLeg(meters: kept.meters, seconds: kept.seconds, line: points, region: region)
        }
    }

    /// Reads the file now (when not read yet), keeping the entries of `databases`.
    func read(keeping databases: Set<String>) {
        lock.withLock { readLocked(keeping: databases) }
    }

    private func readLocked(keeping databases: Set<String>) {
        if entries == nil { load(keeping: databases) }
    }

    private func tick() -> Int {
        defer { clock += 1 }
        return clock
    }

    /// Keeps `leg` under `key`: in memory, and appended to the file (a failure to write only
    /// means the leg is routed again next time). A leg that would not be read back (figures no
    /// drive has, a line past `limits.lineBytes`) is not kept. Past the limits, the file is
    /// written again without the legs used least recently.
    func store(_ leg: RoutedLeg, key: String) {
        store([(leg, key)])
    }

    /// Keeps each leg under its key (`store(_:key:)`), appended to the file in one write: a
    /// matrix's legs.
    func store(_ legs: [(leg: RoutedLeg, key: String)]) {
        var data = Data()
        var kept: [(String, Kept)] = []
        let encoder = Entry.makeEncoder()
        for (leg, key) in legs {
            let entry = Entry(key: key, meters: leg.meters, seconds: leg.seconds, line: leg.line)
            guard entry.accepts(leg.line), var line = entry.encoded(by: encoder), line.count < limits.lineBytes else { continue }
            line.append(0x0A)
            data.append(line)
            kept.append((key, Kept(meters: leg.meters, seconds: leg.seconds, line: .points(leg.line), bytes: line.count, used: 0)))
        }
        guard !kept.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        for (key, var leg) in kept {
            leg.used = tick()
            entries?[key] = leg
        }
        guard writable else { return }
        // The folder is made when the first append finds it missing (FileManager's first use was
        // a fifth of a cold `show`'s storing).
        if (try? AtomicWriter.append(data, to: file.path, permissions: Self.permissions)) == nil {
            let folder = file.deletingLastPathComponent()
            guard access(folder.path, F_OK) != 0, (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
                (try? AtomicWriter.append(data, to: file.path, permissions: Self.permissions)) != nil
            else { return }
        }
        fileBytes += data.count
        if fileBytes > limits.bytes || (entries?.count ?? 0) > limits.entries {
            evictLocked()
            rewriteLocked()
        }
    }

    /// Drops the legs used least recently until the rest fit in three quarters of the limits (so
    /// that the file is not written again at every leg stored after), when they do not fit in
    /// the limits.
    private func evictLocked() {
        guard var kept = entries else { return }
        var bytes = kept.values.reduce(0) { $0 + $1.bytes }
        guard bytes > limits.bytes || kept.count > limits.entries else { return }
        for (key, entry) in kept.sorted(by: { $0.value.used < $1.value.used }) {
            if bytes <= limits.bytes * 3 / 4, kept.count <= limits.entries * 3 / 4 { break }
            kept.removeValue(forKey: key)
            bytes -= entry.bytes
        }
        entries = kept
    }

    /// The file with only the legs kept, least recently used first (as appends leave it),
    /// replaced in one rename through the atomic writer.
    private func rewriteLocked() {
        guard writable, let kept = entries else { return }
        var data = Data()
        let encoder = Entry.makeEncoder()
        for (key, entry) in kept.sorted(by: { $0.value.used < $1.value.used }) {
            guard let line = Entry(key: key, meters: entry.meters, seconds: entry.seconds, line: entry.line).encoded(by: encoder) else { continue }
            data.append(line)
            data.append(0x0A)
        }
        guard (try? AtomicWriter.replace(data, at: file.path, links: .refuse, permissions: Self.permissions)) != nil else { return }
        fileBytes = data.count
    }

    private func load(keeping databases: Set<String>) {
        entries = [:]
        guard var reader = openForReading() else { return }
        // A file longer than the limit is read from its end: the lines appended last.
        var dropped = fileBytes > limits.bytes
        if dropped { reader.dropPartialLine() }
        let decoder = JSONDecoder()
        var kept: [String: Kept] = [:]
        while let line = reader.next() {
            // A line of an older format (or torn by a crash), or of figures no drive has: dropped.
            // Its points are read when the leg is first used (`Line.text`), its figures now.
            guard let entry = try? decoder.decode(Entry.self, from: Data(line.utf8)),
                let database = entry.key.split(separator: "|").first, databases.contains(String(database)),
                entry.accepts([])
            else {
                dropped = true
                continue
            }
            // A leg stored twice (by two programs at once): the later line holds.
            if kept[entry.key] != nil { dropped = true }
            kept[entry.key] = Kept(meters: entry.meters, seconds: entry.seconds, line: .text(entry.line), bytes: line.utf8.count + 1, used: tick())
        }
        entries = kept
        let before = kept.count
        evictLocked()
        if dropped || reader.overlongLines > 0 || entries?.count != before { rewriteLocked() }
    }

    /// The file's lines from where reading starts (the last `limits.bytes`), when the name holds
    /// a regular file of one link; `fileBytes` is then its size. Anything else is not read, and
    /// written only when nothing is there.
    private func openForReading() -> LineReader? {
        var status = stat()
        guard lstat(file.path, &status) == 0 else {
            writable = errno == ENOENT
            return nil
        }
        let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard (status.st_mode & S_IFMT) == S_IFREG, fd >= 0 else {
            if fd >= 0 { close(fd) }
            writable = false
            return nil
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_nlink == 1 else {
            writable = false
            return nil
        }
        AtomicWriter.removeStaleTemporaryFiles(for: file.path)
        fileBytes = Int(status.st_size)
        if fileBytes > limits.bytes { lseek(fd, off_t(fileBytes - limits.bytes), SEEK_SET) }
        return LineReader(handle: handle, maximumLineBytes: limits.lineBytes, maximumBytes: limits.bytes)
    }
}
