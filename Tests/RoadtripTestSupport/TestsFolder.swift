import Foundation

/// The package's Tests/ folder, found from this file's place in it, so that a test reading the
/// files kept there (Fixtures/, Schemas/, FuzzCorpus/) does not count how deep it sits itself.
package enum TestsFolder {
    package static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
}
