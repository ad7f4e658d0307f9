import Foundation
import RoadtripCore
import ScreenModels

/// Owns the editor's state (what is typed, what was found, which result is chosen) and makes the
/// stop when the user confirms.
@MainActor
final class WaypointPresenter: WaypointViewOutput {
    /// What Enter would use: a found place, a typed point, or (editing) the stop's own place.
    struct Choice: Equatable {
        let name: String
        let coordinate: Coordinate
        let region: String?
        let country: String?
        let isCurrentPlace: Bool
    }

    weak var view: WaypointViewInput?
    weak var output: WaypointModuleOutput?
    private let mode: WaypointEditorMode
    private let interactor: WaypointInteractorInput
    private let router: WaypointRouterInput
    private let unit: DistanceUnit
    /// Where the stop sits in its trip: asked once, as the editor opens (`WaypointPlacement`).
    private let placement: WaypointPlacement

    private var lookup = PlaceFinder.Lookup.empty
    private var choices: [Choice] = []
    /// For each choice far out of line with the trip, how far and from which stop: asked when the
    /// choices change, not again for every key typed in the other fields.
    private var outOfLine: [String?] = []
    /// The chosen result. Its one owner: the view draws it from the view model and asks to change it.
    private var selected = 0
    /// The Place field as typed (empty: nothing typed there).
    private var place = ""
    private var name = ""
    private var notes = ""
    private var stay = ""
    private var overnight = false
    /// Name, notes, stay and night as the editor opened with them: a quit keeps the stop only
    /// when something was typed since.
    private var opening = Fields()

    private struct Fields: Equatable {
        var name = "", notes = "", stay = "", overnight = false
    }
    private var message: StatusMessage?
    /// Whether the status bar says the name was cut: said once, not again for every key of a paste.
    private var isShowingNameCut = false
    /// The edited stop's name is its place's own (not one the user gave it): while the name is not
    /// typed over, it follows a new place chosen (issue 38: "Engolasters" kept for the lake).
    private var nameIsThePlaces = false

    init(mode: WaypointEditorMode, interactor: WaypointInteractorInput, router: WaypointRouterInput, unit: DistanceUnit) {
        self.mode = mode
        self.interactor = interactor
        self.router = router
        self.unit = unit
        self.placement = interactor.placement(for: mode)
    }

    private var editedStop: Stop? { placement.editedStop }

    // MARK: WaypointViewOutput

    func didLoad() {
        switch interactor.basemap() {
        case .success(let basemap): view?.showBasemap(basemap)
        case .failure(let error): message = .basemapFailed(error)
        }
        if let stop = editedStop {
            name = stop.name
            nameIsThePlaces = interactor.isOwnName(stop.name, at: stop.location)
            notes = stop.notes ?? ""
            stay = StayText.text(stop.stay)
            overnight = stop.overnight
        }
        opening = Fields(name: name, notes: notes, stay: stay, overnight: overnight)
        view?.fill(place: "", name: name, notes: notes, stay: stay, overnight: overnight)
        updateChoices()
    }

    func didChangePlace(_ text: String) {
        place = text
        lookup = interactor.lookUp(text, near: placement.searchContext)
        if let problem = interactor.searchProblem() { message = .error(problem) }
        selected = 0
        updateChoices()
    }

    func didChangeName(_ text: String) {
        name = text
        refresh()
    }

    func didReachNameLengthLimit() {
        guard !isShowingNameCut else { return }
        message = .nameCut
        refresh()
    }

    func didChangeNotes(_ text: String) {
        notes = text
        refresh()
    }

    func didChangeStay(_ text: String) {
        stay = text
        refresh()
    }

    func didChangeOvernight(_ overnight: Bool) {
        self.overnight = overnight
        refresh()
    }

    func didSelectResult(_ row: Int) {
        guard choices.indices.contains(row) else { return }
        selected = row
        refresh()
    }

