import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The journal of unsaved changes (issue 21): written at once after a change, gone once saved,
/// offered back when a planner ended without saving, never written through a link. Issue 34: it
/// notes the file it started from, a restore applies only its own changes to the file as it is
/// now, and a journal of a newer roadtrip is left alone.
@MainActor
@Suite struct TripJournalTests {
    let directory: TemporaryDirectory
    var url: URL { directory.file("trips.json") }
    var journal: URL { TripJournal.url(for: url) }

    init() throws {
        directory = try TemporaryDirectory()
    }

    func open(seed: [Trip] = Fixtures.trips) throws -> DataModel {
        let model = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
        try model.load { seed }
        return model
    }

    /// The journal beside the file, when it reads.
    func entry() -> TripJournal.Entry? {
        guard case .entry(let entry)? = TripJournal.find(for: url) else { return nil }
        return entry
    }

    /// What a model that took the lock found pending, when it can be restored.
    func restore(_ model: DataModel) -> JournalRestore? {
        guard case .restorable(let restore)? = model.pendingJournal else { return nil }
        return restore
    }

    /// A planner that makes `changes` and "crashes" once its journal is written: nothing saved.
    private func crashAfter(_ changes: (DataModel) -> Void) throws {
        let planner = try open()
        changes(planner)
        planner.keepJournal()
        planner.manualRunner.runAll()
        #expect(entry() != nil)
    }

    /// A planner on the file (as a first run writes it) that finds `text` in the journal's place.
    func plannerFinding(journal text: String) throws -> DataModel {
        _ = try open() // the file; the lock goes with the model
        _ = try directory.write(text, to: journal.lastPathComponent)
        return try open()
    }

    /// A command that changes the file (as `TripEdit` does: the lock, the change, a save).
    func command(_ change: (DataModel) -> Void) throws {
        let command = DataModel(store: TripFileStore(url: url), runner: ManualRunner())
        try command.load(seed: nil)
        change(command)
        try command.save()
    }

    private func renamed(_ trip: Trip, _ name: String) -> Trip {
        var copy = trip
        copy.name = name
        return copy
    }

    @Test func aChangeIsJournaledAtOnceAndTheJournalGoesOnceSaved() throws {
        let model = try open()
        model.addTrip(Trip(name: "Unsaved"))
        model.keepJournal()
        #expect(model.manualRunner.queuedNames == ["journal"] && TripJournal.find(for: url) == nil)
        model.closeJournal() // runs the write on its way; the change is not saved, so it stays
        #expect(entry()?.trips(onto: Fixtures.trips).first?.name == "Unsaved")
        try model.save()
        model.keepJournal()
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func theNextPlannerIsOfferedTheJournalAndRestoresItAsOneChange() throws {
        try crashAfter { $0.addTrip(Trip(name: "Unsaved")) }
        let second = try open()
        let offered = try #require(restore(second))
        #expect(!offered.fileChangedSince && offered.changes == [.added("Unsaved")])
        second.restoreJournal()
        #expect(second.trips.first?.name == "Unsaved")
        #expect(second.undo() != nil)
        #expect(second.trips.first?.name != "Unsaved")
    }

    @Test func aJournalThatSaysNothingNewIsRemovedSilently() throws {
        _ = try open() // the file, as a first run writes it; the lock goes with the model
        try TripFileStore(url: journal).write(TripFile(trips: Fixtures.trips)) // a journal as issue 21 wrote them
        let model = try open()
        #expect(model.pendingJournal == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func aLinkInTheJournalsPlaceIsNeverWrittenThrough() throws {
        let victim = try directory.write("precious", to: "victim.txt")
        #expect(symlink(victim.path, journal.path) == 0)
        #expect(throws: DataFileError.self) { _ = try JournalTail.start(base: nil, baseTrips: [], trips: [], for: url) }
        TripJournal.remove(for: url)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(FileManager.default.fileExists(atPath: journal.path)) // the link is left alone too
    }

    // MARK: Issue 34, item 2: a restore never undoes what changed the file after the crash

    @Test func aRestoreAppliesOnlyItsOwnChangesOntoLaterCommandLineEdits() throws {
        // The issue's case: a rename in the planner, killed; then rename, add-stop and delete
        // from the command line; then the next planner restores.
        try crashAfter { $0.renameTrip(id: Fixtures.pacific.id, to: "Planner Edit") }
        try command { $0.renameTrip(id: Fixtures.alps.id, to: "CLIEdit") }
        try command { model in
            model.updateTrip(id: Fixtures.alps.id, "add a stop") { $0.stops.append(Stop(name: "Joplin", location: Fixtures.monterey)) }
        }
        try command { $0.deleteTrip(id: Fixtures.empty.id) }
        try command { $0.addTrip(Trip(name: "From a script")) }

        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(offered.fileChangedSince && offered.knewItsFile)
        #expect(offered.changes == [.renamed(from: "Pacific Drive", to: "Planner Edit")])
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["From a script", "Planner Edit", "CLIEdit"])
        #expect(planner.trip(id: Fixtures.alps.id)?.stops.last?.name == "Joplin")
    }

