import Foundation
import Terminal

/// The composition root of the full-screen program: opens the data model, starts the terminal,
/// builds the first module, runs the loop, and on every way out saves and gives the terminal back.
@MainActor
public enum Application {
    public struct Settings: Sendable {
        public var unit: DistanceUnit
        public var environment: [String: String]

        public init(unit: DistanceUnit, environment: [String: String]) {
            self.unit = unit
            self.environment = environment
        }
    }

    /// The modules' shared context; place search loads on first use.
    static func makeContext(model: DataModel, navigator: Navigator, settings: Settings) -> ModuleContext {
        ModuleContext(model: model, navigator: navigator, unit: settings.unit, places: .gazetteer(environment: settings.environment),
                      basemap: .basemap(environment: settings.environment))
    }

    /// Runs the TUI on an already loaded model. Returns the process exit status: 0, or 128 plus
    /// the number of the signal that ended it.
    public static func run(model: DataModel, settings: Settings) throws -> Int32 {
        let terminal = try Terminal.start(environment: settings.environment)
        let navigator = Navigator()
        navigator.push(TripListRouter.makeModule(context: makeContext(model: model, navigator: navigator, settings: settings)))
        if let reason = model.readOnlyReason {
            navigator.banner = .error("Read-only: \(reason); changes are off.")
        }
        let signal = MainLoop(terminal: terminal, navigator: navigator, model: model).run()
        terminal.stop()
        if model.hasUnsavedChanges { try model.save() }
        return signal.map { 128 + $0 } ?? 0
    }
}
