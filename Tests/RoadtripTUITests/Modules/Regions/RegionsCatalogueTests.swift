import Foundation
@testable import OSMImport
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripTUI
import RoadtripUseCases
import Terminal
import Testing

/// Issue 39, item 4: regions by name in the planner. The catalogue browser and the update marks
/// of the regions panel, on the presenter suite's spies; the keys and drawing of the browser.
extension RegionsPresenterTests {
    static func extract(_ id: String, _ name: String, parent: String? = "europe") -> ExtractCatalogue.Extract {
        ExtractCatalogue.Extract(id: id, parent: parent, name: name, pbf: URL(string: "http://127.0.0.1/\(parent ?? "")/\(id)-latest.osm.pbf")!)
    }

    static let catalogue = ExtractCatalogue(extracts: [
        extract("europe", "Europe", parent: nil), extract("georgia", "Georgia"), extract("andorra", "Andorra"),
        extract("us/georgia", "Georgia", parent: "us"), extract("baden-wuerttemberg", "Baden-Württemberg", parent: "germany"),
    ])

    /// Region `name` as `region download` adds it, from extract `id`.
    static func downloaded(_ name: String, from id: String) throws -> RegionShelf.Installed {
        var info = try installed(name, places: 245).info.get()
        info.origin = RegionOrigin(extract: id, url: "http://127.0.0.1/europe/\(id)-latest.osm.pbf", md5: String(repeating: "a", count: 32))
        return RegionShelf.Installed(name: name, folder: URL(fileURLWithPath: "/r/\(name)"), info: .success(info))
    }

    /// The browser open on `catalogue`, as `D` opens it.
    private func openBrowser() throws -> CatalogueViewModel {
        interactor.catalogueResult = .success((Self.catalogue, Date(timeIntervalSince1970: 1_795_000_000), nil))
        presenter.didPressDownloadRegion()
        return try #require(view.catalogues.last?.catalogue)
    }

    @Test func dOpensTheBrowserOnTheCatalogueReadOffTheMainLoop() throws {
        interactor.installedRegions = [try Self.downloaded("andorra", from: "andorra")]
        let browser = try openBrowser()
        #expect(interactor.busyTitles == ["Reading the catalogue of extracts"])
        #expect(view.catalogues.last?.query == "")
        #expect(browser.rows.map(\.name) == ["Andorra", "Baden-Württemberg", "Europe", "Georgia", "Georgia"], "every extract, by name")
        #expect(browser.rows.map(\.added) == ["added", nil, nil, nil, nil])
        #expect(browser.summary == "5 extracts · http://127.0.0.1/index-v1.json" && browser.note == nil)
    }

    /// Each key finds again, in names and ids, ignoring case and accents; a name two extracts share is two rows.
    @Test func typingFindsByNameOrIdAsItIsTyped() throws {
        _ = try openBrowser()
        presenter.didChangeCatalogueQuery("georg")
        #expect(view.catalogueUpdates.last?.rows.map(\.path) == ["europe/georgia", "us/georgia"])
        #expect(view.catalogueUpdates.last?.summary == "2 of 5 extracts · http://127.0.0.1/index-v1.json")
        presenter.didChangeCatalogueQuery("wurtt")
        #expect(view.catalogueUpdates.last?.rows.map(\.id) == ["baden-wuerttemberg"])
        presenter.didChangeCatalogueQuery("us/")
        #expect(view.catalogueUpdates.last?.rows.map(\.id) == ["us/georgia"])
        presenter.didChangeCatalogueQuery("atlantis")
        #expect(view.catalogueUpdates.last?.rows.isEmpty == true)
    }

