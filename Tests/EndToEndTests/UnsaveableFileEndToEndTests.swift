import Foundation
import Testing
import RoadtripTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The data file breaks while the planner runs — emptied, made unparsable, replaced by a
/// folder, made immutable, rewritten by a newer roadtrip — and the user's changes still survive:
/// a quit asks where to put them, a quit signal writes them to a recovery file and names it, and
/// the broken file is never merged into or overwritten.
@Suite("A data file that cannot be saved, end to end in tmux")
struct UnsaveableFileEndToEndTests {
    /// Ways the file can break underneath; each leaves something the test compares afterwards.
    enum Breakage: String, CaseIterable, CustomTestStringConvertible {
        case emptied, unparsable, folder, immutable, newerVersion

        var testDescription: String { rawValue }

        /// Breaks the file; returns a description of what must still be there afterwards.
        func apply(to url: URL) throws -> String {
            switch self {
            case .emptied:
                try Data().write(to: url)
            case .unparsable:
                try Data("{\"trips\": [ oops".utf8).write(to: url)
            case .folder:
                try FileManager.default.removeItem(at: url)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            case .immutable:
                let result = try Run.process("/usr/bin/chattr", ["+i", url.path], environment: Run.environment())
                guard result.status == 0 else { throw EndToEndFailure("chattr +i failed: \(result.standardError)") }
            case .newerVersion:
                let text = try String(contentsOf: url, encoding: .utf8)
                try Data(text.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 999").utf8).write(to: url)
            }
            return try Self.state(of: url)
        }

        /// What is at `url`: "folder", or the file's bytes as text.
        static func state(of url: URL) throws -> String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return "absent" }
            return isFolder.boolValue ? "folder" : String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }

