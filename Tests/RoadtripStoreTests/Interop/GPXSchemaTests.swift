import ChildProcesses
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
        // Its standard error read through the pipe `output` reads; its output thrown away.
        let (ended, errors) = try ChildProcess.output(of: "/bin/sh", ["-c", "exec xmllint \"$@\" 2>&1 >/dev/null", "sh"] + arguments)
        return (ended.shellStatus, String(decoding: errors, as: UTF8.self))
    }
}