    @Test func aTripDeletedByACommandStaysDeletedUnlessTheJournalChangedIt() throws {
        try crashAfter { $0.renameTrip(id: Fixtures.pacific.id, to: "Planner Edit") }
        try command { $0.deleteTrip(id: Fixtures.alps.id) }
        try command { $0.deleteTrip(id: Fixtures.pacific.id) }
        let planner = try open()
        planner.restoreJournal()
        // A delete never silently eats an edit: the trip the journal renamed comes back.
        #expect(planner.trips.map(\.name) == ["Someday", "Planner Edit"])
    }

    @Test func aTripBothChangedIsKeptTwiceAndTheQuestionNamesIt() throws {
        try crashAfter { $0.renameTrip(id: Fixtures.alps.id, to: "Planner Alps") }
        try command { $0.renameTrip(id: Fixtures.alps.id, to: "Command Alps") }
        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(offered.conflicts == ["\(TripText.quoted("Planner Alps")) was changed on both sides: both versions are kept."])
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["Pacific Drive", "Planner Alps", "Command Alps (other copy)", "Someday"])
    }

    @Test func theJournalsChangesAreToldTripByTrip() throws {
        try crashAfter { model in
            model.addTrip(Trip(name: "New One"))
            model.deleteTrip(id: Fixtures.empty.id)
            model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
            model.updateTrip(id: Fixtures.alps.id, "rename and move") { trip in
                trip.name = "Alps"
                trip.stops.reverse()
            }
        }
        let offered = try #require(restore(try open()))
        #expect(
            offered.changes == [
                .added("New One"), .renamed(from: "Pacific Drive", to: "Coast"),
                .changed("Alps", formerName: "Alpine Loop"), .deleted("Someday"),
            ])
    }

    @Test func aJournalWhoseChangesTheFileHasIsRemovedEvenAfterLaterEdits() throws {
        // Saved, then killed before the journal went; then a command changed another trip.
        do {
            let planner = try open()
            planner.renameTrip(id: Fixtures.pacific.id, to: "Saved")
            planner.keepJournal()
            planner.manualRunner.runAll()
            try planner.save()
        }
        try command { $0.renameTrip(id: Fixtures.alps.id, to: "CLIEdit") }
        let next = try open()
        #expect(next.pendingJournal == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func aJournalWrittenBeforeASaveIsWrittenAgainOnTheSavedFile() throws {
        // The autosave of a first change lands while a second one is unsaved: the journal must
        // not keep the old file as its base, or a restore would take the planner's own save for
        // another program's change to the same trip (and keep the trip twice).
        do {
            let planner = try open()
            planner.autosaveAfter = 0
            planner.renameTrip(id: Fixtures.pacific.id, to: "P")
            try planner.autosave() // starts saving "P" off the loop
            planner.renameTrip(id: Fixtures.pacific.id, to: "Pa")
            planner.keepJournal() // "Pa", on the file before the save
            planner.manualRunner.runAll()
            #expect(try planner.autosave() == .saved)
            planner.keepJournal() // "Pa" again, on the file as saved
            planner.manualRunner.runAll()
        } // killed here: the next planner finds the journal's base is the file as saved
        let next = try open()
        let offered = try #require(restore(next))
        #expect(!offered.fileChangedSince && offered.conflicts.isEmpty)
        next.restoreJournal()
        #expect(next.trips.map(\.name) == ["Pa", "Alpine Loop", "Someday"])
    }

    @Test func aJournalOfAnOlderRoadtripGetsTheFileNotedBeforeACommandChangesIt() throws {
        _ = try open() // the file, as a first run writes it; the lock goes with the model
        // Issue 21's journal: the trips alone, with one added.
        try TripFileStore(url: journal).write(TripFile(trips: [Trip(name: "Unsaved")] + Fixtures.trips))
        try command { model in
            #expect(throws: Never.self) { try model.noteTheFileInAnOlderJournal() }
            model.renameTrip(id: Fixtures.alps.id, to: "CLIEdit")
        }
        #expect(entry()?.base != nil)
        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(offered.knewItsFile && offered.fileChangedSince && offered.changes == [.added("Unsaved")])
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["Unsaved", "Pacific Drive", "CLIEdit", "Someday"])
    }

    @Test func aJournalOfAnOlderRoadtripIsOfferedAsItsTripsWhole() throws {
        _ = try open() // the file, as a first run writes it; the lock goes with the model
        try TripFileStore(url: journal).write(TripFile(trips: [Fixtures.alps]))
        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(!offered.knewItsFile && !offered.fileChangedSince)
        #expect(offered.changes == [.deleted("Pacific Drive"), .deleted("Someday")])
        planner.restoreJournal()
        #expect(planner.trips == [Fixtures.alps])
    }

    @Test func noSetAsideLeavesTheJournalsTripsInACopyTheProgramOpens() throws {
        try crashAfter { $0.addTrip(Trip(name: "Unsaved")) }
        let planner = try open()
        let copy = try planner.setJournalAside()
        #expect(try TripFileStore(url: copy).read()?.trips.first?.name == "Unsaved")
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(planner.pendingJournal == nil)
    }

    // MARK: Issue 34, item 17: a journal of a newer roadtrip is left alone

    @Test(arguments: [
        "{\"journal\":4,\"records\":[]}\n{}",
        "{\n  \"trips\" : [],\n  \"version\" : 2\n}\n",
        "{\"base\":{\"added\":[],\"changed\":[],\"file\":null},\"journal\":2}\n{\n  \"trips\" : [],\n  \"version\" : 2\n}\n",
    ])
    func aJournalOfANewerRoadtripIsNeverOfferedRestoredRemovedNorWrittenOver(_ text: String) throws {
        let planner = try plannerFinding(journal: text)
        guard case .newer(let newer)? = planner.pendingJournal else {
            Issue.record("the newer journal was taken for \(String(describing: planner.pendingJournal))")
            return
        }
        #expect(newer.reason.contains("newer roadtrip"))
        planner.restoreJournal()
        #expect(throws: DataFileError.self) { try planner.setJournalAside() }
        planner.addTrip(Trip(name: "Unsaved"))
        planner.keepJournal()
        planner.manualRunner.runAll()
        try planner.save()
        planner.keepJournal()
        planner.closeJournal()
        planner.dropJournal()
        #expect(try String(contentsOf: journal, encoding: .utf8) == text)
        #expect(try TripFileStore(url: url).read()?.trips.map(\.name) == ["Unsaved", "Pacific Drive", "Alpine Loop", "Someday"])
    }

    @Test func aCommandLeavesANewerJournalAsItIs() throws {
        _ = try open() // the file, as a first run writes it; the lock goes with the model
        let text = "{\"journal\":4}\n"
        _ = try directory.write(text, to: journal.lastPathComponent)
        try command { model in
            #expect(throws: Never.self) { try model.noteTheFileInAnOlderJournal() }
            model.renameTrip(id: Fixtures.alps.id, to: "CLIEdit")
        }
        #expect(try String(contentsOf: journal, encoding: .utf8) == text)
    }

    // MARK: Issue 52: a journal too large to read, and a restore too large to save

    /// Item d: a journal over the largest file read was taken for none, so the planner offered
    /// nothing, said nothing, and wrote its own journal over it.
    @Test func aJournalTooLargeToReadIsSaidWithItsSizeAndLeftAlone() throws {
        _ = try open() // the file; the lock goes with the model
        _ = try directory.write("{\"journal\":3}\n", to: journal.lastPathComponent)
        let bytes = TripFileStore.maximumBytes + 1
        let handle = try FileHandle(forWritingTo: journal)
        try handle.truncate(atOffset: UInt64(bytes)) // sparse: no disk is used
        try handle.close()

        guard case .tooLarge(let found)? = TripJournal.find(for: url) else {
            Issue.record("the journal was taken for \(String(describing: TripJournal.find(for: url)))")
            return
        }
        #expect(found == TripJournal.TooLarge(url: journal, bytes: bytes, limit: TripFileStore.maximumBytes))
        #expect(
            found.reason == "is \(TripFileStore.sizeText(bytes)), more than the \(TripFileStore.sizeText(TripFileStore.maximumBytes)) roadtrip reads, "
                + "so its changes cannot be offered back")

        let planner = try open()
        guard case .tooLarge? = planner.pendingJournal else {
            Issue.record("the planner found \(String(describing: planner.pendingJournal))")
            return
        }
        planner.restoreJournal()
        #expect(throws: DataFileError.self) { try planner.setJournalAside() }
        planner.addTrip(Trip(name: "Unsaved"))
        planner.keepJournal()
        #expect(planner.manualRunner.queuedNames.isEmpty, "no journal written over it")
        try planner.save()
        planner.closeJournal()
        planner.dropJournal()
        #expect((try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int) == bytes)
    }

    /// Item 12: restoring a journal whose trips the file cannot take for their size keeps them in
    /// memory, unsaved, as any change that would make the file too large.
    @Test func aRestoreTooLargeToSaveIsKeptUnsaved() throws {
        try crashAfter { $0.addTrip(Trip(name: "Long", stops: (0..<100).map { Stop(name: "Stop \($0)", location: Coordinate(latitude: 45, longitude: 1)) })) }
        let before = try Data(contentsOf: url)
        let planner = DataModel(store: TripFileStore(url: url, byteLimit: before.count + 1000), runner: ManualRunner())
        try planner.load(seed: nil)
        planner.restoreJournal()
        #expect(planner.trips.first?.name == "Long")
        #expect { try planner.save() } throws: { "\($0)".contains("a trips file may be at most") }
        #expect(planner.hasUnsavedChanges)
        #expect(try Data(contentsOf: url) == before)
    }

    // MARK: A planner that takes the journal over

    @Test func aPlannerThatTakesTheJournalOverFindsTheOneOfThePlannerThatDied() throws {
        var first: DataModel? = try open()
        let second = try open() // a full writer, but the first keeps the journal
        #expect(!second.isReadOnly && second.pendingJournal == nil)
        first?.addTrip(Trip(name: "Unsaved"))
        first?.keepJournal()
        first?.manualRunner.runAll()
        first = nil // dies without saving
        #expect(second.takeOverJournal())
        #expect(restore(second)?.changes == [.added("Unsaved")])
        second.addTrip(Trip(name: "Own change"))
        second.keepJournal() // never over the journal still pending
        #expect(second.manualRunner.queuedNames.isEmpty)
    }
}
