import Foundation
@testable import RoadtripStore
import Testing
import RoadtripTestSupport

/// Exported GPX checked by xmllint against the official GPX 1.1 schema (Tests/Schemas, fetched
/// again by Scripts/gpx-schema.sh; xmllint is Debian's libxml2-utils, which `make test` installs).
@Suite struct GPXSchemaTests {
    static let schema = TestsFolder.url.appendingPathComponent("Schemas/gpx-1.1.xsd")

    static let trips = [InteropFixtures.tricky, InteropFixtures.plain, InteropFixtures.empty, InteropFixtures.single]

    @Test(arguments: trips.indices)
    func exportedGPXIsValidAgainstTheOfficialSchema(index: Int) throws {
        let directory = try TemporaryDirectory()
        let data = try TripExport.data(for: Self.trips[index], format: .gpx, now: InteropFixtures.now, creator: "roadtrip 0.1.0")
        let file = try InteropFixtures.write(data, "trip.gpx", in: directory)
        let (status, errors) = try Self.xmllint(["--noout", "--schema", Self.schema.path, file.path])
        #expect(status == 0, "xmllint: \(errors)")
    }

    @Test func theSchemaIsTheOneTheScriptChecks() throws {
        #expect(FileManager.default.fileExists(atPath: Self.schema.path))
        let (status, errors) = try Self.xmllint(["--noout", Self.schema.path])
        #expect(status == 0, "xmllint: \(errors)")
    }

    /// Runs xmllint; its exit status and standard error.
    static func xmllint(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
