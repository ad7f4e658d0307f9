import Foundation
@testable import OSMImport
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// Issue 39, item 4: the interactor's regions by name, against a catalogue and the Andorra extract
/// served from 127.0.0.1 (`FileServer`), on a real model whose runner runs only when the test says.
@MainActor
@Suite(.serialized) struct RegionsInteractorTests {
    static let andorra = try! Data(contentsOf: TestsFolder.url.appendingPathComponent("Fixtures/osm/andorra.osm.pbf"))
    static let pbfPath = "/europe/andorra-latest.osm.pbf"
    static let catalogue = Data(
        """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"id": "andorra", "parent": "europe", "name": "Andorra", "urls": {"pbf": "europe/andorra-latest.osm.pbf"}}}
        ]}
        """.utf8)

    let directory: TemporaryDirectory
    let server: FileServer
    let model: DataModel
    let shelf: RegionShelf
    let source: ExtractSource

    init() throws {
        directory = try TemporaryDirectory()
        server = try FileServer(files: ["/index-v1.json": Self.catalogue, Self.pbfPath: Self.andorra])
        try Self.publish(Self.andorra, on: server, in: directory)
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        shelf = RegionShelf(directory: directory.file("regions"))
        source = ExtractSource(environment: [
            "ROADTRIP_EXTRACTS_URL": server.url.absoluteString + "/index-v1.json",
            "XDG_CACHE_HOME": directory.file("cache").path, "HOME": directory.url.path,
        ])
    }

    /// `data` as the extract on the server, with its MD5 beside it.
    static func publish(_ data: Data, on server: FileServer, in directory: TemporaryDirectory) throws {
        let file = directory.file("published")
        try data.write(to: file)
        server.put(pbfPath, data)
        server.put(pbfPath + ".md5", Data("\(try ExtractDownload.md5(of: file))  andorra-latest.osm.pbf\n".utf8))
    }

    func interactor(askingAbove limit: Int64 = ExtractDownload.askAbove) -> RegionsInteractor {
        RegionsInteractor(runner: model.runner, services: .offScreen, regions: shelf, extracts: source, askingAbove: limit)
    }

    /// Runs `work` as the planner's busy task would, to its end; its value and what it last said.
    func runBusy<Value: Sendable>(_ work: @escaping @Sendable (BusyProgress) -> Value) throws -> (value: Value, said: String?) {
        var value: Value?
        let task = BusyTask(title: "test", job: "test", reporting: work) { value = $0 }
        let runner = ManualRunner()
        task.start(on: runner)
        runner.runAll()
        return (try #require(value), task.progress)
    }

    var runner: ManualRunner { model.runner as! ManualRunner }

    @Test func theCatalogueIsReadThenAnExtractDownloadedAndAddedSayingHowFarItIs() throws {
        defer { server.stop() }
        let interactor = interactor()
        #expect(interactor.catalogueAddress == server.url.absoluteString + "/index-v1.json")
        let loaded = try runBusy(interactor.catalogueLoader()).value.get()
        let extract = try #require(loaded.catalogue.extracts.first)
        #expect(extract.id == "andorra" && loaded.stale == nil)
        let (outcome, said) = try runBusy(interactor.extractDownloader(for: extract, confirmed: false))
        guard case .added(let info) = outcome else { Issue.record("\(outcome)"); return }
        #expect(info.name == "andorra" && info.origin?.extract == "andorra")
        #expect(said != nil, "the download and the import say how far they are")
        #expect(interactor.regions().map(\.name) == ["andorra"])
    }

    @Test func aFileOverTheLimitIsOnlyMeasuredUntilConfirmed() throws {
        defer { server.stop() }
        let interactor = interactor(askingAbove: 100_000)
        let extract = try #require(try source.catalogue().catalogue.extracts.first)
        let asked = try runBusy(interactor.extractDownloader(for: extract, confirmed: false)).value
        guard case .needsConfirmation(let bytes) = asked else { Issue.record("\(asked)"); return }
        #expect(bytes == Int64(Self.andorra.count))
        #expect(!server.requests.contains("GET \(Self.pbfPath)") && interactor.regions().isEmpty, "nothing downloaded")
        let confirmed = try runBusy(interactor.extractDownloader(for: extract, confirmed: true)).value
        guard case .added = confirmed else { Issue.record("\(confirmed)"); return }
    }

    @Test func aFailedDownloadIsASentence() throws {
        defer { server.stop() }
        server.put(Self.pbfPath + ".md5", Data("\(String(repeating: "0", count: 32))  andorra-latest.osm.pbf\n".utf8))
        let extract = try #require(try source.catalogue().catalogue.extracts.first)
        let outcome = try runBusy(interactor().extractDownloader(for: extract, confirmed: false)).value
        guard case .failed(let sentence) = outcome else { Issue.record("\(outcome)"); return }
        #expect(sentence.hasPrefix("andorra-latest.osm.pbf does not match its published checksum"))
    }

    /// Off the main loop on the model's runner, and only for downloaded regions: none, no job.
    @Test func theUpdateCheckAsksThePublishedMD5OfEachDownloadedRegion() throws {
        defer { server.stop() }
        let interactor = interactor()
        var found: [String: Result<ExtractUpdate, DownloadError>]?
        interactor.checkForUpdates { found = $0 }
        #expect(found?.isEmpty == true && runner.queuedNames.isEmpty, "no region downloaded: nothing to ask")
        let extract = try #require(try source.catalogue().catalogue.extracts.first)
        _ = try runBusy(interactor.extractDownloader(for: extract, confirmed: false))
        found = nil
        interactor.checkForUpdates { found = $0 }
        #expect(runner.queuedNames == ["region-updates"] && found == nil)
        runner.runAll()
        #expect(found?["andorra"] == .success(.current))
        // A new version published: other bytes, another MD5.
        try Self.publish(Self.andorra + Data(count: 1), on: server, in: directory)
        interactor.checkForUpdates { found = $0 }
        runner.runAll()
        #expect(found?["andorra"] == .success(.available(extract)))
    }

    @Test func aCheckDroppedBeforeItRanNeverAnswers() throws {
        defer { server.stop() }
        let interactor = interactor()
        let extract = try #require(try source.catalogue().catalogue.extracts.first)
        _ = try runBusy(interactor.extractDownloader(for: extract, confirmed: false))
        let asked = server.requests.count
        var answered = false
        interactor.checkForUpdates { _ in answered = true }
        interactor.cancelUpdateCheck()
        runner.runAll()
        #expect(!answered && server.requests.count == asked, "\(server.requests.dropFirst(asked))")
    }
}
