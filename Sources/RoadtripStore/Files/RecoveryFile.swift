import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the trips go when the data file cannot be saved (it became unreadable underneath, was
/// made immutable, or a newer roadtrip rewrote it): a new file named after it and the time,
/// `trips.json.recovered-20261122-213000`, beside it, or in `$XDG_STATE_HOME/roadtrip/`
/// (`~/.local/state/roadtrip/`) when its folder takes no new file.
package enum RecoveryFile {
    /// The places to try, in order.
    package static func candidates(for dataFile: URL, environment: [String: String], now: Date = Date()) -> [URL] {
        let name = "\(dataFile.lastPathComponent).recovered-\(timestamp(now))"
        let stateHome =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/state")
        return [
            dataFile.deletingLastPathComponent().appendingPathComponent(name),
            URL(fileURLWithPath: stateHome).appendingPathComponent("roadtrip").appendingPathComponent(name),
        ]
    }

    /// The first candidate whose folder this user can add a file to (or create), for the path
    /// the planner proposes.
    package static func suggested(for dataFile: URL, environment: [String: String], now: Date = Date()) -> URL {
        let all = candidates(for: dataFile, environment: environment, now: now)
        return all.first { canCreateFile(in: $0.deletingLastPathComponent().path) } ?? all[0]
    }

    private static func canCreateFile(in folder: String) -> Bool {
        var path = folder
        // A folder not made yet can be made when its nearest existing ancestor is writable.
        while !FileManager.default.fileExists(atPath: path), path != "/" { path = (path as NSString).deletingLastPathComponent }
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR && access(path, W_OK | X_OK) == 0
    }

    /// Local time as `yyyyMMdd-HHmmss`: sorts by time, and has no character a shell or a file
    /// system minds.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}

extension DataModel {
    /// Writes the trips to the first recovery place that takes them (`RecoveryFile`); returns
    /// where, or throws the last place's error.
    package func saveRecoveryCopy(environment: [String: String], now: Date = Date()) throws(DataFileError) -> URL {
        var lastError: DataFileError?
        for candidate in RecoveryFile.candidates(for: store.url, environment: environment, now: now) {
            do {
                try saveCopy(to: candidate)
                return candidate
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }
}
