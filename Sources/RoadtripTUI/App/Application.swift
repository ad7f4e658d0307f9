import BackgroundWork
import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore
import Terminal

/// The composition root of the full-screen program: opens the data model, starts the terminal,
/// builds the first module, runs the loop, and on every way out saves and gives the terminal back.
@MainActor
package enum Application {
    /// What the refusal to start without a terminal says the program is, and what to use instead.
    package static let terminalPurpose = Terminal.Purpose(program: "the full-screen planner", advice: "use a subcommand such as `roadtrip list` in scripts")

    package struct Settings: Sendable {
        package var unit: DistanceUnit
        package var environment: [String: String]
        /// Whether clicks and the wheel act (`--no-mouse` leaves them to the terminal).
        package var mouse: Bool

        package init(unit: DistanceUnit, environment: [String: String], mouse: Bool = true) {
            self.unit = unit
            self.environment = environment
            self.mouse = mouse
        }
    }

    /// The modules' shared context; place search loads on first use.
    static func makeContext(model: DataModel, navigator: Navigator, settings: Settings) -> ModuleContext {
        let shelf = RegionShelf.standard(environment: settings.environment)
        let roadLegs = RoadLegs.onRegions(of: shelf, environment: settings.environment, runner: model.runner, changesOnDisk: model.changesOnDisk)
        return ModuleContext(
            model: model, navigator: navigator, unit: settings.unit, places: .library(environment: settings.environment),
            basemap: .basemap(environment: settings.environment), regions: shelf, roadLegs: roadLegs,
            environment: settings.environment)
    }

    /// Runs the TUI on an already loaded model. Returns the process exit status: 0, or 128 plus
    /// the number of the signal that ended it. What became of changes the data file could not
    /// take is said on standard error, naming the file that holds them.
    package static func run(model: DataModel, settings: Settings) throws -> Int32 {
        let terminal = try Terminal.start(environment: settings.environment, purpose: terminalPurpose)
        if let delay = settings.environment["ROADTRIP_AUTOSAVE_DELAY"].flatMap(TimeInterval.init), delay.isFinite, delay >= 0 {
            model.autosaveAfter = delay
        }
        // Off as well when the terminal has no mouse: the keys do everything anyway.
        if settings.mouse { terminal.enableMouse() }
        // Under an end-to-end test's gate, each frame says it is whole (see `Terminal.marksFrames`).
        terminal.marksFrames = TestGate(environment: settings.environment) != nil
        let navigator = Navigator(runner: model.runner)
        navigator.push(TripListAssembly.makeModule(context: makeContext(model: model, navigator: navigator, settings: settings)))
        if let reason = model.readOnlyReason {
            navigator.banner = .readOnlyBanner(reason)
        }
        let ending = MainLoop(terminal: terminal, navigator: navigator, model: model, environment: settings.environment).run()
        terminal.stop()
        switch ending {
        case .quit:
            model.closeJournal()
            return 0
        case .savedCopy(let url):
            model.dropJournal()
            warn("\(model.store.path) was not saved; your changes are in \(url.path) (open it with roadtrip --file).")
            return 0
        case .discarded:
            model.dropJournal()
            warn("\(model.store.path) was not saved; your unsaved changes were discarded, as asked.")
            return 0
        case .signal(let number):
            saveOrRescue(model, environment: settings.environment)
            model.closeJournal()
            return 128 + number
        case .readFailed:
            // The same error, said the same way, as when the file was read before the first frame.
            guard case .failed(let error)? = model.reading else { return 1 }
            throw error
        }
    }

    /// On a quit signal there is nobody to ask: save, and when the data file cannot be saved,
    /// write the changes to a recovery file and say where; when that cannot be written either
    /// (the trips are too large for any trips file), say where the journal keeps them.
    static func saveOrRescue(_ model: DataModel, environment: [String: String]) {
        guard model.hasUnsavedChanges else { return }
        do {
            try model.save()
        } catch {
            do {
                let copy = try model.saveRecoveryCopy(environment: environment)
                warn("\(error.problem) Your changes were written to \(copy.path) (open it with roadtrip --file).")
            } catch let copyError {
                let kept = model.journalHoldingTheChanges().map { " They are kept in \($0.path), which the next roadtrip on this file offers back." }
                warn("\(error.problem) Your changes could not be written elsewhere either: \(copyError.problem)\(kept ?? "")")
            }
        }
    }

    private static func warn(_ sentence: String) {
        FileHandle.standardError.write(Data("roadtrip: \(sentence)\n".utf8))
    }
}
