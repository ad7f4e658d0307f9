import ArgumentParser
import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions
import RoadtripUseCases
import Terminal
import TextCanvas

/// `roadtrip region add|list|remove`: OpenStreetMap extracts whose places search finds offline.
struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region",
        abstract: "Add, list and remove regions: OpenStreetMap extracts whose villages and sights search finds offline.",
        discussion: """
            A region is an OpenStreetMap extract as people download it (from download.geofabrik.de, \
            say): .osm.pbf, .osm, .osm.gz or .osm.bz2. Adding one makes every named town, village, \
            peak, lake, waterfall, pass, castle, museum, viewpoint, camp site and park in it searchable \
            in the stop editor, `search` and `new`, and its fuel stations, EV chargers, restaurants, \
            cafés, hotels, motels, guest houses, hostels, car parks, toilets, drinking water and \
            supermarkets, named or not, with their opening hours, brand and sockets where mapped. Regions live in $XDG_DATA_HOME/roadtrip/regions \
            (~/.local/share/roadtrip/regions). Adding needs osmium (Debian package osmium-tool).

            Examples:
              roadtrip region add ~/Downloads/scotland-latest.osm.pbf
              roadtrip region list
              roadtrip region remove scotland
            """,
        subcommands: [Add.self, List.self, Remove.self, Catalogue.self, Download.self, Update.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an OpenStreetMap extract as a region (adding the same file again updates it).",
            discussion: """
                The region is named after the file (andorra-latest.osm.pbf: andorra) unless --name \
                says otherwise; a region of that name is replaced. The region is built aside and put in \
                place in one step: an import that fails or is interrupted leaves the regions as they were.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The extract: .osm.pbf, .osm, .osm.gz or .osm.bz2.", valueName: "file"), completion: .file())
        var file: String

        @Option(name: .long, help: ArgumentHelp("The region's name: lowercase letters, digits and hyphens.", valueName: "name"))
        var name: String?

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let started = Date()
            let shelf = RegionShelf.standard(environment: environment)
            let add = MainActor.assumeIsolated { AddRegion(shelf: shelf, places: PlaceIndexProvider.library(environment: environment, shelf: shelf)) }
            let line = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
            SignalTrap.recordQuitSignals()
            let info: RegionInfo
            do { info = try add.add(file, name: name, work: RegionCommand.work(showing: line)) } catch {
                line.clear()
                if error == .cancelled, let signal = SignalTrap.pendingQuit {
                    CommandOutput.note(error.description)
                    throw ExitCode(128 + signal)
                }
                throw CommandFailure(error.description)
            }
            line.clear()
            let summary = RegionCommand.summary(info, seconds: Date().timeIntervalSince(started))
            try CommandOutput.printText(summary + RegionCommand.joinRoads(shelf: shelf, line: line))
        }
    }

    /// Region work's progress on `line`, stopped by a quit signal (Ctrl-C).
    static func work(showing line: ProgressLine) -> RegionWork {
        RegionWork(progress: { line.show($0) }, isCancelled: { SignalTrap.pendingQuit != nil })
    }

    /// Joins the regions' roads again when they changed (`JoinRegionRoads`), its progress on
    /// `line`: the sentence saying so, as a line, or nothing when there was nothing to join.
    static func joinRoads(shelf: RegionShelf, line: ProgressLine) -> String {
        let join = JoinRegionRoads(shelf: shelf)
        guard join.isNeeded else { return "" }
        line.show("Joining the regions' roads")
        let outcome = join.run(work(showing: line))
        line.clear()
        guard let outcome else { return "" }
        let sentence = TextWidth.printable(outcome.sentence)
        if outcome.failed {
            CommandOutput.note(sentence)
            return ""
        }
        return sentence + "\n"
    }

    /// "Added region andorra: 245 places and 1,331 roads from andorra.osm.pbf (565 KB) in 0.4 s.",
    /// printable: the file's name is the user's.
    static func summary(_ info: RegionInfo, seconds: Double) -> String {
        let line =
            "Added region \(info.name): \(DistanceUnit.grouped(info.places)) places and \(RegionText.roads(info)) from "
            + "\((info.sourceFile as NSString).lastPathComponent) (\(RegionText.bytes(info.sourceBytes))) in \(String(format: "%.1f", seconds)) s."
        return TextWidth.printable(line) + (info.roads == 0 ? " Legs in it are estimated, not routed." : "") + "\n"
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the regions: name, places, roads, area, date added, source file and its sha256.")

        @OptionGroup var options: GlobalOptions

        @Flag(name: .long, help: "Print a JSON array of {name, sourceFile, sourceBytes, sha256, added, bounds: {south, west, north, east}, places, roads}.")
        var json = false

        struct Entry: Encodable {
            let name: String
            let sourceFile: String
            let sourceBytes: Int64
            let sha256: String
            let added: String
            let bounds: RegionInfo.Bounds?
            let places: Int
            let roads: Int
            let problem: String?
        }

        func run() throws {
            let shelf = RegionShelf.standard(environment: ProcessInfo.processInfo.environment)
            let regions = shelf.installed()
            if json {
                try CommandOutput.printJSON(String(decoding: try JSONEncoder.deterministic().encode(regions.map(Self.entry)), as: UTF8.self))
                return
            }
            let foreign = shelf.foreignEntries()
            if !foreign.isEmpty {
                CommandOutput.note(
                    "\(shelf.directory.path) also holds \(RegionText.names(foreign)), "
                        + "which roadtrip did not put there: not regions, and left alone.")
            }
            if regions.isEmpty {
                CommandOutput.note("No region has been added; add one with `roadtrip region add FILE.osm.pbf`.")
                return
            }
            try CommandOutput.printText(Self.table(regions))
        }

        static func entry(_ region: RegionShelf.Installed) -> Entry {
            switch region.info {
            case .success(let info):
                return Entry(
                    name: region.name, sourceFile: info.sourceFile, sourceBytes: info.sourceBytes, sha256: info.sha256,
                    added: RegionText.isoDate(info.added), bounds: info.bounds, places: info.places, roads: info.roads,
                    problem: region.placesProblem?.description)
            case .failure(let error):
                return Entry(
                    name: region.name, sourceFile: "", sourceBytes: 0, sha256: "", added: "", bounds: nil, places: 0, roads: 0,
                    problem: error.description)
            }
        }

        /// The regions as a table; a region that cannot be used is a row saying so, and its
        /// sentence follows the table whole (a cell would cut it), as does the sentence of a
        /// region whose places are not searched.
        static func table(_ regions: [RegionShelf.Installed]) -> String {
            var problems: [String] = []
            let rows =
                [["Region", "Places", "Roads", "Area", "Added", "Source", "sha256"]]
                + regions.map { region in
                    switch region.info {
                    case .success(let info):
                        if let problem = region.placesProblem { problems.append(TextWidth.printable(problem.description)) }
                        return [
                            region.name, DistanceUnit.grouped(info.places), DistanceUnit.grouped(info.roads), RegionText.area(info.bounds),
                            RegionText.day(info.added), "\((info.sourceFile as NSString).lastPathComponent) (\(RegionText.bytes(info.sourceBytes)))",
                            String(info.sha256.prefix(12)),
                        ]
                    case .failure(let error):
                        problems.append(TextWidth.printable(error.description))
                        return [region.name, "", "", "", "", "cannot be used (see below)", ""]
                    }
                }
            return TextTable.render(rows, rightAligned: [1, 2]) + problems.map { "\n" + $0 + "\n" }.joined()
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a region and its files.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The region's name, as `region list` shows it.", valueName: "name"))
        var name: String

        func run() throws {
            let shelf = RegionShelf.standard(environment: ProcessInfo.processInfo.environment)
            let removed: String
            do { removed = try RemoveRegion(shelf: shelf).remove(name) } catch {
                throw CommandFailure(error.description)
            }
            SignalTrap.recordQuitSignals()
            let line = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
            try CommandOutput.printText(removed + "\n" + RegionCommand.joinRoads(shelf: shelf, line: line))
        }
    }
}

/// A line on standard error that shows a long task's progress in place (a terminal only), at most
/// ten times a second, printable as every line is (it may hold the name of the user's file).
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let descriptor: Int32
    private let lock = NSLock()
    private var shown = Date.distantPast
    private var visible = false

    init(enabled: Bool, descriptor: Int32 = STDERR_FILENO) {
        self.enabled = enabled
        self.descriptor = descriptor
    }

    func show(_ text: String) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(shown) >= 0.1 else { return }
            shown = now
            visible = true
            try? CommandOutput.write("\r\(TextWidth.printable(text))\u{1B}[K", to: descriptor)
        }
    }

    func clear() {
        lock.withLock {
            guard visible else { return }
            visible = false
            try? CommandOutput.write("\r\u{1B}[K", to: descriptor)
        }
    }
}
