import Foundation

extension TripFileStore {
    /// The file and its fingerprint, read once; nil when there is no file.
    func readWithFingerprint() throws(DataFileError) -> (TripFile, FileFingerprint)? {
        guard let (data, size, modified) = try readBytes() else { return nil }
        return (try decode(data), FileFingerprint(bytes: data, size: size, modified: modified))
    }

    /// The file as it is on disk when it is no longer the one `fingerprint` describes (another
    /// program wrote it, or created it where there was none); nil when it is unchanged.
    func changedSince(_ fingerprint: FileFingerprint?) throws(DataFileError) -> TripFile? {
        guard let current = FileFingerprint.status(path) else { return nil }
        if let fingerprint, current.size == fingerprint.size, current.modified == fingerprint.modified { return nil }
        guard let (file, fresh) = try readWithFingerprint() else { return nil }
        return fresh.hash == fingerprint?.hash ? nil : file
    }

    /// Writes `file` and returns the fingerprint of what is now on disk.
    func writeAndFingerprint(_ file: TripFile) throws(DataFileError) -> FileFingerprint {
        let data: Data
        do {
            data = try file.encoded()
        } catch {
            throw .unwritable(path: path, reason: "the trips could not be encoded (\(error))")
        }
        try write(data)
        let status = FileFingerprint.status(AtomicFile.resolvingSymlink(path)) ?? (data.count, 0)
        return FileFingerprint(bytes: data, size: status.size, modified: status.modified)
    }

    /// The file's bytes, size and modification time; nil when there is no file.
    private func readBytes() throws(DataFileError) -> (Data, Int, TimeInterval)? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory, not a file") }
        let status = FileFingerprint.status(path)
        do {
            let data = try Data(contentsOf: url)
            return (data, status?.size ?? data.count, status?.modified ?? 0)
        } catch {
            throw .unreadable(path: path, reason: Self.reason(for: error))
        }
    }
}
