import Foundation
import OSMImport
@preconcurrency import OpenCombine
@testable import RoadtripCore
import RoadtripRegions
@testable import RoadtripStore
@testable import RoadtripTUI
import RoadtripTestSupport
import RoadtripUseCases

@MainActor
final class TripListViewSpy: TripListViewInput {
    var displayed: [TripListViewModel] = []
    var renamingText: String?
    var filteringText: String?
    var endEditingCount = 0
    var questions: [String] = []

    var last: TripListViewModel? { displayed.last }

    func display(_ viewModel: TripListViewModel) { displayed.append(viewModel) }
    func displayFigures(_ viewModel: TripListViewModel) { displayed.append(viewModel) }
    func beginRenaming(text: String) { renamingText = text }
    func beginFiltering(text: String) { filteringText = text }
    func endEditing() { endEditingCount += 1 }
    func askToConfirm(_ question: String) { questions.append(question) }
    var newTripNames: [String] = []
    var newTripErrors: [String] = []
    func beginNewTrip(name: String) { newTripNames.append(name) }
    func showNewTripError(_ text: String) { newTripErrors.append(text) }
    var importPaths: [String] = []
    var importErrors: [String] = []
    func beginImport(path: String) { importPaths.append(path) }
    func showImportError(_ text: String) { importErrors.append(text) }
}

@MainActor
final class TripListInteractorSpy: TripListInteractorInput {
    let subject: CurrentValueSubject<[Trip], Never>
    var renamed: [(Trip.ID, String)] = []
    var deleted: [Trip.ID] = []
    var saveError: DataFileError?

    let busy = BusyWork()
    var busyTitles: [String] { busy.titles }
    var cancelledMessages: [String] { busy.cancelledMessages }
    func runBusy(_ task: BusyTask) { busy.run(task) }

    init(trips: [Trip]) {
        subject = CurrentValueSubject(trips)
    }

    /// Each value as if nothing were known of the change: the presenter makes everything again.
    var trips: AnyPublisher<TripsUpdate, Never> { subject.map { TripsUpdate(trips: $0, change: nil) }.eraseToAnyPublisher() }

    var offeredName: String { Trip.unusedName(Trip.defaultName, among: subject.value.map(\.name)) }

    /// Refused as the use case refuses: when another trip has the name.
    private func refusal(of name: String, for change: NameInUse.Change, except id: Trip.ID? = nil) -> NameInUse? {
        let others = subject.value.filter { $0.id != id }.map(\.name)
        guard Trip.isNameInUse(name, among: others) else { return nil }
        return NameInUse(name: name, suggestion: Trip.unusedName(name, among: others), change: change)
    }

    func addTrip(named name: String) throws(NameInUse) -> Trip {
        if let refusal = refusal(of: name, for: .adding) { throw refusal }
        let trip = Trip(name: name)
        subject.value.insert(trip, at: 0)
        return trip
    }

    func renameTrip(id: Trip.ID, to name: String) throws(NameInUse) {
        if let refusal = refusal(of: name, for: .renaming, except: id) { throw refusal }
        renamed.append((id, name))
        if let index = subject.value.firstIndex(where: { $0.id == id }) { subject.value[index].name = name }
    }

    func deleteTrip(id: Trip.ID) {
        deleted.append(id)
        subject.value.removeAll { $0.id == id }
    }

    func duplicateTrip(id: Trip.ID) -> Trip? {
        guard let index = subject.value.firstIndex(where: { $0.id == id }) else { return nil }
        let copy = subject.value[index].duplicated()
        subject.value.insert(copy, at: index + 1)
        return copy
    }

    /// What an import gives: trips to add, or the error the reading ends with.
    var importResult: Result<(trips: [Trip], notes: [String]), ImportError> = .success(([], []))
    func importReader(for path: String) -> @Sendable () -> Result<[ImportedTrip], ImportError> {
        let result = importResult.map { _ in [ImportedTrip]() }
        return { result }
    }

    func addImported(_ imported: [ImportedTrip], from path: String) -> (trips: [Trip], notes: [String]) {
        guard case .success(let (trips, notes)) = importResult else { return ([], []) }
        subject.value.insert(contentsOf: trips, at: 0)
        return (trips, notes)
    }

