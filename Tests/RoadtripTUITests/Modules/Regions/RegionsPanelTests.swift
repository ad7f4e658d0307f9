import Foundation
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripTUI
import ScreenModels
import Terminal
import TextCanvas
import Testing

/// The regions manager (`M` on the trip list): what the presenter shows, adds and removes (on the
/// presenter suite's spies), and the keys and drawing of the panel.
extension RegionsPresenterTests {
    static func installed(_ name: String, places: Int) -> RegionShelf.Installed {
        let info = RegionInfo(
            name: name, sourceFile: "/maps/\(name).osm.pbf", sourceBytes: 565_390, sha256: String(repeating: "0", count: 64),
            added: Date(timeIntervalSince1970: 1_795_000_000), bounds: .init(south: 42.43, west: 1.41, north: 42.66, east: 1.79),
            places: places, roads: 1_331, format: RegionInfo.currentFormat)
        return RegionShelf.Installed(name: name, folder: URL(fileURLWithPath: "/r/\(name)"), info: .success(info))
    }

    @Test func thePanelListsEachRegionWithItsCountsAreaAndDate() throws {
        interactor.installedRegions = [
            Self.installed("andorra", places: 245),
            RegionShelf.Installed(
                name: "broken", folder: URL(fileURLWithPath: "/r/broken"),
                info: .failure(.damaged(region: "broken", problem: "/r/broken/region.json is not valid JSON"))),
        ]
        presenter.didLoad()
        let panel = try #require(view.regionPanels.last)
        #expect(panel.regions.rows[0] == .init(name: "andorra", detail: "245 places, 1,331 roads · 42.43–42.66°N 1.41–1.79°E · added 2026-11-18"))
        #expect(panel.regions.rows[1].isDamaged && panel.regions.rows[1].detail.contains("is not valid JSON"))
        #expect(panel.regions.folder == "/data/roadtrip/regions")
    }

    /// Issue 37: a region an older roadtrip added shows the sentence to act on, whole when selected.
    @Test func aRegionOfAnOlderFormatShowsWhyItsPlacesAreNotSearched() throws {
        var old = try Self.installed("andorra", places: 245).info.get()
        old.format = 1
        interactor.installedRegions = [RegionShelf.Installed(name: "andorra", folder: URL(fileURLWithPath: "/r/andorra"), info: .success(old))]
        presenter.didLoad()
        let row = try #require(view.regionPanels.last?.regions.rows.first)
        #expect(row.isDamaged && row.detail.hasPrefix("Region andorra was added by an older roadtrip") && row.detail.contains("/maps/andorra.osm.pbf"))
    }

    @Test func addingRunsOffTheMainLoopThenShowsTheNewRegionSelected() throws {
        let added = Self.installed("krems", places: 12)
        interactor.regionResult = .success(try added.info.get())
        presenter.didPressAddRegion()
        #expect(view.regionAddPaths == [""])
        presenter.didSubmitAddRegion(path: "  ")
        #expect(view.regionAddErrors == ["Type the extract to add: an .osm.pbf, .osm, .osm.gz or .osm.bz2 file."])
        interactor.installedRegions = [added]
        presenter.didSubmitAddRegion(path: "~/maps/krems.osm.gz")
        #expect(interactor.busyTitles == ["Adding region “krems.osm.gz”"])
        #expect(interactor.regionsChangedCount == 1, "the next search loads the new region")
        #expect(view.regionPanels.last?.selected == "krems")
        #expect(output.last?.text == "Added region krems: 12 places, 1,331 roads. Its places are found when adding a stop.")
    }

    /// Issue 36: after an add or a remove the regions' roads are joined again, off the main loop,
    /// and the status bar says so after what it said of the region; nothing runs when they are current.
    @Test func afterAnAddOrARemoveTheRegionsRoadsAreJoinedAgain() throws {
        let joined = "Joined the roads of 2 regions: legs between them are routed where their roads meet."
        interactor.joinNote = .some(joined)
        let added = Self.installed("krems", places: 12)
        interactor.regionResult = .success(try added.info.get())
        interactor.installedRegions = [added]
        presenter.didSubmitAddRegion(path: "~/maps/krems.osm.gz")
        #expect(interactor.busyTitles == ["Adding region “krems.osm.gz”", "Joining the regions' roads"])
        #expect(interactor.regionsChangedCount == 2, "the legs are routed again on the joined roads")
        #expect(output.last?.text == "Added region krems: 12 places, 1,331 roads. Its places are found when adding a stop. " + joined)
        interactor.joinNote = .some(nil)
        presenter.didAnswerRemoveRegion(name: "krems", confirmed: true)
        #expect(interactor.busyTitles.last == "Joining the regions' roads" && interactor.busyTitles.count == 3)
        #expect(output.last?.text == "Removed region krems.")
        interactor.joinNote = nil
        presenter.didAnswerRemoveRegion(name: "andorra", confirmed: false)
        #expect(interactor.busyTitles.count == 3)
    }

    @Test func aFailedAddShowsTheFormAgainWithTheSentence() {
        interactor.regionResult = .failure(.notAFile(path: "/tmp", what: "a folder"))
        presenter.didSubmitAddRegion(path: "/tmp")
        #expect(view.regionAddPaths == ["/tmp"])
        #expect(view.regionAddErrors == ["/tmp is a folder, not an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz or .osm.bz2)."])
        #expect(interactor.regionsChangedCount == 0)
    }

