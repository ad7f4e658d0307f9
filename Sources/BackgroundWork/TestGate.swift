import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where end-to-end tests hold long work at a known point, so that no test races it: only set
/// by tests, through two variables. `ROADTRIP_TEST_GATE=DIR` names the folder the gate talks
/// through; `ROADTRIP_TEST_HOLD=import,autosave` names the work it holds.
///
/// Work the gate holds writes `DIR/<name>.held` when it gets to its gate (the file holds how
/// many jobs of that name have been held there) and waits, before doing anything, until
/// `DIR/<name>.release` exists; a release lets every later job of that name through too. Each
/// job of the program's runner that ends (its value handed over, or dropped when it was
/// cancelled) counts itself in `DIR/<name>.ended`, held or not, so a test can wait for the end of
/// work it started instead of for time to pass.
package final class TestGate: @unchecked Sendable {
    package static let directoryVariable = "ROADTRIP_TEST_GATE"
    package static let holdVariable = "ROADTRIP_TEST_HOLD"

    /// The gate of this process's environment, if any.
    package static let process = TestGate(environment: ProcessInfo.processInfo.environment)

    package let directory: URL
    /// The names of the work held.
    package let held: Set<String>
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    package init(directory: URL, holding held: Set<String>) {
        self.directory = directory
        self.held = held
    }

    /// The gate the test variables describe; nil when `ROADTRIP_TEST_GATE` is not set (always,
    /// outside tests).
    package convenience init?(environment: [String: String]) {
        guard let path = environment[Self.directoryVariable], !path.isEmpty else { return nil }
        let names = (environment[Self.holdVariable] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        self.init(directory: URL(fileURLWithPath: path), holding: Set(names.filter { !$0.isEmpty }))
    }

    /// Returns at once unless `name` is held; else says so (`<name>.held`) and waits for
    /// `<name>.release`, or until `giveUp` says the work is no longer wanted (withdrawn).
    ///
    /// The wait blocks on the kernel's notice of names made in the folder (inotify), so the
    /// release is seen the moment the test makes it, not at the next look. Whether the work was
    /// withdrawn is a flag in memory with nothing to block on: it is looked at whenever the
    /// folder changes, and at least every `withdrawalLook`.
    package func pass(_ name: String, giveUp: () -> Bool = { false }) {
        let release = file(name, "release").path
        guard held.contains(name), access(release, F_OK) != 0 else { return }
        // Watched before the count is written: the test may release as soon as it reads it.
        let notices = FolderNotices(directory.path)
        defer { notices.close() }
        count(name, in: "held")
        while access(release, F_OK) != 0 && !giveUp() { notices.wait(milliseconds: Self.withdrawalLook) }
    }

    /// How often, at most, a held pass looks whether its work was withdrawn (milliseconds).
    static let withdrawalLook: Int32 = 20

    /// Counts one more job of `name` that ended.
    package func ended(_ name: String) {
        count(name, in: "ended")
    }

    private func count(_ name: String, in suffix: String) {
        lock.withLock {
            let key = "\(name).\(suffix)"
            counts[key, default: 0] += 1
            // Written whole and renamed, so a test never reads half a number.
            try? Data("\(counts[key]!)\n".utf8).write(to: file(name, suffix), options: .atomic)
        }
    }

    private func file(_ name: String, _ suffix: String) -> URL {
        directory.appendingPathComponent("\(name).\(suffix)")
    }
}

/// Names made in a folder (created, or renamed into it), as the kernel tells them (inotify): what
/// a held pass blocks on. Without a descriptor (inotify refused: its limits reached), a wait is
/// only the time given.
private struct FolderNotices {
    private let descriptor: Int32

    init(_ folder: String) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        if descriptor >= 0, inotify_add_watch(descriptor, folder, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) < 0 {
            Glibc.close(descriptor)
            self.descriptor = -1
        } else {
            self.descriptor = descriptor
        }
    }

    /// Blocks until a name is made in the folder, or `milliseconds` pass; the notices read are let go.
    func wait(milliseconds: Int32) {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard descriptor >= 0 else {
            _ = poll(nil, 0, milliseconds)
            return
        }
        guard poll(&watched, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }
}
