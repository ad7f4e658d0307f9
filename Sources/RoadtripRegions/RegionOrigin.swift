import Foundation

/// Where a region came from, kept in its `region.json` when it was downloaded, for `region update`.
package struct RegionOrigin: Codable, Equatable, Sendable {
    /// The catalogue's id of the extract, and the file's address.
    package var extract: String
    package var url: String
    /// The published MD5 of the file imported.
    package var md5: String
    /// The server's Last-Modified for it, when it said.
    package var lastModified: String?

    package init(extract: String, url: String, md5: String, lastModified: String? = nil) {
        (self.extract, self.url, self.md5, self.lastModified) = (extract, url, md5, lastModified)
    }
}
