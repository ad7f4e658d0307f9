import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Issue 41, item 1: the journal records each change (the trips that changed, not the file),
/// appended to it and flushed, and a restore replays the changes onto the file they were made to,
/// or applies only them to a file changed since. Hostile journals (cut short, garbage, of another
/// file, of a newer roadtrip, a link or a folder in its place) are read or left alone safely.
extension TripJournalTests {
    /// A trip of 2,000 stops: what a change of one stop must not write whole each time.
    static let long = Trip(
        id: Fixtures.uuid(9), name: "Long",
        stops: (0..<2_000).map { index in
            Stop(
                id: Fixtures.uuid(100_000 + index), name: "Stop \(index)",
                location: Coordinate(latitude: Double(index % 160) / 2 - 40, longitude: Double(index % 340) / 2 - 85))
        })

    /// Writes what the planner has not journaled yet, as its main loop does after a change.
    private func journalChanges(of model: DataModel) {
        model.keepJournal()
        model.manualRunner.runAll()
    }

    /// A planner that makes `changes`, each journaled as it is made, and "crashes": nothing saved.
    /// Returns its trips as they were at the end.
    @discardableResult
    private func crashAfter(seed: [Trip] = Fixtures.trips, _ changes: [(DataModel) -> Void]) throws -> [Trip] {
        let planner = try open(seed: seed)
        for change in changes {
            change(planner)
            journalChanges(of: planner)
        }
        return planner.trips
    }

    // MARK: What is written

