import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripStore

/// What every module's assembly needs to build its module, and its router to open the next ones:
/// the shared model, the navigation stack, the units, and the resources that load on first use.
@MainActor
struct ModuleContext {
    let model: DataModel
    let navigator: Navigator
    let unit: DistanceUnit
    let places: PlaceIndexProvider
    let basemap: BasemapProvider
    /// The added regions (nil: none here, as in most tests).
    let regions: RegionShelf?
    /// The road figures of legs, routed off the main loop (`.none`: every leg an estimate).
    let roadLegs: RoadLegs
    /// The program's environment: $DISPLAY for opening links, roadtrip's folders and $XDG_DOCUMENTS_DIR for exports.
    let environment: [String: String]
    /// The folder the planner was started in: where exports go unless the user chose another.
    let workingDirectory: String
    /// What the user chose earlier in this session, shared by every screen built from this context.
    let choices: SessionChoices

    init(
        model: DataModel, navigator: Navigator, unit: DistanceUnit, places: PlaceIndexProvider, basemap: BasemapProvider = .unavailable,
        regions: RegionShelf? = nil, roadLegs: RoadLegs = .none, environment: [String: String] = [:],
        workingDirectory: String = FileManager.default.currentDirectoryPath, choices: SessionChoices = SessionChoices()
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.choices = choices
        self.regions = regions
        self.roadLegs = roadLegs
        self.model = model
        self.navigator = navigator
        self.unit = unit
        self.places = places
        self.basemap = basemap
    }

    /// The work interactors ask of the program: busy tasks, the clipboard, the browser.
    var services: ProgramServices { ProgramServices(navigator: navigator, environment: environment) }
}

extension LazyResource where Value == any BasemapProviding {
    /// The basemap for a map panel: nil when none was meant to be there (`unavailable`), the
    /// load's error when one was and could not be read (for the status bar to say so).
    var forMap: Result<(any BasemapProviding)?, any Error> {
        switch value {
        case .success(let basemap): return .success(basemap)
        case .failure(let error) where error is BasemapUnavailable: return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }
}