    @Test func removingAsksFirstAndOnlyYesRemoves() {
        interactor.installedRegions = [Self.installed("andorra", places: 245)]
        presenter.didPressRemoveRegion(name: "andorra")
        #expect(view.regionRemovals.map(\.question) == ["Remove region “andorra” and its 245 places?"])
        presenter.didAnswerRemoveRegion(name: "andorra", confirmed: false)
        #expect(interactor.removedRegions.isEmpty)
        presenter.didAnswerRemoveRegion(name: "andorra", confirmed: true)
        #expect(interactor.removedRegions == ["andorra"] && interactor.regionsChangedCount == 1)
        #expect(view.regionPanels.last?.regions.rows.isEmpty == true)
        #expect(output.last?.text == "Removed region andorra.")
    }

    @Test func theViewSendsThePanelsKeysAsIntents() throws {
        let spy = RegionsPresenterSpy()
        let view = RegionsView(presenter: spy)
        view.showRegions(RegionsViewModel(rows: [.init(name: "andorra", detail: "245 places"), .init(name: "krems", detail: "12 places")]), selecting: nil)
        view.handle(.character("j"))
        view.handle(.character("d"))
        view.handle(.character("a"))
        view.handle(.escape)
        #expect(spy.intents == ["remove region krems", "add region", "close regions"])
        #expect(view.statusHints.map(\.label) == ["Add", "Download", "Remove", "Close"])
    }

    @Test func thePanelDrawsItsRowsOrWhatARegionIs() throws {
        let terminal = try #require(Terminal.offscreen(width: 90, height: 20, color: false))
        defer { terminal.stop() }
        RegionsPanel(RegionsViewModel(rows: [], folder: "/home/u/.local/share/roadtrip/regions")).draw(on: terminal.surface)
        let text = terminal.surface.lines().joined(separator: "\n")
        #expect(text.contains(" Regions ") && text.contains("No region yet") && text.contains("a add · D download · d remove · Esc close"))
        #expect(text.contains("/home/u/.local/share/roadtrip/regions"))
    }

    /// Issue 34, case 14: a damaged region's sentence was cut to the row ("…/andor…"); selected,
    /// it is shown whole under the list.
    @Test func aDamagedRegionsSentenceIsShownWholeWhenSelected() throws {
        let terminal = try #require(Terminal.offscreen(width: 90, height: 24, color: false))
        defer { terminal.stop() }
        let folder = "/home/someone/.local/share/roadtrip/regions/andorra-and-its-neighbours"
        let sentence = RegionError.damaged(region: "andorra", problem: "\(folder)/region.json is not valid JSON").description
        var panel = RegionsPanel(
            RegionsViewModel(rows: [.init(name: "krems", detail: "12 places"), .init(name: "andorra", detail: sentence, isDamaged: true)]))
        panel.draw(on: terminal.surface)
        #expect(!terminal.surface.lines().joined().contains("is not valid JSON; add it again"), "not shown while another row is selected")
        _ = panel.handle(.character("j"))
        panel.draw(on: terminal.surface)
        // The lines inside the box, joined without their spaces: the sentence is there whole.
        let inside = terminal.surface.lines().map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │|")) }.joined()
        #expect(
            inside.replacingOccurrences(of: " ", with: "").contains(sentence.replacingOccurrences(of: " ", with: "")),
            "\(terminal.surface.lines().joined(separator: "\n"))")
    }
}

// MARK: Search and pages in the panel (issue 53)

@MainActor
extension RegionsPresenterTests {
    static let threeRegions = RegionsViewModel(rows: [
        .init(name: "andorra", detail: "245 places"), .init(name: "krems", detail: "12 places"),
        .init(name: "nordrhein-westfalen", detail: "90,210 places"),
    ])

    /// The panel keeps its selection, and its search with it: `/` types, `n` goes on, Esc goes back.
    @Test func thePanelSearchesItsRegions() {
        var panel = RegionsPanel(Self.threeRegions)
        #expect(panel.handle(.character("/")) == .changed(nil))
        #expect(panel.prompt != nil)
        for character in "krem" { _ = panel.handle(.character(character)) }
        #expect(panel.selectedName == "krems")
        #expect(panel.handle(.enter) == .changed(nil))
        #expect(panel.prompt == nil && panel.selectedName == "krems")
        #expect(panel.handle(.character("n")) == .changed(StatusMessage("Only this row matches “krem”.")))
        _ = panel.handle(.character("/"))
        for character in "westf" { _ = panel.handle(.character(character)) }
        #expect(panel.selectedName == "nordrhein-westfalen")
        _ = panel.handle(.escape)
        #expect(panel.selectedName == "krems", "Esc goes back where the search began")
        #expect(panel.handle(.character("j")) == .changed(nil), "the prompt closed, keys move again")
    }

    @Test func aSearchThatFindsNothingIsSaidInTheStatusBar() {
        let spy = RegionsPresenterSpy()
        let view = RegionsView(presenter: spy)
        view.showRegions(Self.threeRegions, selecting: nil)
        view.handle(.character("/"))
        #expect(view.searchPrompt != nil)
        view.handle(.character("z"))
        #expect(view.searchPrompt?.isFailing == true)
        view.handle(.enter)
        #expect(spy.intents == ["said Nothing here matches “z”."])
        #expect(view.searchPrompt == nil)
    }

    @Test func thePanelPagesByTheRowsItShows() {
        let many = RegionsViewModel(rows: (1...40).map { .init(name: "region \($0)", detail: "\($0) places") })
        var panel = RegionsPanel(many)
        let height = panel.listHeight(in: Rect(row: 0, column: 0, width: 80, height: 24))
        #expect(height == 16)
        _ = panel.handle(.control("d"), pageSize: height)
        #expect(panel.selectedName == "region 9")
        _ = panel.handle(.character(" "), pageSize: height)
        #expect(panel.selectedName == "region 24")
        _ = panel.handle(.control("b"), pageSize: height)
        _ = panel.handle(.control("u"), pageSize: height)
        #expect(panel.selectedName == "region 1")
    }
}