    func didPressConfirm() {
        switch madeStop(keepingWhatIsValid: false) {
        case .success(let made): save(made)
        case .failure(let refusal):
            message = .error(refusal.sentence)
            refresh()
        }
    }

    /// A quit signal came while the editor is open: what is typed is kept as Enter would keep it,
    /// and saved. When it cannot be (no place chosen, a stay that is not one), a first Ctrl-C
    /// (`QuitRequest.asking`) keeps the editor open and says why; insisting, the stop is made
    /// with what is valid: its place as it was when the Place typed finds none, its stay as it
    /// was when the stay typed is not one; a new stop without a place is not made.
    func didRequestQuit(_ request: QuitRequest) -> Bool {
        guard !place.isEmpty || Fields(name: name, notes: notes, stay: stay, overnight: overnight) != opening else { return true }
        switch madeStop(keepingWhatIsValid: !request.mayStayOpen) {
        case .success(let made):
            save(made)
            return true
        case .failure(let refusal):
            guard request.mayStayOpen else { return true }
            message = .error(refusal.quitSentence)
            refresh()
            return false
        }
    }

    /// Why what is typed makes no stop yet.
    private enum Refusal: Error {
        case noPlace
        case stay(String)

        var sentence: String {
            switch self {
            case .noPlace: return "Choose a place from the list, or type coordinates such as “36.6002, -121.8947”."
            case .stay(let problem): return problem
            }
        }

        /// Why a first Ctrl-C did not quit, and what a second does, said first: the status bar
        /// shows a line, cut at the screen's edge.
        var quitSentence: String {
            switch self {
            case .noPlace: return "Not quit: choose a place for this stop; Esc or Ctrl-C again drops it."
            case .stay: return "Not quit: the stay is not one (“2 h”, “1 night”). Ctrl-C again keeps the stop, not the stay."
            }
        }
    }

    /// The stop what is typed makes, and its name; `keepingWhatIsValid`: a Place that finds nothing
    /// keeps an edited stop's place, a stay that is not one keeps the stop's stay (none for a new one).
    private func madeStop(keepingWhatIsValid: Bool) -> Result<Stop, Refusal> {
        let keptPlace = keepingWhatIsValid ? Self.choices(for: .empty, editing: editedStop).first : nil
        guard let choice = choices.indices.contains(selected) ? choices[selected] : keptPlace else { return .failure(.noPlace) }
        let plannedStay: Stay?
        do {
            plannedStay = try StayText.parse(stay)
        } catch {
            guard keepingWhatIsValid else { return .failure(.stay(error.description)) }
            plannedStay = currentStop?.stay
        }
        let typedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let follows = !choice.isCurrentPlace && nameIsThePlaces && typedName == editedStop?.name
        let stopName = typedName.isEmpty || follows ? choice.name : typedName
        let trimmedNotes = notes.trimmingCharacters(in: .whitespacesAndNewlines)
        var stop = currentStop ?? Stop(name: stopName, location: choice.coordinate)
        stop.name = stopName
        stop.notes = trimmedNotes.isEmpty ? nil : trimmedNotes
        stop.stay = plannedStay
        stop.overnight = overnight
        if !choice.isCurrentPlace {
            stop.location = choice.coordinate
            stop.region = choice.region
            stop.country = choice.country
        }
        return .success(stop)
    }

    /// Adds or updates the stop, tells the trip, and closes the editor.
    private func save(_ stop: Stop) {
        switch mode {
        case .add(let index):
            interactor.insertStop(stop, at: index)
            output?.waypointEditorDidSave(stopID: stop.id, summary: "Added “\(stop.name)”.")
        case .edit:
            interactor.updateStop(stop)
            output?.waypointEditorDidSave(stopID: stop.id, summary: "Updated “\(stop.name)”.")
        }
        router.closeEditor()
    }

