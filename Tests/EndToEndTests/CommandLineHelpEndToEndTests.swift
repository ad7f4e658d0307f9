import Foundation
import Testing
import RoadtripTestSupport

/// What the command line says about itself: every command's help, the exit statuses the root's
/// help lists, the shell completion scripts, and the description the man page is made from.
@Suite("Command line help, completions and man page, end to end")
struct CommandLineHelpEndToEndTests {
    /// The subcommands as `roadtrip --help` lists them; export, import and link join them when
    /// they are added (the tests below read the list from the binary, this is the floor).
    static let subcommands = ["list", "show", "plan", "optimize", "search", "new", "map", "rename", "delete", "add-stop", "remove-stop", "move-stop", "set"]

    static func roadtrip(_ arguments: [String], in directory: TemporaryDirectory) throws -> ProcessResult {
        try CommandLineEndToEndTests.roadtrip(arguments, in: directory)
    }

    static func describe(_ result: ProcessResult) -> String {
        CommandLineEndToEndTests.describe(result)
    }

    /// The subcommands the binary itself declares (from --experimental-dump-help), so that a new
    /// command without an example in its help fails here too.
    static func declaredSubcommands(in directory: TemporaryDirectory) throws -> [String] {
        let command = try dumpedHelp(in: directory)
        return (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }.filter { $0 != "help" }
    }

    static func dumpedHelp(in directory: TemporaryDirectory) throws -> [String: Any] {
        let result = try roadtrip(["--experimental-dump-help"], in: directory)
        guard result.status == 0 else { throw EndToEndFailure("--experimental-dump-help failed: \(describe(result))") }
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        guard let command = json?["command"] as? [String: Any] else { throw EndToEndFailure("no command in the dump: \(describe(result))") }
        return command
    }

    @Test("roadtrip --help and every subcommand's --help exit 0 and give an example")
    func everyHelpHasAnExample() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let declared = try Self.declaredSubcommands(in: directory)
        #expect(Set(Self.subcommands).isSubset(of: Set(declared)), "\(declared)")
        for arguments in [["--help"]] + declared.map({ [$0, "--help"] }) {
            let result = try Self.roadtrip(arguments, in: directory)
            #expect(result.status == 0, "\(arguments): \(Self.describe(result))")
            #expect(result.standardOutput.contains("Example"), "\(arguments) gives no example: \(Self.describe(result))")
        }
    }

    @Test("The root's help lists the exit statuses, and the binary returns them")
    func exitStatuses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let help = try Self.roadtrip(["--help"], in: directory).standardOutput
        for line in ["0      success", "1      an error", "64     a usage error", "141    the reader of the output went away", "128+N  the planner"] {
            #expect(help.contains(line), "the help does not say “\(line)”:\n\(help)")
        }

        #expect(try Self.roadtrip(["list"], in: directory).status == 0)
        // 1: an error while running — a trip not found, a data file that cannot be read.
        #expect(try Self.roadtrip(["show", "no such trip"], in: directory).status == 1)
        try Data("not json".utf8).write(to: directory.url.appendingPathComponent("bad.json"))
        #expect(try Self.roadtrip(["list", "--file", directory.url.appendingPathComponent("bad.json").path], in: directory).status == 1)
        #expect(try Self.roadtrip(["list", "--file", directory.path], in: directory).status == 1)
        // 64 (EX_USAGE, swift-argument-parser's ExitCode.validationFailure): the command line is wrong.
        for usage in [["list", "--bogus"], ["--units", "parsec", "list"], ["no-such-command"], ["show"], ["map", "1", "--width", "3"]] {
            let result = try Self.roadtrip(usage, in: directory)
            #expect(result.status == 64, "\(usage): \(Self.describe(result))")
            #expect(result.standardError.contains("Usage:") || result.standardError.contains("Error:"), "\(usage): \(Self.describe(result))")
        }
        // 141 (a reader that went away) is OutputEndToEndTests' “A reader that goes away”, and
        // 128 + the signal the planner's (TripListEndToEndTests, UnsaveableFileEndToEndTests).
    }

    @Test("--generate-completion-script writes a script that names the subcommands and the units", arguments: ["bash", "zsh", "fish"])
    func completionScript(shell: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try Self.roadtrip(["--generate-completion-script", shell], in: directory)
        #expect(result.status == 0, "\(Self.describe(result))")
        #expect(result.standardError.isEmpty, "\(Self.describe(result))")
        let script = result.standardOutput
        #expect(script.count > 1000, "\(Self.describe(result))")
        for subcommand in try Self.declaredSubcommands(in: directory) {
            #expect(script.contains(subcommand), "the \(shell) script does not name \(subcommand)")
        }
        // --units offers its values as a fixed list, and --file completes paths, each in the
        // shell's own syntax.
        let expected = [
            "bash": ["'--units')", "-W 'km'$'\\n''mi'", "'--file')\n        __roadtrip_add_completions -f"],
            "zsh": ["'--units[", "('km' 'mi')", "'--file[The data file.]:path:_files'"],
            "fish": ["-l 'units'", "-rfka 'km mi'", "-l 'file' -d 'The data file.' -rF"],
        ][shell]!
        for fragment in expected {
            #expect(script.contains(fragment), "the \(shell) script has no \(fragment)")
        }
    }

    /// The man page is made by swift-argument-parser's generate-manual plugin from this JSON;
    /// what the page says is what the dump holds. The plugin itself (`make man`) is run by
    /// `InstallStressTests`: `swift package` must build, and under `swift test`, which may hold
    /// the build folder's lock, it could wait for it forever.
    @Test("--experimental-dump-help describes every command, its discussion and the units' values for the man page")
    func dumpForTheManPage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = try Self.dumpedHelp(in: directory)
        #expect(command["commandName"] as? String == "roadtrip")
        #expect((command["discussion"] as? String)?.contains("Exit status:") == true)
        let subcommands = command["subcommands"] as? [[String: Any]] ?? []
        for name in Self.subcommands {
            let subcommand = subcommands.first { $0["commandName"] as? String == name }
            #expect((subcommand?["discussion"] as? String)?.contains("Example") == true, "\(name): \(subcommand ?? [:])")
        }
        let units = (command["arguments"] as? [[String: Any]] ?? []).first { ($0["names"] as? [[String: Any]])?.first?["name"] as? String == "units" }
        #expect(units?["allValues"] as? [String] == ["km", "mi"], "\(units ?? [:])")
    }
}

