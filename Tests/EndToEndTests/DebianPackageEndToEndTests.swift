import Foundation
import Testing
import RoadtripTestSupport

/// The Debian package (`make deb`, issue 58) from its contents: `Scripts/make-deb` makes it from the
/// binary under test and the man page `make man` wrote, `dpkg-deb -x` unpacks it into a temporary
/// folder, and the unpacked roadtrip runs from another folder with no clone beside it. `make deb`
/// makes the same package from the static release build and runs lintian on it; installing it
/// with apt-get needs root, so it is done by hand (docs/development.md).
@Suite("The Debian package, end to end")
struct DebianPackageEndToEndTests {
    static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the package puts its files; nothing else is in it.
    static let ownPaths = [
        "usr/bin/roadtrip", "usr/share/roadtrip/", "usr/share/man/man1/roadtrip.1.gz", "usr/share/doc/roadtrip/",
        "usr/share/bash-completion/completions/roadtrip", "usr/share/zsh/vendor-completions/_roadtrip",
        "usr/share/fish/vendor_completions.d/roadtrip.fish",
    ]

    /// A package made and unpacked in a temporary folder.
    struct Unpacked {
        let folder: TemporaryDirectory
        let deb: URL
        var root: URL { folder.url.appendingPathComponent("root") }
        var binary: String { root.appendingPathComponent("usr/bin/roadtrip").path }

        init() throws {
            folder = try TemporaryDirectory()
            // make test writes the man page first (make man) and says where; else the usual place.
            let manPage =
                ProcessInfo.processInfo.environment["ROADTRIP_MAN_PAGE"].map { URL(fileURLWithPath: $0) }
                ?? packageDirectory.appendingPathComponent(".build/roadtrip.1")
            try #require(FileManager.default.fileExists(atPath: manPage.path), "no man page at \(manPage.path): make man writes it (make test does)")
            let made = try Run.process(
                packageDirectory.appendingPathComponent("Scripts/make-deb").path, [try RoadtripBinary.path(), manPage.path, folder.url.path],
                environment: Run.environment(["DEB_COMPRESSION": "none"]))
            try #require(made.status == 0, "\(CommandLineEndToEndTests.describe(made))")
            deb = URL(fileURLWithPath: made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
            let unpacked = try Run.process(
                "/usr/bin/dpkg-deb", ["-x", deb.path, folder.url.appendingPathComponent("root").path], environment: Run.environment())
            try #require(unpacked.status == 0, "\(CommandLineEndToEndTests.describe(unpacked))")
        }

        func dpkgDeb(_ arguments: [String]) throws -> String {
            let result = try Run.process("/usr/bin/dpkg-deb", arguments + [deb.path], environment: Run.environment())
            try #require(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
            return result.standardOutput
        }

        /// The unpacked roadtrip run in `home` (its working folder, HOME and XDG folders), with no
        /// ROADTRIP_FILE or ROADTRIP_RESOURCES: as a user who installed the package runs it.
        func roadtrip(_ arguments: [String], home: TemporaryDirectory) throws -> ProcessResult {
            try Run.process("/usr/bin/env", ["-C", home.url.path, binary] + arguments, environment: Self.environment(home: home))
        }

        static func environment(home: TemporaryDirectory) -> [String: String] {
            Run.environment([
                "HOME": home.url.path, "XDG_DATA_HOME": home.url.appendingPathComponent(".local/share").path,
                "XDG_CACHE_HOME": home.url.appendingPathComponent(".cache").path,
            ])
        }

        func gunzipped(_ path: String) throws -> String {
            let result = try Run.process("/bin/gzip", ["-dc", root.appendingPathComponent(path).path], environment: Run.environment())
            try #require(result.status == 0, "\(CommandLineEndToEndTests.describe(result))")
            return result.standardOutput
        }
    }

