import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The question asked when a quit cannot save: keys, the copy it writes, and how it is drawn.
@MainActor
@Suite struct SaveRescueTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let failure = DataFileError.unwritable(path: "/data/trips.json", reason: "the system does not permit changing it")

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        model.addTrip(Trip(name: "Unsaved"))
    }

    private func rescue(suggesting name: String = "copy.json") -> SaveRescue {
        SaveRescue(model: model, failure: failure, suggested: directory.file(name), workingDirectory: directory.url)
    }

    @Test func enterWritesTheChangesToTheSuggestedFile() throws {
        let rescue = rescue()
        #expect(rescue.handle(.enter) == .savedCopy(directory.file("copy.json")))
        #expect(try TripFileStore(url: directory.file("copy.json")).read()?.trips.first?.name == "Unsaved")
    }

    @Test func aPathTypedRelativeIsTakenFromTheWorkingFolder() throws {
        let rescue = rescue()
        _ = rescue.handle(.control("u"))
        for character in "mine.json" { _ = rescue.handle(.character(character)) }
        #expect(rescue.handle(.enter) == .savedCopy(directory.file("mine.json")))
    }

    @Test func anExistingFileIsNeverReplacedAndTheQuestionStays() throws {
        let taken = try directory.write("precious", to: "copy.json")
        let rescue = rescue()
        #expect(rescue.handle(.enter) == nil)
        #expect(try String(contentsOf: taken, encoding: .utf8) == "precious")
        let (terminal, screen) = try render(rescue)
        defer { terminal.stop() }
        #expect(screen.contains("Cannot save \(taken.path): a file of that name already exists."))
    }

    @Test func escapeGoesBackToThePlannerWithTheChangesKept() {
        #expect(rescue().handle(.escape) == .stay)
        #expect(model.hasUnsavedChanges)
    }

    @Test func losingTheChangesTakesCtrlXAndAYes() {
        let rescue = rescue()
        #expect(rescue.handle(.control("x")) == nil)
        #expect(rescue.handle(.character("n")) == nil)
        #expect(rescue.handle(.control("x")) == nil)
        #expect(rescue.handle(.character("x")) == nil)
        #expect(rescue.handle(.character("y")) == .discard)
        #expect(directory.fileNames == ["trips.json", "trips.json.journal.lock", "trips.json.lock"])
    }

    /// The dialog's text, its lines joined (sentences wrap), and the terminal to stop.
    private func render(_ rescue: SaveRescue) throws -> (Terminal, String) {
        let terminal = try #require(Terminal.offscreen(width: 90, height: 24))
        rescue.draw(on: terminal.surface)
        let text = terminal.surface.lines().map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }
        return (terminal, text.filter { !$0.isEmpty }.joined(separator: " "))
    }

    @Test func saysWhyWhereAndHow() throws {
        let (terminal, screen) = try render(rescue())
        defer { terminal.stop() }
        #expect(screen.contains("Your changes are not saved"))
        #expect(screen.contains("Cannot save /data/trips.json: the system does not permit changing it."))
        #expect(screen.contains(directory.file("copy.json").path))
        #expect(screen.contains("Esc back to the planner") && screen.contains("Ctrl-X quit without saving"))
    }

    @Test(arguments: [(1, 1), (12, 3), (30, 6), (200, 60)])
    func drawsAtAnySize(width: Int, height: Int) throws {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        defer { terminal.stop() }
        rescue().draw(on: terminal.surface)
        #expect(terminal.surface.lines().count == height)
    }
}