    @Test func theFirstLineSaysTheFormatAndTheFileTheChangesWereMadeTo() throws {
        try crashAfter([{ $0.addTrip(Trip(name: "Unsaved")) }])
        let text = try String(contentsOf: journal, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let base = try #require(header["base"] as? [String: Any])
        let file = try #require(base["file"] as? [String: Any])
        let snapshot = try #require(try TripFileStore(url: url).load())
        #expect(header["journal"] as? Int == 3)
        #expect(base["trips"] as? Int == 3)
        #expect(file["size"] as? Int == snapshot.fingerprint.size)
    }

    @Test func aMovedStopIsAppendedAsTheStopsThatMovedNotAsTheTripOrTheFile() throws {
        let planner = try open(seed: [Self.long] + Fixtures.trips)
        planner.renameTrip(id: Self.long.id, to: "Long drive") // the journal starts, with the trip whole
        journalChanges(of: planner)
        let before = try Data(contentsOf: journal)
        planner.updateTrip(id: Self.long.id, "move a stop") { $0.stops.swapAt(1_000, 1_001) }
        journalChanges(of: planner)
        let after = try Data(contentsOf: journal)
        #expect(before.count > 200_000) // the trip, once
        #expect(after.starts(with: before))
        #expect(after.count - before.count < 2_000, "a record of \(after.count - before.count) bytes")
    }

    @Test func aRecordOfAMovedStopCarriesTheRunOfTwoStops() throws {
        var held: Set<Trip.ID> = [Self.long.id]
        var moved = Self.long
        moved.stops.swapAt(10, 11)
        let record = try #require(JournalRecord(from: [Fixtures.alps, Self.long], to: [Fixtures.alps, moved], held: &held))
        #expect(record.trips == JournalRecord.Run(at: 1, removed: 1))
        #expect(record.stops == [JournalRecord.StopRun(trip: 0, at: 10, removed: 2)])
        #expect(record.payload.map(\.stops) == [[Self.long.stops[11], Self.long.stops[10]]])
        #expect(record.formers.isEmpty)
    }

    @Test func theFirstChangeToATripOfTheFileCarriesItWholeAndNotesWhatItWas() throws {
        var held: Set<Trip.ID> = []
        var renamed = Fixtures.alps
        renamed.name = "Alps"
        let record = try #require(JournalRecord(from: Fixtures.trips, to: [Fixtures.pacific, renamed, Fixtures.empty], held: &held))
        #expect(record.stops.isEmpty && record.payload == [renamed] && held == [Fixtures.alps.id])
        #expect(record.formers == [JournalBase.Former(id: Fixtures.alps.id, name: "Alpine Loop", hash: JournalBase.contentHash(of: Fixtures.alps) ?? "")])
    }

    // MARK: What is restored

    @Test func everyChangeComesBackUndoAndRedoIncluded() throws {
        let pacific = Fixtures.pacific.id
        let expected = try crashAfter([
            { $0.renameTrip(id: pacific, to: "Coast") },
            { $0.updateTrip(id: pacific, "move") { $0.stops.swapAt(0, 2) } },
            { $0.addTrip(Trip(id: Fixtures.uuid(4), name: "New")) },
            { $0.deleteTrip(id: Fixtures.empty.id) },
            { _ = $0.undo() }, // Someday is back
            { _ = $0.undo() }, // New is gone
            { _ = $0.redo() }, // New is back
            { $0.updateTrip(id: Fixtures.alps.id, "add a stop") { $0.stops.append(Stop(id: Fixtures.uuid(23), name: "Lech", location: Fixtures.bigSur)) } },
            { $0.updateTrip(id: Fixtures.uuid(4), "add a stop") { $0.stops.append(Stop(id: Fixtures.uuid(41), name: "Carmel", location: Fixtures.monterey)) } },
        ])
        #expect(expected.map(\.name) == ["New", "Coast", "Alpine Loop", "Someday"])
        let next = try open()
        let offered = try #require(restore(next))
        #expect(!offered.fileChangedSince && !offered.entry.cutShort)
        #expect(offered.changes == [.added("New"), .changed("Coast", formerName: "Pacific Drive"), .changed("Alpine Loop", formerName: nil)])
        next.restoreJournal()
        #expect(next.trips == expected)
    }

    @Test func changesMadeWhileAWriteIsOnItsWayAreAppendedByTheNext() throws {
        let planner = try open(seed: [Self.long] + Fixtures.trips)
        planner.renameTrip(id: Self.long.id, to: "Long drive")
        planner.keepJournal() // the write is on its way…
        planner.updateTrip(id: Self.long.id, "move") { $0.stops.swapAt(0, 1) } // …while these are made
        planner.renameTrip(id: Fixtures.alps.id, to: "Alps")
        planner.updateTrip(id: Self.long.id, "move") { $0.stops.swapAt(1, 2) }
        planner.manualRunner.runAll()
        let started = try Data(contentsOf: journal)
        journalChanges(of: planner)
        let appended = try Data(contentsOf: journal)
        #expect(appended.starts(with: started) && appended.count - started.count < 4_000, "\(appended.count - started.count) bytes")
        #expect(entry()?.trips(onto: [Self.long] + Fixtures.trips) == planner.trips)
    }

    @Test func aChangeThenItsUndoLeaveNothingToOffer() throws {
        try crashAfter([{ $0.renameTrip(id: Fixtures.alps.id, to: "Alps") }, { _ = $0.undo() }])
        let next = try open()
        #expect(next.pendingJournal == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    @Test func aJournalRemovedUnderThePlannerIsStartedAgainWithEveryUnsavedChange() throws {
        let planner = try open()
        planner.renameTrip(id: Fixtures.pacific.id, to: "First")
        journalChanges(of: planner)
        #expect(unlink(journal.path) == 0)
        planner.renameTrip(id: Fixtures.alps.id, to: "Second")
        journalChanges(of: planner)
        #expect(entry()?.trips(onto: Fixtures.trips).map(\.name) == ["First", "Second", "Someday"])
    }

    /// How a crash left the last record.
    enum Tear: CaseIterable, Sendable {
        /// Half of it written.
        case half
        /// Its place taken by zeros (the file grew before its bytes reached the disk).
        case zeros
        /// Whole, but with one byte of its payload changed.
        case flipped
    }

    @Test(arguments: Tear.allCases)
    func aChangeCutShortByTheCrashIsLeftOutAndTheOnesBeforeRestored(_ tear: Tear) throws {
        var (whole, full) = (Data(), Data())
        try crashAfter([
            { $0.renameTrip(id: Fixtures.pacific.id, to: "First") },
            { _ in whole = (try? Data(contentsOf: journal)) ?? Data() },
            { $0.renameTrip(id: Fixtures.alps.id, to: "Second") },
            { _ in full = (try? Data(contentsOf: journal)) ?? Data() },
        ])
        let last = full.count - whole.count
        switch tear {
        case .half: try full.prefix(whole.count + last / 2).write(to: journal)
        case .zeros: try (whole + Data(count: last)).write(to: journal)
        case .flipped:
            var flipped = full
            flipped[full.count - 20] ^= 0x01
            try flipped.write(to: journal)
        }
        let next = try open()
        let offered = try #require(restore(next))
        #expect(offered.entry.cutShort)
        #expect(offered.changes == [.renamed(from: "Pacific Drive", to: "First")])
        next.restoreJournal()
        #expect(next.trips.map(\.name) == ["First", "Alpine Loop", "Someday"])
    }

    // MARK: A file changed since the crash

    @Test func aCommandsChangeAfterACrashIsKeptBesideTheJournalsMovedStops() throws {
        let moved = try crashAfter([
            { $0.updateTrip(id: Fixtures.pacific.id, "move") { $0.stops.swapAt(0, 1) } },
            { $0.updateTrip(id: Fixtures.pacific.id, "move") { $0.stops.swapAt(1, 2) } },
        ])[0]
        try command { model in
            model.updateTrip(id: Fixtures.alps.id, "add a stop") { $0.stops.append(Stop(name: "Joplin", location: Fixtures.monterey)) }
        }
        try command { $0.addTrip(Trip(name: "From a script")) }
        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(offered.fileChangedSince && offered.knewItsFile && offered.conflicts.isEmpty)
        #expect(offered.changes == [.changed("Pacific Drive", formerName: nil)])
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["From a script", "Pacific Drive", "Alpine Loop", "Someday"])
        #expect(planner.trip(id: Fixtures.pacific.id) == moved)
        #expect(planner.trip(id: Fixtures.alps.id)?.stops.last?.name == "Joplin")
    }

