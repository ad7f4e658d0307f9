import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripRegions
import RoadtripTestSupport

/// The first look at a file to add: what it is by its first bytes, and the sentence when it is none.
struct ExtractFileTests {
    static let fixtures = TestsFolder.url.appendingPathComponent("Fixtures/osm")

    @Test(arguments: [("andorra.osm.pbf", "pbf"), ("krems.osm.gz", "osm.gz"), ("beatty.osm", "osm")])
    func theFormatComesFromTheBytes(file: String, format: String) throws {
        #expect(try ExtractFile.check(Self.fixtures.appendingPathComponent(file).path).format == format)
    }

    @Test func bzip2AndXMLWithADeclaration() {
        #expect(ExtractFile.format(of: Array("BZh91AY".utf8)) == "osm.bz2")
        #expect(ExtractFile.format(of: Array("\u{FEFF}  <?xml version='1.0'?><osm>".utf8)) == "osm")
        #expect(ExtractFile.format(of: Array("{\"type\":\"FeatureCollection\"}".utf8)) == nil)
    }

    @Test func whatIsNotAnExtractIsNamed() throws {
        let directory = try TemporaryDirectory()
        let text = try directory.write("hello", to: "notes.osm.pbf")
        let empty = try directory.write("", to: "empty.osm")
        let fifo = directory.file("pipe.osm")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: RegionError.notAnExtract(path: text.path, reason: "it begins like neither OSM PBF nor OSM XML")) { try ExtractFile.check(text.path) }
        #expect(throws: RegionError.notAnExtract(path: empty.path, reason: "it is empty")) { try ExtractFile.check(empty.path) }
        #expect(throws: RegionError.notAFile(path: directory.url.path, what: "a folder")) { try ExtractFile.check(directory.url.path) }
        #expect(throws: RegionError.notAFile(path: fifo.path, what: "a FIFO (named pipe)")) { try ExtractFile.check(fifo.path) }
        #expect(throws: RegionError.notFound(path: directory.file("none.osm").path)) { try ExtractFile.check(directory.file("none.osm").path) }
        #expect(
            RegionError.notAFile(path: "/x", what: "a folder").description
                == "/x is a folder, not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2).")
    }
}
