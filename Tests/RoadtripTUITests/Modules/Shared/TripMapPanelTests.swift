import Foundation
@testable import RoadtripCore
@testable import RoadtripTUI
import Terminal
import TextCanvas
import Testing
import RoadtripTestSupport

/// The map of the trip detail screen, drawn off-screen on a small fake basemap.
@MainActor
@Suite struct TripMapPanelTests {
    let presenter = TripDetailPresenterSpy()
    let view: TripDetailView

    init() {
        view = TripDetailView(presenter: presenter)
        view.showBasemap(SquareIsland())
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil))
    }

    private func render(width: Int, height: Int = 24) throws -> (Terminal, [String]) {
        let terminal = try #require(Terminal.offscreen(width: width, height: height))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        return (terminal, terminal.surface.lines())
    }

    private static func hasBraille(_ line: Substring) -> Bool {
        line.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    }

    @Test func wideTerminalsShowTheMapBesideTheStops() throws {
        let (terminal, lines) = try render(width: 130)
        defer { terminal.stop() }
        #expect(lines[2].contains("Monterey"))
        let mapSide = lines[2...21].map { $0.dropFirst(80) }
        #expect(mapSide.contains { Self.hasBraille($0) })
        #expect(mapSide.contains { $0.contains("1 Monterey") || $0.contains("Monterey 1") })
    }

    @Test func atTwoHundredColumnsTheMapTakesWhatTheStopsDoNotNeed() {
        let panel = TripMapPanel()
        let content = Rect(row: 1, column: 0, width: 200, height: 40)
        #expect(panel.frame(in: content)?.width == 200 - TripMapPanel.stopTableWidth - 1)
        #expect(panel.frame(in: Rect(row: 1, column: 0, width: 130, height: 40))?.width == 52) // two fifths
    }

    @Test func narrowTerminalsShowTheMapOnlyAfterM() throws {
        let (terminal, lines) = try render(width: 90)
        defer { terminal.stop() }
        #expect(!lines.contains { Self.hasBraille($0[...]) })
        view.handle(.character("m"))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        let withMap = terminal.surface.lines()
        #expect(withMap.contains { Self.hasBraille($0[...]) })
        #expect(!withMap.contains { $0.contains("Coordinates") })
        view.handle(.escape)
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        #expect(terminal.surface.lines().contains { $0.contains("Coordinates") })
    }

    @Test func focusedMapKeysPanZoomAndFitWithoutReachingThePresenter() throws {
        let terminal = try #require(Terminal.offscreen(width: 130, height: 24))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        let fitted = terminal.surface.lines()
        view.handle(.character("m"))
        #expect(view.statusHints.map(\.label) == ["Pan", "Zoom", "Fit", "List", "Help"])
        for key: Key in [.character("+"), .character("l"), .down] {
            view.handle(key)
            let before = terminal.surface.lines()
            view.draw(on: terminal.surface, in: terminal.surface.bounds)
            #expect(terminal.surface.lines() != before, "\(key) should change the map")
        }
        view.handle(.character("0"))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        #expect(terminal.surface.lines() == fitted)
        view.handle(.escape)
        #expect(view.statusHints.map(\.label).contains("Map"))
        #expect(presenter.intents.isEmpty)
    }

    /// The map side of the screen, from the stops' rows on.
    private static func mapSide(_ terminal: Terminal) -> [Substring] {
        terminal.surface.lines()[2...20].map { $0.dropFirst(78) }
    }

    /// The map side as a fresh view draws `trip`: the whole trip fitted. (Drawn on the test's own
    /// terminal: curses allows one session at a time.)
    private static func freshMap(of trip: Trip, on terminal: Terminal) -> [Substring] {
        let fresh = TripDetailView(presenter: TripDetailPresenterSpy())
        fresh.showBasemap(SquareIsland())
        fresh.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil))
        fresh.draw(on: terminal.surface, in: terminal.surface.bounds)
        return mapSide(terminal)
    }

    @Test func theMapFitsTheTripAgainWhenItsStopsChangeUnlessTheUserMovedIt() throws {
        let terminal = try #require(Terminal.offscreen(width: 130, height: 24))
        defer { terminal.stop() }
        var trip = Fixtures.pacific
        trip.stops.append(Stop(name: "San Diego", location: Coordinate(latitude: 32.7157, longitude: -117.1611)))
        let (pacific, longer) = (Self.freshMap(of: Fixtures.pacific, on: terminal), Self.freshMap(of: trip, on: terminal))
        #expect(pacific != longer)
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        #expect(Self.mapSide(terminal) == pacific)
        // A stop far to the south: the map zooms out to show it with the others.
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        #expect(Self.mapSide(terminal) == longer)
        // Zoomed in by the user: the next change keeps their view.
        view.handle(.character("m"))
        view.handle(.character("+"))
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.pacific, selectedID: nil, unit: .km, message: nil))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        #expect(Self.mapSide(terminal) != pacific)
        // 0 fits again, and changes are followed once more.
        view.handle(.character("0"))
        view.display(TripDetailPresenter.makeViewModel(trip: trip, selectedID: nil, unit: .km, message: nil))
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        #expect(Self.mapSide(terminal) == longer)
    }

    @Test func aStopIsAddedNearWhereTheUserMovedTheMap() throws {
        let terminal = try #require(Terminal.offscreen(width: 130, height: 24))
        defer { terminal.stop() }
        view.draw(on: terminal.surface, in: terminal.surface.bounds)
        view.handle(.character("a"))
        view.handle(.character("m"))
        view.handle(.character("l"))
        view.handle(.escape)
        view.handle(.character("a"))
        #expect(presenter.intents == ["add", "add near the map's centre"])
    }

    @Test func inTheMapUndoRedoSaveAndQuitActAsBesideIt() {
        view.handle(.character("m"))
        for key: Key in [.character("u"), .control("r"), .character("s"), .character("q")] { view.handle(key) }
        #expect(presenter.intents == ["undo", "redo", "save", "back"])
    }

    @Test func helpListsTheMapKeys() {
        #expect(view.helpEntries.contains { $0.text == "Map: zoom in" && $0.keys == "+ =" })
        #expect(view.helpEntries.contains { $0.keys == "m" })
    }

    @Test func anEmptyTripStillGetsAMap() throws {
        view.display(TripDetailPresenter.makeViewModel(trip: Fixtures.empty, selectedID: nil, unit: .km, message: nil))
        let (terminal, lines) = try render(width: 130)
        defer { terminal.stop() }
        #expect(lines.contains { $0.contains("No stops yet") })
        #expect(lines[2...21].contains { Self.hasBraille($0.dropFirst(80)) })
    }
}

/// A basemap of one square island around Monterey Bay (and the whole world's worth of nothing).
final class SquareIsland: BasemapProviding, @unchecked Sendable {
    private let ring: [MercatorPoint] = {
        let corners = [(36.0, -122.5), (37.0, -122.5), (37.0, -121.0), (36.0, -121.0), (36.0, -122.5)]
        return corners.map { latitude, longitude in
            let point = MercatorProjection.project(Coordinate(latitude: latitude, longitude: longitude))
            return MercatorPoint(x: Float(point.x), y: Float(point.y))
        }
    }()

    func forEachLine(in rect: MercatorRect, resolution: Double, _ body: (BasemapLayer, UnsafeBufferPointer<MercatorPoint>) -> Void) {
        ring.withUnsafeBufferPointer { body(.coastline, $0) }
    }
}
