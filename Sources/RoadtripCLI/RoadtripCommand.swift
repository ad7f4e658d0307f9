import ArgumentParser
import BackgroundWork
import Foundation
import RoadtripCore
import RoadtripStore
import RoadtripTUI
import Terminal
import TextCanvas

/// `roadtrip`: with no subcommand, the full-screen planner.
///
/// The exit statuses its help lists are those `runCommandLine()` and `exitCode(for:)` give; the
/// command-line tests of Tests/EndToEndTests check each of them against the binary.
package struct RoadtripCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "roadtrip",
        abstract: "Plan road trips in the terminal: trips, stops, distances.",
        discussion: """
            With no subcommand, starts the full-screen planner. Press ? in it for the keys.

            Exit status:
              0      success
              1      an error: a data file that cannot be read or saved, a trip or a
                     place not found, output that cannot be written, no terminal
              64     a usage error: an unknown option, a missing or invalid value
              141    the reader of the output went away (roadtrip list | head -1)
              128+N  the planner was ended by signal N, after saving (143: SIGTERM)

            Examples:
              roadtrip
              roadtrip --file ~/trips.json --units mi list
            """,
        version: RoadtripVersion.current,
        subcommands: [
            ListCommand.self, ShowCommand.self, PlanCommand.self, AlongCommand.self, OptimizeCommand.self, LinkCommand.self, ExportCommand.self,
            ImportCommand.self, SearchCommand.self, NewCommand.self, RenameCommand.self, DeleteCommand.self, AddStopCommand.self, RemoveStopCommand.self,
            MoveStopCommand.self, SetCommand.self, MapCommand.self, RegionCommand.self, RoutingCommand.self,
        ]
    )

    @OptionGroup var options: GlobalOptions

    // The planner's alone: the subcommands print and take no mouse.
    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection) in the full-screen planner.")
    var noMouse = false

    package init() {}

    package func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = options.dataFile(environment: environment)
        let settings = Application.Settings(unit: options.unit(environment: environment), environment: environment, mouse: !noMouse)
        // ParsableCommand.main() runs commands synchronously on the main thread.
        let status = try MainActor.assumeIsolated {
            try Terminal.checkCanStart(environment: environment, purpose: Application.terminalPurpose)
            // The program's one runner, made here at its root and handed down (the model's work,
            // the screens', the legs'), its gate an end-to-end test's when one is set.
            let runner = ThreadRunner(gate: TestGate(environment: environment))
            return try Application.run(model: try DataModel.openForPlanner(file, environment: environment, runner: runner), settings: settings)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

extension RoadtripCommand {
    /// Runs the command line (what `main()` of swift-argument-parser does) and exits, with the
    /// program's own rules for what it prints:
    /// - the user's locale decides what the output may contain (UTF-8, or ASCII only);
    /// - error messages are made printable like the output: they quote what the user typed;
    /// - output that could not be written is an error (exit status 1), except for a reader that
    ///   went away (`roadtrip list | head -1`): then the program ends as it would have without
    ///   ignoring SIGPIPE, killed by it (status 141 in the shell), without a message, the usual
    ///   way of a Unix tool that a pipe stopped reading. `main.swift` ignores SIGPIPE so that the
    ///   signal can never interrupt a save; the broken pipe is seen as EPIPE instead.
    package static func runCommandLine() -> Never {
        CommandOutput.protectStandardStreams()
        TextWidth.adoptUserLocale()
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(EXIT_SUCCESS)
        } catch let error as CommandOutput.WriteError where error.isBrokenPipe {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
            Foundation.exit(128 + SIGPIPE)
        } catch {
            let code = exitCode(for: error)
            // --help, --version: swift-argument-parser prints them as it always does.
            if code == .success { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                try? CommandOutput.write(
                    message.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { TextWidth.printable(String($0)) + "\n" }.joined(), to: STDERR_FILENO)
            }
            Foundation.exit(code.rawValue)
        }
    }
}