    @Test func aTripTheCommandChangedTooIsKeptTwice() throws {
        try crashAfter([{ $0.updateTrip(id: Fixtures.alps.id, "move") { $0.stops.reverse() } }])
        try command { $0.renameTrip(id: Fixtures.alps.id, to: "Command Alps") }
        let planner = try open()
        #expect(restore(planner)?.conflicts == ["\(TripText.quoted("Alpine Loop")) was changed on both sides: both versions are kept."])
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["Pacific Drive", "Alpine Loop", "Command Alps (other copy)", "Someday"])
        #expect(planner.trip(id: Fixtures.alps.id)?.stops.first?.name == "Füssen")
    }

    @Test func aJournalOfAnotherFileAddsOnlyItsOwnChangesToThisOne() throws {
        let elsewhere = try TemporaryDirectory()
        do { // a planner on another file, killed
            let other = DataModel(store: TripFileStore(url: elsewhere.file("trips.json")), runner: ManualRunner())
            try other.load { Fixtures.trips }
            other.renameTrip(id: Fixtures.alps.id, to: "Elsewhere")
            journalChanges(of: other)
        }
        _ = try open(seed: [Trip(name: "Here only")]) // this file; the lock goes with the model
        try FileManager.default.copyItem(at: TripJournal.url(for: elsewhere.file("trips.json")), to: journal)
        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(offered.fileChangedSince)
        #expect(offered.changes == [.renamed(from: "Alpine Loop", to: "Elsewhere")])
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["Here only", "Elsewhere"])
    }

    // MARK: Journals that are not ours to restore, or not journals

    @Test(arguments: [
        "garbage\u{0}\u{1}\n\u{2}",
        "{\"journal\":3}\n",
        "{\"base\":{\"trips\":-1},\"journal\":3}\n",
        "{\"base\":{\"trips\":999999999999},\"journal\":3}\n",
        "{\"base\":{\"trips\":3},\"journal\":3}\nnot a record\n",
        "{\"base\":{\"trips\":3},\"journal\":3}\n{\"formers\":[],\"hash\":\"0\",\"length\":99,\"stops\":[],\"trips\":{\"at\":0,\"removed\":0}}\n{}",
    ])
    func aJournalThatIsNotOneOfOursIsNotOfferedAndTheNextChangeReplacesIt(_ text: String) throws {
        let planner = try plannerFinding(journal: text)
        #expect(planner.pendingJournal == nil)
        planner.addTrip(Trip(name: "Unsaved"))
        journalChanges(of: planner)
        #expect(entry()?.trips(onto: Fixtures.trips).first?.name == "Unsaved")
    }

    @Test func aRecordThatDoesNotFitTheTripsSoFarEndsTheReading() throws {
        // A well-formed record that edits a trip the journal does not hold: not one of ours.
        try crashAfter([{ $0.renameTrip(id: Fixtures.pacific.id, to: "First") }])
        var payload = try TripFile(trips: [Fixtures.alps]).encoded()
        let line =
            "{\"formers\":[],\"hash\":\"\(JournalBase.hex(FileFingerprint.hash(payload)))\",\"length\":\(payload.count),\"stops\":[{\"at\":0,\"removed\":0,\"trip\":0}],\"trips\":{\"at\":1,\"removed\":1}}\n"
        payload = Data(line.utf8) + payload
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: payload)
        try handle.close()
        let offered = try #require(restore(try open()))
        #expect(offered.entry.cutShort && offered.changes == [.renamed(from: "Pacific Drive", to: "First")])
    }

    @Test func aJournalOfTheNextFormatIsLeftAlone() throws {
        let text = "{\"base\":{\"trips\":3},\"journal\":4}\nwhatever comes next\n"
        let planner = try plannerFinding(journal: text)
        guard case .newer(let newer)? = planner.pendingJournal else {
            Issue.record("the newer journal was taken for \(String(describing: planner.pendingJournal))")
            return
        }
        #expect(newer.reason == "was written by a newer roadtrip (journal format 4; this one reads up to 3)")
        planner.addTrip(Trip(name: "Unsaved"))
        journalChanges(of: planner)
        #expect(try String(contentsOf: journal, encoding: .utf8) == text)
    }

    /// What may stand in the journal's place.
    enum Obstacle: CaseIterable, Sendable {
        case folder, link
    }

    /// What is at the journal's name (`S_IFREG`, `S_IFDIR`…), without following a link; 0 for nothing.
    private func kindOfJournal() -> mode_t {
        var status = stat()
        return lstat(journal.path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test(arguments: Obstacle.allCases)
    func aFolderOrALinkInTheJournalsPlaceIsNeverWrittenIntoNorThrough(_ obstacle: Obstacle) throws {
        let victim = try directory.write("precious", to: "victim.txt")
        let planner = try open()
        switch obstacle {
        case .folder: try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: false)
        case .link: #expect(symlink(victim.path, journal.path) == 0)
        }
        planner.addTrip(Trip(name: "Unsaved"))
        journalChanges(of: planner)
        planner.renameTrip(id: Fixtures.alps.id, to: "Alps")
        journalChanges(of: planner)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        let kind = obstacle == .folder ? S_IFDIR : S_IFLNK
        #expect(kindOfJournal() == kind)
        #expect(directory.fileNames.filter { $0.hasPrefix(".roadtrip-save-") }.isEmpty)
        try planner.save()
        planner.closeJournal()
        #expect(kindOfJournal() == kind) // left as it was
    }

    // MARK: Format 2, as issue 34's roadtrip wrote it

    /// Leaves a journal of format 2: its first line, then the trips `ours`, all of them.
    private func leaveFormatTwoJournal(_ ours: [Trip]) throws {
        struct Header: Encodable {
            let base: JournalBase
            let journal = 2
        }
        let snapshot = try #require(try TripFileStore(url: url).load())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Header(base: JournalBase(file: snapshot.fingerprint, trips: snapshot.file.trips, ours: ours)))
        data.append(UInt8(ascii: "\n"))
        data.append(try TripFile(trips: ours).encoded())
        try data.write(to: journal)
    }

    @Test func aJournalOfFormatTwoIsStillRestored() throws {
        _ = try open()
        var ours = Fixtures.trips
        ours[1].name = "Journal Alps"
        try leaveFormatTwoJournal(ours)
        let planner = try open()
        let offered = try #require(restore(planner))
        #expect(offered.knewItsFile && !offered.fileChangedSince && offered.changes == [.renamed(from: "Alpine Loop", to: "Journal Alps")])
        planner.restoreJournal()
        #expect(planner.trips == ours)
    }

    @Test func aJournalOfFormatTwoKeepsACommandsChangeMadeAfterIt() throws {
        _ = try open()
        var ours = Fixtures.trips
        ours[1].name = "Journal Alps"
        try leaveFormatTwoJournal(ours)
        try command { $0.renameTrip(id: Fixtures.pacific.id, to: "CLIEdit") }
        let planner = try open()
        #expect(restore(planner)?.fileChangedSince == true)
        planner.restoreJournal()
        #expect(planner.trips.map(\.name) == ["CLIEdit", "Journal Alps", "Someday"])
    }
}
