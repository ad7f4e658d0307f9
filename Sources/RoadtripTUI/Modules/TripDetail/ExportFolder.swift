import Foundation

/// Where an export goes when the user names only a file (issue 25: it used to be the folder the
/// program was started from, which is wherever the terminal happened to be).
///
/// Beside the data file, where the user keeps their trips; but when that folder is hidden (the
/// default `~/.local/share/roadtrip`, which a file manager does not show) and `$XDG_DOCUMENTS_DIR`
/// names a folder that exists, there instead. A name typed relative resolves against it.
struct ExportFolder: Equatable {
    let path: String

    init(dataFile: URL, environment: [String: String], fileManager: FileManager = .default) {
        let dataFolder = dataFile.deletingLastPathComponent().standardizedFileURL.path
        if Self.isHidden(dataFolder), let documents = Self.documentsFolder(environment, fileManager: fileManager) {
            path = documents
        } else {
            path = dataFolder
        }
    }

    /// `$XDG_DOCUMENTS_DIR` when it is an absolute path to a folder that exists.
    private static func documentsFolder(_ environment: [String: String], fileManager: FileManager) -> String? {
        guard let documents = environment["XDG_DOCUMENTS_DIR"], documents.hasPrefix("/") else { return nil }
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: documents, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return URL(fileURLWithPath: documents, isDirectory: true).standardizedFileURL.path
    }

    /// Whether a folder of the path starts with a dot.
    static func isHidden(_ folder: String) -> Bool {
        folder.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