/// `make install DESTDIR=… PREFIX=/usr` and `make uninstall`: the binary, its resources, the man
/// page (`make man`, the generate-manual plugin) and the three completion scripts. It builds the
/// release binary, which takes minutes from a clean build folder (and again after `make
/// bench-quick`'s build without --static-swift-stdlib), so it runs only with ROADTRIP_STRESS=1
/// (`make stress`). It builds in a folder of its own (.build-install, kept between runs; or
/// $ROADTRIP_INSTALL_BUILD_DIR): `swift test` runs from the package's, and may hold its lock.
@Suite("make install Stress, end to end", .enabled(if: ProcessInfo.processInfo.environment["ROADTRIP_STRESS"] == "1"))
struct InstallStressTests {
    /// The package's folder: this file is Tests/EndToEndTests/ in it.
    static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let installed = [
        "usr/bin/roadtrip",
        "usr/share/roadtrip/gazetteer.bin",
        "usr/share/man/man1/roadtrip.1",
        "usr/share/bash-completion/completions/roadtrip",
        "usr/share/zsh/site-functions/_roadtrip",
        "usr/share/fish/vendor_completions.d/roadtrip.fish",
    ]

    @Test("make install puts every file in place, and make uninstall removes them", .timeLimit(.minutes(30)))
    func installAndUninstall() throws {
        let stage = try TemporaryDirectory()
        defer { stage.remove() }
        let buildFolder =
            ProcessInfo.processInfo.environment["ROADTRIP_INSTALL_BUILD_DIR"] ?? Self.packageDirectory.appendingPathComponent(".build-install").path
        let make = ["make", "--no-print-directory", "-C", Self.packageDirectory.path, "DESTDIR=\(stage.path)", "PREFIX=/usr", "BUILD_DIR=\(buildFolder)"]

        let install = try Run.process("/usr/bin/env", make + ["install"], environment: Run.environment())
        #expect(install.status == 0, "\(CommandLineEndToEndTests.describe(install))")
        for path in Self.installed {
            let attributes = try? FileManager.default.attributesOfItem(atPath: stage.url.appendingPathComponent(path).path)
            #expect(((attributes?[.size] as? Int) ?? 0) > 0, "\(path) is missing or empty")
        }
        let page = try String(contentsOf: stage.url.appendingPathComponent("usr/share/man/man1/roadtrip.1"), encoding: .utf8)
        #expect(page.contains(".Dt ROADTRIP 1"), "not an mdoc page for roadtrip(1):\n\(page.prefix(400))")
        for subcommand in CommandLineHelpEndToEndTests.subcommands {
            #expect(page.contains(subcommand), "the man page does not describe \(subcommand)")
        }
        let installedBinary = stage.url.appendingPathComponent("usr/bin/roadtrip").path
        let version = try Run.process(installedBinary, ["--version"], environment: Run.environment())
        #expect(version.status == 0, "\(CommandLineEndToEndTests.describe(version))")

        let uninstall = try Run.process("/usr/bin/env", make + ["uninstall"], environment: Run.environment())
        #expect(uninstall.status == 0, "\(CommandLineEndToEndTests.describe(uninstall))")
        for path in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: stage.url.appendingPathComponent(path).path), "\(path) is still there")
        }
    }
}
