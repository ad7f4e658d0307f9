import ChildProcesses
import Foundation
import Glibc

/// What a test may need of the machine beyond a user's rights: to be root (to give a file to
/// someone else, to make a device node) or to mount a small tmpfs (a disk that fills up). A test
/// that needs one says so with `.enabled(if:)`, so that where it cannot run it shows as skipped,
/// never as passed (issue 57, item 7: seven returned early and counted as passed).
package enum Privileges {
    package static let isRoot = getuid() == 0

    /// Whether a tmpfs can be mounted here: tried once, on a folder of its own, and taken away.
    package static let canMountTmpfs: Bool = {
        guard isRoot else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-tmpfs-probe-\(getpid())")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]) else { return false }
        _ = run("/bin/umount", [folder.path])
        return true
    }()

    /// Whether `tool` with `arguments` ran and exited with 0.
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        (try? ChildProcess(tool, arguments).wait().succeeded) == true
    }
}