    @Test(
        "The control file: the version --version prints, dpkg's architecture, Depends on the libraries it links and the programs it runs; no maintainer script")
    func theControlFile() throws {
        let package = try Unpacked()
        defer { package.folder.remove() }
        let fields = try package.dpkgDeb(["-f"])
        let version = try Run.process(package.binary, ["--version"], environment: Run.environment()).standardOutput.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let architecture = try Run.process("/usr/bin/dpkg", ["--print-architecture"], environment: Run.environment()).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            fields.contains("Package: roadtrip\n") && fields.contains("Version: \(version)\n") && fields.contains("Architecture: \(architecture)\n"),
            "\(fields)")
        #expect(package.deb.lastPathComponent == "roadtrip_\(version)_\(architecture).deb")
        let depends = try #require(fields.components(separatedBy: "\n").first { $0.hasPrefix("Depends: ") })
        let names = depends.dropFirst("Depends: ".count).components(separatedBy: ", ").map { $0.components(separatedBy: " ")[0] }
        for needed in ["libc6", "libncursesw6", "libroutino0", "routino", "osmium-tool", "curl"] {
            #expect(names.contains(needed), "Depends lacks \(needed): \(depends)")
        }
        // Nothing runs at install or removal: removing the package removes exactly its files.
        let control = package.folder.url.appendingPathComponent("control")
        _ = try Run.process("/usr/bin/dpkg-deb", ["-e", package.deb.path, control.path], environment: Run.environment())
        #expect(try FileManager.default.contentsOfDirectory(atPath: control.path).sorted() == ["control", "md5sums"])
    }

    @Test("Every file is in the package's own places: the binary, its resources, the man page, the three completions, copyright and changelogs")
    func theFiles() throws {
        let package = try Unpacked()
        defer { package.folder.remove() }
        let files = try package.dpkgDeb(["-c"]).components(separatedBy: "\n").filter { $0.hasPrefix("-") }.map { $0.components(separatedBy: " ./").last ?? $0 }
        for file in files {
            #expect(Self.ownPaths.contains { file == $0 || ($0.hasSuffix("/") && file.hasPrefix($0)) }, "\(file) is outside the package's own places")
        }
        let expected =
            Self.ownPaths.filter { !$0.hasSuffix("/") } + [
                "usr/share/roadtrip/gazetteer.bin", "usr/share/roadtrip/basemap.bin", "usr/share/roadtrip/features.bin",
                "usr/share/roadtrip/sample-trips.json", "usr/share/doc/roadtrip/copyright", "usr/share/doc/roadtrip/changelog.gz",
            ]
        for file in expected {
            #expect(files.contains(file), "\(file) is not in the package: \(files)")
        }
        let page = try package.gunzipped("usr/share/man/man1/roadtrip.1.gz")
        #expect(page.contains(".Dt ROADTRIP 1") && !page.contains("\n\n"), "not an mdoc page without empty lines:\n\(page.prefix(400))")
        let bash = try String(contentsOf: package.root.appendingPathComponent("usr/share/bash-completion/completions/roadtrip"), encoding: .utf8)
        #expect(!bash.hasPrefix("#!") && bash.contains("roadtrip"), "bash-completion sources its scripts: \(bash.prefix(80))")
        let changelog = try package.gunzipped("usr/share/doc/roadtrip/changelog.gz")
        let version = try Run.process(package.binary, ["--version"], environment: Run.environment()).standardOutput.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(changelog.hasPrefix("roadtrip (\(version)) "), "\(changelog)")
    }

