import Foundation
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// The lock's sidecar is opened without following links and only written when it is one of ours.
@Suite struct FileLockTests {
    @Test func aSymbolicLinkIsRefusedAndItsTargetKept() throws {
        let directory = try TemporaryDirectory()
        let data = try directory.write("trips", to: "trips.json")
        #expect(symlink(data.path, directory.file("trips.json.lock").path) == 0)
        guard case .refused(let reason) = FileLock.acquire(for: data) else { Issue.record("not refused"); return }
        #expect(reason.contains("(it is a symbolic link)"))
        #expect(try String(contentsOf: data, encoding: .utf8) == "trips")
    }

    @Test func aFileThatIsNotALockIsNeverTruncated() throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("trips.json")
        let lock = try directory.write("my notes", to: "trips.json.lock")
        guard case .refused(let reason) = FileLock.acquire(for: data) else { Issue.record("not refused"); return }
        #expect(reason.contains("something other than a process id"))
        #expect(try String(contentsOf: lock, encoding: .utf8) == "my notes")
    }

    @Test func anOldLockOfOursIsTakenAndGetsOurPid() throws {
        let directory = try TemporaryDirectory()
        let lock = try directory.write("12345\n", to: "trips.json.lock")
        guard case .acquired(let held) = FileLock.acquire(for: directory.file("trips.json")) else { Issue.record("not acquired"); return }
        #expect(try String(contentsOf: lock, encoding: .utf8) == "\(getpid())\n")
        _ = held
    }
}
