import Foundation
@preconcurrency import OpenCombine
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The interactor on a real DataModel over a temporary file, with a small gazetteer for the zones.
@MainActor
@Suite struct ItineraryInteractorTests {
    let directory: TemporaryDirectory
    let model: DataModel
    let interactor: ItineraryInteractor

    init() throws {
        directory = try TemporaryDirectory()
        model = try DataModel.loaded(with: Fixtures.trips, in: directory)
        interactor = ItineraryInteractor(
            tripID: Fixtures.pacific.id, model: model, places: .fixed(FakePlaces.california),
            today: { LocalDay(year: 2026, month: 1, day: 15) })
    }

    @Test func followsTheTripAndClosesWhenItIsGone() {
        var latest: [Trip?] = []
        let subscription = interactor.trip.sink { latest.append($0) }
        model.renameTrip(id: Fixtures.pacific.id, to: "Coast")
        model.deleteTrip(id: Fixtures.pacific.id)
        #expect(latest.map { $0?.name } == ["Pacific Drive", "Coast", nil])
        subscription.cancel()
    }

    @Test func eachStopTakesTheZoneOfTheNearestPlaceAndTodayIsTheStart() {
        let itinerary = interactor.itinerary(for: Fixtures.pacific, unit: .km)
        #expect(itinerary.days.first?.date == LocalDay(year: 2026, month: 1, day: 15))
        #expect(itinerary.days.flatMap(\.visits).allSatisfy { $0.timeZone.identifier == "America/Los_Angeles" })
        #expect(ItineraryRows.clock(itinerary.days[0].start, in: TimeZone(identifier: "America/Los_Angeles")!) == "09:00")
    }

    @Test func withoutAGazetteerZonesComeFromTheLongitude() {
        let interactor = ItineraryInteractor(tripID: Fixtures.pacific.id, model: model, places: .unavailable)
        let zone = interactor.itinerary(for: Fixtures.pacific, unit: .km).days.first?.visits.first?.timeZone
        #expect(zone?.secondsFromGMT() == -8 * 3600)
    }

    @Test func undoAndSaveReachTheModel() throws {
        model.updateTrip(id: Fixtures.pacific.id, "change the settings") { $0.settings.dailyLimitHours = 3 }
        #expect(interactor.undo() == "change the settings")
        #expect(model.trip(id: Fixtures.pacific.id)?.settings.dailyLimitHours == nil)
        #expect(try interactor.save() == directory.file("trips.json").path)
    }
}
