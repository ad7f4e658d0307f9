/// Why the basemap could not be opened. Each case names the file; `description` is a sentence a
/// user can act on.
public enum BasemapError: Error, Equatable, CustomStringConvertible {
    /// There is no file at `path`.
    case missing(path: String)
    /// The file is there but could not be opened or mapped (permissions, a directory…).
    case unreadable(path: String, reason: String)
    /// The file does not start like a basemap at all.
    case notABasemap(path: String)
    /// A basemap of another format version.
    case wrongVersion(path: String, found: UInt32, expected: UInt32)
    /// Shorter (or longer) than its header says: cut off while copying or downloading.
    case truncated(path: String, expectedBytes: Int, actualBytes: Int)
    /// The header or the index is inconsistent with itself or with the file's length.
    case damaged(path: String, detail: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "The basemap \(path) is missing; \(Self.remedy)"
        case .unreadable(let path, let reason):
            return "The basemap \(path) cannot be read: \(reason)."
        case .notABasemap(let path):
            return "\(path) is not a roadtrip basemap (it does not start like one); \(Self.remedy)"
        case .wrongVersion(let path, let found, let expected):
            return "The basemap \(path) has format version \(found), but this roadtrip reads version \(expected); \(Self.remedy)"
        case .truncated(let path, let expected, let actual):
            return "The basemap \(path) is truncated: it should be \(expected) bytes but is \(actual); \(Self.remedy)"
        case .damaged(let path, let detail):
            return "The basemap \(path) is damaged (\(detail)); \(Self.remedy)"
        }
    }

    private static let remedy = "reinstall roadtrip, or run `make data` in its source tree to rebuild it."
}
