import Foundation

/// Small OpenStreetMap XML extracts written by the tests (the hostile extracts of issue 34).
package enum OSMText {
    /// A village of one node, Placeville, in Monaco.
    package static let village = #"<node id="1" lat="43.7384" lon="7.4246" version="1"><tag k="place" v="village"/><tag k="name" v="Placeville"/></node>"#

    /// An OSM XML extract holding `body`, with the header box `bounds` when given: its path.
    package static func file(_ body: String, bounds: String? = nil, named name: String, in directory: TemporaryDirectory) throws -> String {
        let file = directory.file(name)
        let header = bounds.map { "  <bounds \($0)/>\n" } ?? ""
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"test\">\n\(header)  \(body)\n</osm>\n".utf8).write(to: file)
        return file.path
    }
}
