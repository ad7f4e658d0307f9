import ArgumentParser
import Foundation
import OSMImport
import RoadtripCore
import RoadtripRegions
import RoadtripUseCases
import Terminal
import TextCanvas

/// `roadtrip region catalogue|download|update` (issue 39): regions by name, from a catalogue of
/// extracts (Geofabrik's by default), downloaded, resumed, verified and kept up to date.
extension RegionCommand {
    /// The catalogue, said stale on standard error when it could not be fetched again.
    static func catalogue(_ source: ExtractSource, refresh: Bool = false) throws -> ExtractCatalogue {
        do {
            let (catalogue, fetched, stale) = try SearchCatalogue(source: source).catalogue(refresh: refresh, isCancelled: { SignalTrap.pendingQuit != nil })
            if let stale {
                CommandOutput.note("note: the catalogue could not be fetched again (\(stale)); using the one of \(RegionText.day(fetched)).")
            }
            return catalogue
        } catch {
            throw CommandFailure(error.description)
        }
    }

    struct Catalogue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalogue",
            abstract: "List the extracts the catalogue offers (or those QUERY names), with their size and whether they are added.",
            discussion: """
                The catalogue is Geofabrik's index of extracts (download.geofabrik.de), or the one \
                ROADTRIP_EXTRACTS_URL names (a company mirror, or file:///path/index-v1.json). It is \
                cached for a day in $XDG_CACHE_HOME/roadtrip/extracts; --refresh fetches it again. \
                Sizes are asked of the server for up to \(sizesAsked) extracts.

                Examples:
                  roadtrip region catalogue scotland
                  roadtrip region catalogue --refresh
                """)

        static let sizesAsked = 20

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("A name or id (scotland, europe/liechtenstein); none lists every extract.", valueName: "query"))
        var query: [String] = []

        @Flag(name: .long, help: "Fetch the catalogue again rather than use the cached one.")
        var refresh = false

        @Flag(name: .long, help: "Print a JSON array of {id, parent, name, url, bytes, added}.")
        var json = false

        struct Entry: Encodable {
            let id: String
            let parent: String?
            let name: String
            let url: String
            let bytes: Int64?
            let added: String?
        }

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            SignalTrap.recordQuitSignals()
            let source = ExtractSource(environment: environment)
            let catalogue = try RegionCommand.catalogue(source, refresh: refresh)
            let text = query.joined(separator: " ")
            // The planner's catalogue browser's search (`D`), one for both (issue 56: `region
            // catalogue nyc` found nothing that the browser found).
            let found = SearchCatalogue.extracts(matching: text, in: catalogue, installed: RegionShelf.standard(environment: environment).installed())
            guard !found.isEmpty else {
                throw CommandFailure("No extract in the catalogue matches “\(text)”; `roadtrip region catalogue` lists them all.")
            }
            let entries = found.enumerated().map { index, match in
                Entry(
                    id: match.extract.id, parent: match.extract.parent, name: match.extract.name, url: match.extract.pbf.absoluteString,
                    bytes: index < Self.sizesAsked ? try? SearchCatalogue.size(of: match.extract, isCancelled: { SignalTrap.pendingQuit != nil }) : nil,
                    added: match.addedAs)
            }
            if json {
                try CommandOutput.printJSON(String(decoding: try JSONEncoder.deterministic().encode(entries), as: UTF8.self))
                return
            }
            // The id as the server's folders go (`Extract.path`): "us/maryland" under "us", not "us/us/maryland".
            let rows =
                [["Extract", "Id", "Size", "Added"]]
                + zip(found, entries).map { match, entry in
                    [entry.name, match.extract.path, entry.bytes.map(RegionText.bytes) ?? "", entry.added.map { "yes, as \($0)" } ?? ""]
                }
            var output = TextTable.render(rows.map { $0.map { TextWidth.printable($0) } }, rightAligned: [2])
            if found.count > Self.sizesAsked {
                output += "\n\(DistanceUnit.grouped(found.count)) extracts: sizes are asked for the first \(Self.sizesAsked); name one to see its size.\n"
            }
            try CommandOutput.printText(output)
        }
    }

    struct Download: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "download",
            abstract: "Download extracts by name from the catalogue and add them as regions.",
            discussion: """
                Each NAME is an extract's name or id in the catalogue (roadtrip region catalogue); a \
                name several extracts share is listed, not guessed. The size and what the import will \
                take are said first, and a file over 1 GB is asked about (--yes does not ask). The \
                download shows its progress, resumes where an interrupted one stopped (Ctrl-C keeps \
                what came), and is checked against the MD5 the server publishes beside it before it \
                is added as `region add` adds a file.

                Examples:
                  roadtrip region download liechtenstein
                  roadtrip region download europe/andorra monaco --yes
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The extracts: names or ids from the catalogue.", valueName: "name"))
        var names: [String]

        @Flag(name: [.long, .short], help: "Do not ask before a download over 1 GB.")
        var yes = false

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            SignalTrap.recordQuitSignals()
            let source = ExtractSource(environment: environment)
            let catalogue = try RegionCommand.catalogue(source)
            // Every name found before anything is downloaded.
            let extracts = try names.map { name in try Self.extract(named: name, in: catalogue) }
            for extract in extracts {
                try RegionCommand.download(extract, source: source, environment: environment, ask: !yes)
            }
        }

        static func extract(named name: String, in catalogue: ExtractCatalogue) throws -> ExtractCatalogue.Extract {
            let found = catalogue.find(name)
            if found.count == 1 { return found[0] }
            if found.isEmpty { throw CommandFailure("No extract in the catalogue is named “\(name)”; `roadtrip region catalogue \(name)` lists near names.") }
            throw CommandFailure(
                "\(found.count) extracts match “\(name)”; give one of their ids:\n"
                    + found.map { "  \(TextWidth.printable(ExtractCatalogue.label($0)))" }.joined(separator: "\n"))
        }
    }

    /// Downloads, checks and adds `extract`, saying what it does on standard error and what it
    /// made on standard output.
    static func download(_ extract: ExtractCatalogue.Extract, source: ExtractSource, environment: [String: String], ask: Bool) throws {
        let shelf = RegionShelf.standard(environment: environment)
        let download = MainActor.assumeIsolated {
            DownloadExtract(source: source, shelf: shelf, places: PlaceIndexProvider.library(environment: environment, shelf: shelf))
        }
        let bytes: Int64?
        do { bytes = try download.size(of: extract, isCancelled: { SignalTrap.pendingQuit != nil }) } catch { throw CommandFailure(error.description) }
        let size = bytes.map { "\(RegionText.bytes($0)); \(ExtractDownload.estimate(bytes: $0))" } ?? "size not said by the server"
        CommandOutput.note("\(TextWidth.printable(ExtractCatalogue.label(extract))): \(size).")
        if ask, download.asksAbout(bytes: bytes), let bytes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(
                    "Nothing was downloaded: \(extract.name) is over 1 GB, and standard input is not a terminal to ask on. Pass --yes to download it.")
            }
            guard DeleteCommand.ask("Download \(RegionText.bytes(bytes))? [y/N] ") else { throw CommandFailure("Nothing was downloaded.") }
        }
        let started = Date()
        let line = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        let info: RegionInfo
        do { info = try download.download(extract, work: RegionCommand.work(showing: line)) } catch {
            line.clear()
            let cancelled = (error as? DownloadError) == .cancelled || (error as? RegionError) == .cancelled
            if cancelled, let signal = SignalTrap.pendingQuit {
                CommandOutput.note(DownloadError.cancelled.description)
                throw ExitCode(128 + signal)
            }
            throw CommandFailure("\(error)")
        }
        line.clear()
        let summary = RegionCommand.summary(info, seconds: Date().timeIntervalSince(started))
        try CommandOutput.printText(summary + RegionCommand.joinRoads(shelf: shelf, line: line))
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Download again the downloaded regions (or those named) whose extract changed, and add them anew.",
            discussion: """
                Each region added by `region download` is checked against its extract's published MD5 \
                (a few bytes); only those that changed are downloaded and imported again. The old \
                region stays in use until the new one is in place. Regions added from a file are \
                left as they are.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The regions to check; none checks every downloaded one.", valueName: "name"))
        var names: [String] = []

        @Flag(name: [.long, .short], help: "Do not ask before a download over 1 GB.")
        var yes = false

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            SignalTrap.recordQuitSignals()
            let asked: (downloaded: [CheckRegionUpdates.Downloaded], fromFiles: [String])
            do { asked = try CheckRegionUpdates.regions(RegionShelf.standard(environment: environment).installed(), named: names) } catch {
                throw CommandFailure(error.description)
            }
            let origins = asked.downloaded
            for name in names where asked.fromFiles.contains(name) {
                CommandOutput.note("Region \(name) was added from a file, not downloaded: `roadtrip region add FILE` updates it.")
            }
            // Every region asked about is said (issue 56: those added from a file were passed over in silence).
            if names.isEmpty, !asked.fromFiles.isEmpty {
                CommandOutput.note(
                    "Added from a file, not downloaded, so not updated here (`roadtrip region add FILE` updates each): \(asked.fromFiles.joined(separator: ", "))."
                )
            }
            guard !origins.isEmpty else {
                if names.isEmpty { CommandOutput.note("No region was downloaded (`roadtrip region download NAME`); nothing to update.") }
                return
            }
            let source = ExtractSource(environment: environment)
            let catalogue = try RegionCommand.catalogue(source)
            let check = CheckRegionUpdates(source: source)
            var current: [String] = []
            for region in origins {
                let update: ExtractUpdate
                do { update = try check.update(of: region, in: catalogue, isCancelled: { SignalTrap.pendingQuit != nil }) } catch {
                    throw CommandFailure(error.description)
                }
                switch update {
                case .current:
                    current.append(region.name)
                case .notListed:
                    CommandOutput.note("Region \(region.name): the catalogue no longer lists \(region.origin.extract); left as it is.")
                case .available(let extract):
                    CommandOutput.note("Region \(region.name) has an update.")
                    try RegionCommand.download(extract, source: source, environment: environment, ask: !yes)
                }
            }
            if !current.isEmpty {
                try CommandOutput.printText("Up to date: \(current.joined(separator: ", ")).\n")
            }
        }
    }
}