    /// The edited stop as the trip has it at Enter (`WaypointInteractorInput.stop(id:)`).
    private var currentStop: Stop? {
        if case .edit(let id) = mode { return interactor.stop(id: id) }
        return nil
    }

    func didPressCancel() {
        router.closeEditor()
    }

    func didPressHelp() {
        router.openHelp()
    }

    // MARK: State

    private func updateChoices() {
        choices = Self.choices(for: lookup, editing: editedStop, unit: unit)
        outOfLine = choices.map { choice in
            choice.isCurrentPlace ? nil : interactor.outOfLine(choice.coordinate, for: mode).map { "\(unit.format(meters: $0.meters)) from \($0.neighbour)" }
        }
        selected = min(selected, max(0, choices.count - 1))
        refresh()
    }

    private func refresh() {
        let previous = placement.previousStop
        let chosen = choices.indices.contains(selected) ? choices[selected] : nil
        var viewModel = Self.makeViewModel(lookup: lookup, choices: choices, selected: selected, unit: unit, outOfLine: outOfLine)
        viewModel.title = title
        viewModel.preview =
            chosen.map { choice in
                let distance = previous.map { interactor.distance(from: $0.location, to: choice.coordinate) }
                return Self.preview(of: choice, previousStop: previous?.name, distance: distance, unit: unit)
            } ?? []
        viewModel.message = message
        viewModel.mapStop = chosen.map { MapStop(coordinate: $0.coordinate, number: placement.stopNumber, name: $0.name) }
        viewModel.unit = unit
        view?.display(viewModel)
        isShowingNameCut = message == StatusMessage.nameCut
        message = nil
    }

    private var title: String {
        switch mode {
        case .add(let index):
            let tripName = placement.tripName
            return placement.previousStop.map { "Add a stop after “\($0.name)” — \(tripName)" }
                ?? (index == 0 ? "Add the first stop — \(tripName)" : "Add a stop — \(tripName)")
        case .edit:
            return "Edit “\(editedStop?.name ?? "")” — \(placement.tripName)"
        }
    }

    // MARK: Mapping (pure)

    /// The choices a lookup offers; when editing, the stop's own place comes first until the user
    /// types something else.
    /// `unit`: the distance in the name of a point typed as coordinates ("48 km SW of Beatty, NV").
    nonisolated static func choices(for lookup: PlaceFinder.Lookup, editing stop: Stop?, unit: DistanceUnit = .km) -> [Choice] {
        switch lookup {
        case .places(let places):
            return places.map { place in
                Choice(
                    name: place.name, coordinate: place.coordinate, region: place.admin1.isEmpty ? nil : place.admin1,
                    country: place.country.isEmpty ? nil : place.country, isCurrentPlace: false)
            }
        case .coordinate(let point):
            return [Choice(name: point.name(unit: unit), coordinate: point.coordinate, region: point.region, country: point.country, isCurrentPlace: false)]
        case .empty:
            guard let stop else { return [] }
            return [Choice(name: stop.name, coordinate: stop.location, region: stop.region, country: stop.country, isCurrentPlace: true)]
        case .invalidCoordinates, .searchUnavailable:
            return []
        }
    }