    var reversed: [Trip.ID] = []
    func reverseStops(ofTrip id: Trip.ID) {
        reversed.append(id)
        if let index = subject.value.firstIndex(where: { $0.id == id }) { subject.value[index].reverseStops() }
    }

    /// The legs' figures known of each trip (none: no region has roads), and their news.
    var roads: [Trip.ID: [LegFigures]] = [:]
    let roadSubject = PassthroughSubject<Void, Never>()
    func knownLegs(of trip: Trip, estimate: RouteEstimate) -> [LegFigures] { roads[trip.id] ?? [] }
    var roadLegChanges: AnyPublisher<Void, Never> { roadSubject.eraseToAnyPublisher() }

    var undoDescription: String?
    var readOnlyReason: String?
    var isReadingFile = false
    func undo() -> String? { undoDescription }
    func redo() -> String? { nil }

    func save() throws(DataFileError) -> String {
        if let saveError { throw saveError }
        return "/data/trips.json"
    }
}

@MainActor
final class TripListRouterSpy: TripListRouterInput {
    enum Navigation: Equatable {
        case trip(Trip.ID)
        case regions
        case help
        case quit
    }

    var navigations: [Navigation] = []

    func openTrip(id: Trip.ID) { navigations.append(.trip(id)) }
    func openRegions(output: RegionsModuleOutput) { navigations.append(.regions) }
    func openHelp() { navigations.append(.help) }
    func closeApp() { navigations.append(.quit) }
}

/// Records the intents a view reports.
@MainActor
final class TripListPresenterSpy: TripListViewOutput {
    var intents: [String] = []
    /// Set by `answerSelections`; nil, a selection is recorded and not answered.
    private var answer: ((Int) -> Void)?

    /// Answers each selection as the presenter does: `view` is shown `viewModel` with that row selected.
    func answerSelections(in view: TripListViewInput, showing viewModel: TripListViewModel) {
        answer = selectionAnswer(showing: viewModel, row: \.selectedRow) { [weak view] in view?.display($0) }
    }

    func didLoad() { intents.append("load") }
    func didSelect(row: Int) {
        intents.append("select \(row)")
        answer?(row)
    }
    func didPressAdd() { intents.append("add") }
    func didSubmitNewTrip(name: String) { intents.append("submit new trip \(name)") }
    func didPressRename() { intents.append("rename") }
    func didSubmitRename(_ name: String) { intents.append("submit rename \(name)") }
    func didReachNameLengthLimit() { intents.append("name full") }
    func didCancelEditing() { intents.append("cancel editing") }
    func didRequestQuit(renamingTo name: String, _ request: QuitRequest) -> Bool {
        intents.append("quit \(request) renaming \(name)")
        return true
    }
    func didRequestQuit(addingTripNamed name: String, _ request: QuitRequest) -> Bool {
        intents.append("quit \(request) adding \(name)")
        return true
    }
    func didRequestQuit(importing path: String, _ request: QuitRequest) -> Bool {
        intents.append("quit \(request) importing \(path)")
        return true
    }
    func didPressDelete() { intents.append("delete") }
    func didAnswerDelete(_ confirmed: Bool) { intents.append("answer \(confirmed)") }
    func didPressFilter() { intents.append("filter") }
    func didChangeFilter(_ text: String) { intents.append("filter \(text)") }
    func didSubmitFilter() { intents.append("submit filter") }
    func didCancelFilter() { intents.append("cancel filter") }
    func didPressClearFilter() { intents.append("clear filter") }
    func didPressNextMatch() { intents.append("next match") }
    func didPressPreviousMatch() { intents.append("previous match") }
    func didPressOpen() { intents.append("open") }
    func didPressDuplicate() { intents.append("duplicate") }
    func didPressReverse() { intents.append("reverse") }
    func didPressSort() { intents.append("sort") }
    func didPressImport() { intents.append("import") }
    func didSubmitImport(path: String) { intents.append("submit import \(path)") }
    func didPressRegions() { intents.append("regions") }
    func didPressUndo() { intents.append("undo") }
    func didPressRedo() { intents.append("redo") }
    func didPressSave() { intents.append("save") }
    func didPressHelp() { intents.append("help") }
    func didPressQuit() { intents.append("quit") }
}