    /// Issue 57, item 1: `D` finds New York City by "nyc", a word of its id, as `roadtrip region
    /// catalogue nyc` now does (CatalogueSearchEndToEndTests): one search, `SearchCatalogue`'s.
    @Test func aWordOfAnIdFindsItsExtractAsTheCommandLineFindsIt() throws {
        let catalogue = ExtractCatalogue(extracts: [
            Self.extract("us/new-york", "New York", parent: "us"), Self.extract("us/nyc", "New York City", parent: "us"),
        ])
        var browsing = CatalogueBrowsing(catalogue: catalogue, address: "http://127.0.0.1/index-v1.json", installed: [])
        browsing.query = "nyc"
        #expect(RegionsPresenter.catalogueViewModel(browsing).rows.map(\.path) == ["us/nyc"])
        #expect(
            RegionsPresenter.catalogueViewModel(browsing).rows.map(\.id)
                == SearchCatalogue.extracts(matching: "nyc", in: catalogue, installed: []).map(\.extract.id))
    }

    @Test func aCatalogueThatCannotBeReadIsASentenceInTheBrowser() throws {
        interactor.catalogueResult = .failure(.noNetwork(host: "download.geofabrik.de"))
        presenter.didPressDownloadRegion()
        let browser = try #require(view.catalogues.last?.catalogue)
        #expect(browser.rows.isEmpty && browser.isError)
        #expect(browser.note == "download.geofabrik.de cannot be reached: no network connection (or it refused the connection). Nothing was changed.")
        interactor.catalogueResult = .success((Self.catalogue, Date(timeIntervalSince1970: 1_795_000_000), .noNetwork(host: "download.geofabrik.de")))
        presenter.didPressDownloadRegion()
        let stale = try #require(view.catalogues.last?.catalogue)
        #expect(stale.rows.count == 5 && !stale.isError)
        #expect(stale.note?.hasPrefix("The catalogue could not be fetched again (download.geofabrik.de cannot be reached") == true)
        #expect(stale.note?.hasSuffix("; this is the copy of 2026-11-18.") == true)
    }

    @Test func enterDownloadsWithProgressThenAddsTheRegionAsAddDoes() throws {
        _ = try openBrowser()
        let joined = "Joined the roads of 2 regions: legs between them are routed where their roads meet."
        interactor.joinNote = .some(joined)
        let added = Self.installed("andorra", places: 245)
        interactor.downloadOutcomes["andorra"] = .added(try added.info.get())
        interactor.installedRegions = [added]
        presenter.didChangeCatalogueQuery("andor")
        presenter.didChooseExtract(id: "andorra")
        #expect(interactor.downloads.map(\.id) == ["andorra"] && interactor.downloads.map(\.confirmed) == [false])
        #expect(interactor.busyTitles == ["Reading the catalogue of extracts", "Downloading Andorra", "Joining the regions' roads"])
        #expect(interactor.cancelledMessages[1] == "Downloading Andorra was cancelled: what came is kept, and downloading it again continues it.")
        #expect(interactor.regionsChangedCount == 2, "the new region's places, then the joined roads")
        #expect(view.regionPanels.last?.selected == "andorra")
        #expect(output.last?.text == "Added region andorra: 245 places, 1,331 roads. Its places are found when adding a stop. " + joined)
        presenter.didChangeCatalogueQuery("georgia")
        #expect(view.catalogueUpdates.count == 1, "the browser closed with the download")
    }

    @Test func aFailedDownloadIsSaidInTheBrowserWithWhatWasTyped() throws {
        _ = try openBrowser()
        interactor.downloadOutcomes["andorra"] = .failed("andorra-latest.osm.pbf does not match its published checksum")
        presenter.didChangeCatalogueQuery("andor")
        presenter.didChooseExtract(id: "andorra")
        let shown = try #require(view.catalogues.last)
        #expect(shown.query == "andor" && shown.selected == "andorra")
        #expect(shown.catalogue.note == "andorra-latest.osm.pbf does not match its published checksum" && shown.catalogue.isError)
        #expect(interactor.regionsChangedCount == 0)
        presenter.didChangeCatalogueQuery("andorr")
        #expect(view.catalogueUpdates.last?.note == nil, "typing on clears the sentence")
    }

    /// The command line's rule: a file over 1 GB is asked about; only y downloads it.
    @Test func aDownloadOverAGigabyteIsAskedAboutFirst() throws {
        _ = try openBrowser()
        interactor.downloadOutcomes["europe"] = .needsConfirmation(bytes: 31_000_000_000)
        presenter.didChooseExtract(id: "europe")
        // The estimate is the bench's table's (`ImportRates`), as the command line says it.
        let estimate = try #require(ImportRates.shipped).estimate(bytes: 31_000_000_000)
        #expect(view.downloadQuestions == ["Europe (europe) is 31 GB; \(estimate). Download it?"])
        presenter.didAnswerDownload(false)
        #expect(output.last?.text == "Nothing was downloaded.")
        #expect(interactor.downloads.map(\.confirmed) == [false])
        presenter.didChooseExtract(id: "europe")
        interactor.downloadOutcomes["europe"] = .added(try Self.installed("europe", places: 9).info.get())
        presenter.didAnswerDownload(true)
        #expect(interactor.downloads.map(\.confirmed) == [false, false, true])
        #expect(view.regionPanels.last?.selected == "europe")
    }

    /// The panel opens at once; the check's answer, later, marks the regions that have an update,
    /// and `U` downloads the selected one again through the same flow.
    @Test func downloadedRegionsWithAnUpdateAreMarkedAndUUpdatesThem() throws {
        interactor.installedRegions = [try Self.downloaded("andorra", from: "andorra"), Self.installed("krems", places: 12)]
        presenter.didLoad()
        #expect(view.regionPanels.last?.regions.rows.map(\.hasUpdate) == [false, false])
        let check = try #require(interactor.pendingCheck)
        check(["andorra": .success(.available(Self.extract("andorra", "Andorra")))])
        #expect(view.regionUpdates.last?.rows.map(\.hasUpdate) == [true, false])
        interactor.downloadOutcomes["andorra"] = .added(try Self.downloaded("andorra", from: "andorra").info.get())
        presenter.didPressUpdateRegion(name: "andorra")
        #expect(interactor.downloads.map(\.id) == ["andorra"] && interactor.busyTitles == ["Downloading Andorra"])
        #expect(view.regionPanels.last?.selected == "andorra")
        #expect(view.regionPanels.last?.regions.rows.map(\.hasUpdate) == [false, false], "updated: the mark is gone")
    }

    /// The sentence whole in the panel: the status bar would cut a checksum's.
    @Test func aFailedUpdateIsSaidInThePanel() throws {
        interactor.installedRegions = [try Self.downloaded("andorra", from: "andorra")]
        interactor.updates = ["andorra": .success(.available(Self.extract("andorra", "Andorra")))]
        presenter.didLoad()
        interactor.downloadOutcomes["andorra"] = .failed("andorra-latest.osm.pbf does not match its published checksum")
        presenter.didPressUpdateRegion(name: "andorra")
        let panel = try #require(view.regionPanels.last)
        #expect(panel.regions.failure == "andorra-latest.osm.pbf does not match its published checksum" && panel.selected == "andorra")
        #expect(panel.regions.rows.map(\.hasUpdate) == [true], "still to update")
        #expect(view.catalogues.isEmpty)
    }

    @Test func uSaysWhyThereIsNothingToUpdate() throws {
        interactor.installedRegions = [try Self.downloaded("andorra", from: "andorra"), Self.installed("krems", places: 12)]
        presenter.didLoad()
        presenter.didPressUpdateRegion(name: "andorra")
        #expect(output.last?.text == "Still asking the server whether region andorra has an update.")
        presenter.didPressUpdateRegion(name: "krems")
        #expect(output.last?.text == "Region krems was added from a file, not downloaded: a adds it again from a newer file.")
        let check = try #require(interactor.pendingCheck)
        check(["andorra": .success(.current)])
        presenter.didPressUpdateRegion(name: "andorra")
        #expect(output.last?.text == "Region andorra is up to date.")
        interactor.updates = ["andorra": .success(.notListed)]
        presenter.didLoad()
        presenter.didPressUpdateRegion(name: "andorra")
        #expect(output.last?.text == "Region andorra: the catalogue no longer lists andorra; left as it is.")
        interactor.updates = ["andorra": .failure(.noNetwork(host: "127.0.0.1"))]
        presenter.didLoad()
        presenter.didPressUpdateRegion(name: "andorra")
        let said = try #require(output.last)
        #expect(said.isError && said.text.hasPrefix("Whether region andorra has an update cannot be said: 127.0.0.1 cannot be reached"))
        #expect(interactor.downloads.isEmpty)
    }

    @Test func closingThePanelDropsTheCheckUnderWay() {
        presenter.didLoad()
        presenter.didCloseRegions()
        #expect(interactor.updateChecksCancelled == 1)
    }

    @Test func escInTheBrowserGoesBackToThePanel() throws {
        _ = try openBrowser()
        presenter.didCancelCatalogue()
        #expect(view.regionPanels.count == 1)
        presenter.didChangeCatalogueQuery("andor")
        #expect(view.catalogueUpdates.isEmpty, "the browser is closed")
    }

    // MARK: View

    @Test func theViewSendsTheBrowsersKeysAsIntents() throws {
        let spy = RegionsPresenterSpy()
        let view = RegionsView(presenter: spy)
        view.showRegions(RegionsViewModel(rows: [.init(name: "andorra", detail: "245 places", hasUpdate: true)]), selecting: nil)
        view.handle(.character("U"))
        view.handle(.character("D"))
        view.showCatalogue(
            CatalogueViewModel(rows: [
                .init(id: "georgia", name: "Georgia", path: "europe/georgia"),
                .init(id: "us/georgia", name: "Georgia", path: "us/georgia"),
            ]), query: "", selecting: nil)
        #expect(view.statusHints.map(\.label) == ["Download", "Choose", "Back"])
        view.handle(.character("g"))
        view.handle(.character("j"))
        view.handle(.down)
        view.handle(.enter)
        view.handle(.escape)
        #expect(spy.intents == ["update region andorra", "download region", "find g", "find gj", "choose us/georgia", "cancel catalogue"])
        view.askToConfirmDownload("Europe (europe) is 31 GB; … Download it?")
        view.handle(.character("y"))
        #expect(spy.intents.last == "answer download true")
    }

    @Test func theBrowserKeepsItsFieldWhenItsRowsChange() throws {
        let spy = RegionsPresenterSpy()
        let view = RegionsView(presenter: spy)
        view.showCatalogue(CatalogueViewModel(), query: "geo", selecting: nil)
        view.updateCatalogue(CatalogueViewModel(rows: [.init(id: "georgia", name: "Georgia", path: "europe/georgia")]))
        view.handle(.end) // the query offered is selected, as every field's text taking the focus: End keeps it
        view.handle(.character("r"))
        view.handle(.enter)
        #expect(spy.intents == ["find geor", "choose georgia"])
    }

    /// The trip list hosts the panel: its help and its status bar are the panel's while it shows.
    @Test func theRegionsPanelsHelpListsItsKeys() {
        let view = TripListView(presenter: TripListPresenterSpy())
        let regions = RegionsView(presenter: RegionsPresenterSpy())
        view.host(regions)
        regions.showRegions(RegionsViewModel(), selecting: nil)
        #expect(view.helpTitle == "Regions — keys")
        #expect(view.helpEntries.contains { $0.keys == "D" && $0.text.hasPrefix("Download a region by name") })
        #expect(view.helpEntries.contains { $0.keys == "U" })
        #expect(view.statusHints.map(\.label) == ["Add", "Download", "Remove", "Close"])
    }

    @Test func theBrowserDrawsTheFieldTheExtractsAndWhatIsAdded() throws {
        let terminal = try #require(Terminal.offscreen(width: 90, height: 20, color: false))
        defer { terminal.stop() }
        let model = CatalogueViewModel(
            rows: [
                .init(id: "andorra", name: "Andorra", path: "europe/andorra", added: "added"),
                .init(id: "georgia", name: "Georgia", path: "europe/georgia"),
            ],
            summary: "2 of 5 extracts · http://127.0.0.1/index-v1.json", note: "The catalogue could not be fetched again.")
        CatalogueBrowser(model, query: "a").draw(on: terminal.surface)
        let lines = terminal.surface.lines()
        let text = lines.joined(separator: "\n")
        #expect(text.contains(" Download a region ") && text.contains("Find: a") && text.contains("The catalogue could not be fetched again."))
        #expect(lines.contains { $0.contains("Andorra") && $0.contains("europe/andorra") && $0.contains("added") }, "\(text)")
        #expect(lines.contains { $0.contains("Georgia") && $0.contains("europe/georgia") && !$0.contains("added") })
        #expect(text.contains("2 of 5 extracts · http://127.0.0.1/index-v1.json") && text.contains("Enter download · Esc back"))
    }

    @Test func aRegionWithAnUpdateIsMarkedInThePanel() throws {
        let terminal = try #require(Terminal.offscreen(width: 90, height: 20, color: false))
        defer { terminal.stop() }
        RegionsPanel(RegionsViewModel(rows: [.init(name: "andorra", detail: "245 places", hasUpdate: true), .init(name: "krems", detail: "12 places")]))
            .draw(on: terminal.surface)
        let lines = terminal.surface.lines()
        #expect(lines.contains { $0.contains("andorra") && $0.contains("update available · 245 places") })
        #expect(lines.contains { $0.contains("krems") && !$0.contains("update available") })
        #expect(lines.joined().contains("a add · D download · d remove · U update · Esc close"))
        var failed = RegionsViewModel(rows: [.init(name: "andorra", detail: "245 places", hasUpdate: true)])
        failed.failure =
            "andorra-latest.osm.pbf does not match its published checksum (MD5 00000000000000000000000000000000, the file's "
            + "0123456789abcdef0123456789abcdef): it was deleted, and nothing was added."
        RegionsPanel(failed).draw(on: terminal.surface)
        let inside = terminal.surface.lines().map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │|")) }.joined(separator: " ")
        #expect(inside.contains("0123456789abcdef0123456789abcdef): it was deleted, and nothing was added."), "whole")
    }
}