    /// `outOfLine`, one per choice (or none): for a choice far out of line with the trip, what the
    /// result line says instead of the population ("5,816 km from Fort William"), so the wrong
    /// Glencoe is seen before Enter.
    nonisolated static func makeViewModel(
        lookup: PlaceFinder.Lookup, choices: [Choice], selected: Int, unit: DistanceUnit,
        outOfLine: [String?] = []
    ) -> WaypointViewModel {
        var viewModel = WaypointViewModel()
        viewModel.results = zip(choices.indices, resultDetails(for: lookup, choices: choices)).map { index, detail in
            let choice = choices[index]
            let warning = choice.isCurrentPlace || !outOfLine.indices.contains(index) ? nil : outOfLine[index]
            return WaypointViewModel.Result(
                title: choice.isCurrentPlace ? "Keep “\(choice.name)”" : resultTitle(choice, lookup: lookup), detail: detail.detail,
                trailing: warning ?? detail.trailing, shorterDetails: detail.shorter, isOutOfLine: warning != nil)
        }
        viewModel.selectedResult = choices.isEmpty ? nil : selected
        viewModel.namePlaceholder = choices.indices.contains(selected) ? "(\(choices[selected].name), the place's name)" : ""
        switch lookup {
        case .empty where choices.isEmpty:
            viewModel.resultsNote = "Type a place name (“monterey”, “Paris, TX”) or coordinates (“36.6002, -121.8947”)."
        case .places(let places) where places.isEmpty:
            viewModel.resultsNote = "No place matches. Check the spelling, or type coordinates."
        case .invalidCoordinates(let reason):
            viewModel.resultsNote = reason
            viewModel.resultsNoteIsError = true
        case .searchUnavailable(let reason):
            viewModel.resultsNote = "Place search is unavailable (\(reason)). Coordinates still work."
            viewModel.resultsNoteIsError = true
        default:
            break
        }
        return viewModel
    }

    private nonisolated static func resultTitle(_ choice: Choice, lookup: PlaceFinder.Lookup) -> String {
        if case .coordinate(let point) = lookup { return point.coordinate.formatted }
        return choice.name
    }

    /// What each result is, with its region and country ("village, Highland, GB"), and its
    /// population or elevation. A narrow column drops what the place is before its region
    /// ("British Columbia", not "town, CA": Canada or California?), and a result whose name
    /// another result shares keeps its region in every form (`SameNames`): "Scotland" and
    /// "Newfoundland and Labrador" tell two Fort Williams apart where "GB" and "CA" may not.
    /// A region's place with details shows them where there is room, before the region is
    /// shortened: "fuel station · BP · 24/7, Encamp, Andorra".
    private nonisolated static func resultDetails(for lookup: PlaceFinder.Lookup, choices: [Choice]) -> [(detail: String, trailing: String, shorter: [String])]
    {
        switch lookup {
        case .places(let places):
            return zip(places, SameNames.repeated(places.map(\.name))).map { place, isRepeated in
                let kind = place.kindText
                let all = PlaceLabel.forms(region: place.admin1, country: place.country, countryCode: place.countryCode)
                let regions = PlaceLabel.formsNamingTheRegion(region: place.admin1, country: place.country, countryCode: place.countryCode)
                let withoutRegion = isRepeated ? [] : all.filter { !regions.contains($0) }.map { "\(kind), \($0)" } + [kind]
                let details = place.details.map { $0.summary(besides: place.name) } ?? ""
                let described = details.isEmpty ? [] : regions.map { "\(kind) · \(details), \($0)" }
                let forms = described + regions.map { "\(kind), \($0)" } + regions + withoutRegion
                let trailing = place.population > 0 ? "pop. \(DistanceUnit.grouped(place.population))" : ""
                return (forms.first ?? "", trailing, Array(forms.dropFirst()))
            }
        case .coordinate(let point):
            return [(choices.first?.name ?? "", point.nearest == nil ? "" : "nearest place", [])]
        default:
            return choices.map { ($0.coordinate.formatted, "current place", []) }
        }
    }

    /// "Monterey — California, United States" and "36.6002° N, 121.8947° W · 32.1 km from Cambria".
    nonisolated static func preview(of choice: Choice, previousStop: String?, distance: Double?, unit: DistanceUnit) -> [String] {
        let region = [choice.region, choice.country].compactMap { $0 }.joined(separator: ", ")
        let first = region.isEmpty ? choice.name : "\(choice.name) — \(region)"
        var second = choice.coordinate.formatted
        if let previousStop, let distance {
            second += " · \(unit.format(meters: distance)) from \(previousStop)"
        } else {
            second += " · first stop"
        }
        return [first, second]
    }
}
