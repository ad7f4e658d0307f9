import ArgumentParser
import Foundation
import Terminal

public enum RoadtripVersion {
    public static let current = "0.1.0"
}

/// `roadtrip`: with no subcommand, the full-screen planner.
public struct RoadtripCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "roadtrip",
        abstract: "Plan road trips in the terminal: trips, stops, distances.",
        discussion: "With no subcommand, starts the full-screen planner. Press ? in it for the keys.",
        version: RoadtripVersion.current,
        subcommands: [ListCommand.self, ShowCommand.self, SearchCommand.self, NewCommand.self, MapCommand.self]
    )

    @OptionGroup var options: GlobalOptions

    public init() {}

    public func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file = options.dataFile(environment: environment)
        let settings = Application.Settings(unit: options.unit(environment: environment), environment: environment)
        // ParsableCommand.main() runs commands synchronously on the main thread.
        let status = try MainActor.assumeIsolated {
            try Terminal.checkCanStart(environment: environment)
            return try Application.run(model: try DataModel.open(file, environment: environment, forWriting: true), settings: settings)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
