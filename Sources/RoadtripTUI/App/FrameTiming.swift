import Foundation

/// Timings for the speed benchmarks (`make bench`), written only when `ROADTRIP_TIMING` names a
/// file: one line per frame, per autosave and at the end, times in nanoseconds on
/// CLOCK_MONOTONIC (the clock of Python's `time.monotonic_ns()`, so the bench driver can compare
/// them with when it sent a key):
///
///     frame <first key read> <frame sent (after doupdate)> <keys handled> <last key read>
///     save <start> <end>
///     rss <peak resident set in kB>
///
/// A frame drawn without a key (the first one) has 0 for its key time.
@MainActor
final class FrameTiming {
    private let output: FileHandle
    private var keyRead: UInt64 = 0
    private var lastKeyRead: UInt64 = 0
    private var keys = 0

    /// Timings to the file `ROADTRIP_TIMING` names, or nil (the usual case: nothing is measured).
    static func fromEnvironment(_ environment: [String: String]) -> FrameTiming? {
        guard let path = environment["ROADTRIP_TIMING"], !path.isEmpty,
            FileManager.default.createFile(atPath: path, contents: nil),
            let output = FileHandle(forWritingAtPath: path)
        else { return nil }
        return FrameTiming(output: output)
    }

    private init(output: FileHandle) {
        self.output = output
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Notes a key read at `time` (a key held while the file was read counts from when it was typed).
    func keyWasRead(at time: UInt64) {
        lastKeyRead = time
        if keys == 0 { keyRead = lastKeyRead }
        keys += 1
    }

    func frameWasSent() {
        write("frame \(keyRead) \(Self.now()) \(keys) \(keys == 0 ? 0 : lastKeyRead)")
        keyRead = 0
        keys = 0
    }

    /// Notes a save that held the loop from `start` until now.
    func saved(since start: UInt64) {
        write("save \(start) \(Self.now())")
    }

    /// Notes the peak memory of the process (VmHWM).
    func finish() {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let peak =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
            .split(separator: " ").dropFirst().first ?? "0"
        write("rss \(peak)")
    }

    private func write(_ line: String) {
        output.write(Data((line + "\n").utf8))
    }
}