        /// Undoes what cannot be removed with the temporary folder.
        func cleanUp(_ url: URL) {
            if self == .immutable { _ = try? Run.process("/usr/bin/chattr", ["-i", url.path], environment: Run.environment()) }
        }
    }

    /// A planner on the sample trips, the file broken underneath, then one trip deleted: a
    /// change the file cannot take. Returns the session and what the file must still hold.
    private func changeAfterBreaking(_ breakage: Breakage, directory: TemporaryDirectory) async throws -> (TmuxSession, String) {
        let session = try await TmuxSession(
            width: 110, height: 30, directory: directory,
            variables: ["XDG_STATE_HOME": directory.url.appendingPathComponent("state").path])
        try await TripListEndToEndTests.waitForSampleTrips(session)
        let untouched = try breakage.apply(to: session.dataFile)
        try await session.sendKeys("d")
        try await session.waitFor("y  Yes")
        try await session.sendKeys("y")
        try await session.waitFor("4 trips")
        try await session.waitFor("Cannot save \(session.dataFile.path)")
        return (session, untouched)
    }

    /// The whole question on screen (its title alone may be a frame tmux caught half drawn).
    @discardableResult
    static func waitForTheQuestion(_ session: TmuxSession) async throws -> String {
        try await session.waitUntil("the question where to save") { screen in
            screen.contains("Your changes are not saved") && screen.contains("Save them to a new file:")
                && screen.contains("trips.json.recovered-")
        }
    }

    /// The recovery files in `folder` (recursively).
    private func recoveryFiles(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasPrefix("trips.json.recovered-") }
    }

    /// The one recovery file in `folder`, holding the four trips left after the deletion, and
    /// named in what the program printed on leaving (`screen`, lines joined).
    @discardableResult
    private func theRecoveryFile(
        in folder: URL, namedAfter words: String, on screen: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> URL {
        let copies = recoveryFiles(in: folder)
        try #require(copies.count == 1, "one recovery file, found \(copies)", sourceLocation: sourceLocation)
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("\(words) \(copies[0].path)"), sourceLocation: sourceLocation)
        let saved = try Run.names(of: Run.trips(at: copies[0]))
        #expect(saved.count == 4 && !saved.contains("Pacific Coast Drive"), sourceLocation: sourceLocation)
        return copies[0]
    }

    @Test("q asks where to save the changes; Enter writes them there and leaves the broken file alone", arguments: Breakage.allCases)
    func quitAsksWhereToSave(breakage: Breakage) async throws {
        let directory = try TemporaryDirectory()
        defer { breakage.cleanUp(directory.dataFile) }
        let (session, untouched) = try await changeAfterBreaking(breakage, directory: directory)
        defer { session.close() }

        try await session.sendKeys("q")
        let question = try await Self.waitForTheQuestion(session)
        #expect(question.contains("Save them to a new file:"))
        #expect(question.contains("trips.json.recovered-"))
        try await session.sendKeys("Enter")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 0)
        #expect(TmuxSession.showsNormalTerminalModes(screen))

        try theRecoveryFile(in: directory.url, namedAfter: "your changes are in", on: screen)
        #expect(try Breakage.state(of: directory.dataFile) == untouched)
    }

    @Test("Esc goes back to the planner with the changes; fixed underneath, the next q saves")
    func escapeGoesBackToThePlanner() async throws {
        let directory = try TemporaryDirectory()
        let (session, _) = try await changeAfterBreaking(.unparsable, directory: directory)
        defer { session.close() }
        try await session.sendKeys("q")
        try await Self.waitForTheQuestion(session)
        try await session.sendKeys("Escape")
        try await session.waitUntil("the trip list again") { $0.contains("4 trips") && !$0.contains("Your changes are not saved") }
        // Another program repairs the file (the five sample trips), in one rename: an autosave the
        // planner tries again meanwhile finds either the broken file or the repaired one.
        let repaired = try TemporaryDirectory.withSampleTrips()
        let copy = directory.url.appendingPathComponent("repaired.json")
        try FileManager.default.copyItem(at: repaired.dataFile, to: copy)
        #expect(rename(copy.path, directory.dataFile.path) == 0)
        try await session.sendKeys("q")
        let (status, _) = try await session.waitForExit()
        #expect(status == 0)
        // Merged: the deletion made here applied to the repaired file.
        #expect(try Run.names(of: Run.trips(at: directory.dataFile)).count == 4)
        #expect(recoveryFiles(in: directory.url).isEmpty)
    }

    @Test("Ctrl-X and y quit without saving, leaving the file as it is")
    func discardingTakesAnExplicitYes() async throws {
        let directory = try TemporaryDirectory()
        let (session, untouched) = try await changeAfterBreaking(.emptied, directory: directory)
        defer { session.close() }
        try await session.sendKeys("q")
        try await Self.waitForTheQuestion(session)
        try await session.sendKeys("C-x")
        try await session.waitFor("Quit and lose the changes")
        try await session.sendKeys("y")
        let (status, screen) = try await session.waitForExit()
        #expect(status == 0)
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("your unsaved changes were discarded, as asked"))
        #expect(try Breakage.state(of: directory.dataFile) == untouched)
        #expect(recoveryFiles(in: directory.url).isEmpty)
    }

    enum QuitSignal: String, CaseIterable, CustomTestStringConvertible {
        case interrupt = "Ctrl-C", terminate = "SIGTERM", hangUp = "SIGHUP"
        var testDescription: String { rawValue }
        var exitStatus: Int32 { 128 + (self == .interrupt ? SIGINT : self == .terminate ? SIGTERM : SIGHUP) }
    }

    @Test("A quit signal writes the changes to a recovery file and names it on stderr", arguments: QuitSignal.allCases)
    func aSignalWritesARecoveryFile(signal: QuitSignal) async throws {
        let directory = try TemporaryDirectory()
        let (session, untouched) = try await changeAfterBreaking(.folder, directory: directory)
        defer { session.close() }
        switch signal {
        case .interrupt: try await session.sendKeys("C-c")
        case .terminate: kill(try await session.programProcessID(), SIGTERM)
        case .hangUp: kill(try await session.programProcessID(), SIGHUP)
        }
        let (status, screen) = try await session.waitForExit()
        #expect(status == signal.exitStatus)
        #expect(TmuxSession.showsNormalTerminalModes(screen))
        try theRecoveryFile(in: directory.url, namedAfter: "Your changes were written to", on: screen)
        #expect(
            screen.replacingOccurrences(of: "\n", with: "").contains(
                "roadtrip: Cannot save \(directory.dataFile.path): it was changed by another program since it was read, and now cannot be read: it is a folder, not a file"
            ))
        #expect(try Breakage.state(of: directory.dataFile) == untouched)
    }

    @Test("With no room beside the file, the recovery file goes to $XDG_STATE_HOME/roadtrip")
    func theStateFolderTakesTheRecoveryFile() async throws {
        let directory = try TemporaryDirectory()
        let (session, _) = try await changeAfterBreaking(.folder, directory: directory)
        defer { session.close() }
        // The data file's folder takes no new file once it is immutable (root ignores permission
        // bits); the state folder, made before, is not inside what is immutable.
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("state"), withIntermediateDirectories: false)
        let chattr = try Run.process("/usr/bin/chattr", ["+i", directory.path], environment: Run.environment())
        try #require(chattr.status == 0, "chattr +i failed: \(chattr.standardError)")
        defer { _ = try? Run.process("/usr/bin/chattr", ["-i", directory.path], environment: Run.environment()) }
        kill(try await session.programProcessID(), SIGTERM)
        let (status, screen) = try await session.waitForExit()
        #expect(status == 128 + SIGTERM)
        try theRecoveryFile(in: directory.url.appendingPathComponent("state/roadtrip"), namedAfter: "Your changes were written to", on: screen)
    }
}
