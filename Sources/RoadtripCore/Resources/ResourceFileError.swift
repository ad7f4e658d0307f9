/// A kind of binary resource file, named as the user should read it ("place index", "basemap").
package protocol ResourceFileKind: Sendable {
    static var name: String { get }
}

/// Why a resource file (the gazetteer, the basemap) could not be opened. Each case names the
/// file; `description` is a sentence a user can act on.
package enum ResourceFileError<Kind: ResourceFileKind>: Error, Equatable, CustomStringConvertible {
    /// There is no file at `path`.
    case missing(path: String)
    /// The file is there but could not be opened or mapped (permissions, a directory…).
    case unreadable(path: String, reason: String)
    /// The file does not start like a file of this kind at all.
    case notThisKind(path: String)
    /// A file of another format version.
    case wrongVersion(path: String, found: UInt32, expected: UInt32)
    /// Shorter (or longer) than its header says: cut off while copying or downloading.
    case truncated(path: String, expectedBytes: Int, actualBytes: Int)
    /// The header or an index is inconsistent with itself or with the file's length.
    case damaged(path: String, detail: String)

    package var description: String {
        let name = Kind.name
        switch self {
        case .missing(let path):
            return "The \(name) \(path) is missing; \(Self.remedy)"
        case .unreadable(let path, let reason):
            return "The \(name) \(path) cannot be read: \(reason)."
        case .notThisKind(let path):
            return "\(path) is not a roadtrip \(name) (it does not start like one); \(Self.remedy)"
        case .wrongVersion(let path, let found, let expected):
            return "The \(name) \(path) has format version \(found), but this roadtrip reads version \(expected); \(Self.remedy)"
        case .truncated(let path, let expected, let actual):
            return "The \(name) \(path) is truncated: it should be \(expected) bytes but is \(actual); \(Self.remedy)"
        case .damaged(let path, let detail):
            return "The \(name) \(path) is damaged (\(detail)); \(Self.remedy)"
        }
    }

    private static var remedy: String { "reinstall roadtrip, or run `make data` in its source tree to rebuild it." }
}

package enum PlaceIndexFile: ResourceFileKind {
    package static let name = "place index"
}

package enum BasemapFile: ResourceFileKind {
    package static let name = "basemap"
}

package typealias GazetteerError = ResourceFileError<PlaceIndexFile>
package typealias BasemapError = ResourceFileError<BasemapFile>