    @Test("copyright is machine-readable and names the code's licence and every data set's; each Files stanza names files the package has")
    func theCopyright() throws {
        let package = try Unpacked()
        defer { package.folder.remove() }
        let copyright = try String(contentsOf: package.root.appendingPathComponent("usr/share/doc/roadtrip/copyright"), encoding: .utf8)
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        for licence in [
            "License: Expat", "License: CC-BY-4.0", "License: public-domain", "ODbL", "OpenStreetMap contributors", "GeoNames", "Natural Earth", "TSPLIB",
        ] {
            #expect(copyright.contains(licence), "copyright does not say \(licence)")
        }
        let license = try String(contentsOf: Self.packageDirectory.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.hasPrefix("MIT License"), "the code's licence in LICENSE is the Expat one copyright gives for Files: *")
        // The paths of each Files: field (its first line and continuation lines).
        var patterns: [String] = []
        var inFiles = false
        for line in copyright.components(separatedBy: "\n") {
            if line.hasPrefix("Files: ") {
                patterns += line.dropFirst("Files: ".count).split(separator: " ").map(String.init)
                inFiles = true
            } else if inFiles, line.hasPrefix(" ") {
                patterns += line.split(separator: " ").map(String.init)
            } else {
                inFiles = false
            }
        }
        #expect(patterns.first == "*" && patterns.count > 1, "\(patterns)")
        for pattern in patterns.dropFirst() {
            #expect(
                FileManager.default.fileExists(atPath: package.root.appendingPathComponent(pattern).path),
                "copyright names \(pattern), which the package does not have")
        }
    }

    @Test("Unpacked, roadtrip runs from another folder on its own resources: search, region add of a test extract, show on its roads, the man page")
    func theUnpackedProgramRuns() throws {
        let package = try Unpacked()
        defer { package.folder.remove() }
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // No data file yet: it offers the sample trips from the package's own share/roadtrip.
        let list = try package.roadtrip(["list"], home: home)
        #expect(list.status == 0, "\(CommandLineEndToEndTests.describe(list))")
        #expect(
            list.standardError.contains("roadtrip import \(package.root.path)/usr/share/roadtrip/sample-trips.json"),
            "\(CommandLineEndToEndTests.describe(list))")
        let search = try package.roadtrip(["search", "Monterey", "--limit", "2"], home: home)
        #expect(search.status == 0 && search.standardOutput.contains("California, US"), "\(CommandLineEndToEndTests.describe(search))")
        let extract = home.url.appendingPathComponent("andorra.osm.pbf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: RegionFixture.fixture("andorra.osm.pbf")), to: extract)
        let added = try package.roadtrip(["region", "add", "andorra.osm.pbf"], home: home)
        #expect(added.status == 0 && added.standardOutput.contains("Added region andorra"), "\(CommandLineEndToEndTests.describe(added))")
        #expect(FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".local/share/roadtrip/regions/andorra").path))
        let created = try package.roadtrip(["new", "Valley", "Andorra la Vella", "Ordino"], home: home)
        #expect(created.status == 0, "\(CommandLineEndToEndTests.describe(created))")
        let shown = try package.roadtrip(["show", "Valley"], home: home)
        #expect(shown.status == 0 && shown.standardOutput.contains("by road"), "\(CommandLineEndToEndTests.describe(shown))")
        let trips = try Run.trips(at: home.url.appendingPathComponent(".local/share/roadtrip/trips.json"))
        #expect(Run.names(of: trips) == ["Valley"])
        let page = try Run.process(
            "/usr/bin/man", ["-l", package.root.appendingPathComponent("usr/share/man/man1/roadtrip.1.gz").path],
            environment: Run.environment(["MANPAGER": "cat", "MANWIDTH": "80"]))
        #expect(
            page.status == 0 && page.standardOutput.contains("roadtrip") && page.standardOutput.contains("optimize"),
            "\(CommandLineEndToEndTests.describe(page))")
    }

    @Test("Unpacked, the planner starts in tmux from another folder, adds a trip with a, saves it and gives the terminal back")
    func theUnpackedPlannerRuns() async throws {
        let package = try Unpacked()
        defer { package.folder.remove() }
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let session = try await TmuxSession(
            binary: package.binary, directory: home,
            variables: Unpacked.environment(home: home).filter { ["HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"].contains($0.key) },
            workingDirectory: home.url)
        defer { session.close() }
        try await TripListEndToEndTests.waitForSampleTrips(session)
        try await session.sendKeys("a")
        try await session.sendText("Packaged")
        try await session.sendKeys("Enter")
        try await session.waitUntil("the new trip in the list") { TripListEndToEndTests.listShows("Packaged", in: $0) }
        try await TripListEndToEndTests.quitNormally(session)
        #expect(try Run.names(of: Run.trips(at: home.dataFile)).contains("Packaged"))
    }
}
