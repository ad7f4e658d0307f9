import Foundation
@testable import RoadtripCore
import RoadtripTestSupport
import Testing

/// Issue 38, item 5: Stovepipe Wells (California), typed as coordinates, was "near Beatty, NV",
/// 48 km away in another state, with no region. A point is now named after the place near it with
/// the distance and direction when that is not near, and is in its own region and country.
@Suite struct CoordinatePlaceTests {
    static func place(
        _ name: String, _ latitude: Double, _ longitude: Double, region: String, code: String, country: String = "United States",
        countryCode: String = "US", kind: PlaceKind = .populatedPlace, source: String = Place.builtinSource
    ) -> Place {
        Place(
            name: name, admin1: region, admin1Code: code, country: country, countryCode: countryCode,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), population: kind == .populatedPlace ? 1_000 : 0, kind: kind, source: source)
    }

    static let beatty = place("Beatty", 36.90856, -116.75923, region: "Nevada", code: "NV")
    static let deathValley = place("Death Valley", 36.2396, -116.8113, region: "California", code: "CA")
    static let stovepipeWells = Coordinate(latitude: 36.6064, longitude: -117.1456)
    /// The California–Nevada line where it runs straight, from Lake Tahoe to the Colorado.
    static let stateLine = [Coordinate(latitude: 39.0, longitude: -120.0), Coordinate(latitude: 35.0, longitude: -114.63)]

    @Test func farFromEveryPlaceTheNameSaysHowFarAndWhichWay() {
        let point = CoordinatePlace(Self.stovepipeWells, places: FakePlaces([Self.beatty, Self.deathValley]), borders: nil)
        #expect(point.nearest == Self.beatty)
        #expect(point.name(unit: .km) == "48 km SW of Beatty, NV")
        #expect(point.name(unit: .mi) == "30 mi SW of Beatty, NV")
    }

    @Test func withinFiveKilometersAPointIsNearThePlace() {
        let places = FakePlaces([Self.beatty])
        #expect(CoordinatePlace(Coordinate(latitude: 36.94, longitude: -116.7592), places: places, borders: nil).name(unit: .km) == "near Beatty, NV")
        #expect(CoordinatePlace(Coordinate(latitude: 36.965, longitude: -116.7592), places: places, borders: nil).name(unit: .km) == "6 km N of Beatty, NV")
        // Nothing known: the coordinates themselves.
        #expect(CoordinatePlace(Self.stovepipeWells, places: nil, borders: nil).name(unit: .km) == Self.stovepipeWells.formatted)
    }

    @Test func thePointIsInTheRegionOfTheNearestTownNoBorderSeparatesFromIt() {
        let places = FakePlaces([Self.beatty, Self.deathValley])
        let point = CoordinatePlace(Self.stovepipeWells, places: places, borders: Borderlines([(.stateBorder, Self.stateLine)]))
        #expect(point.region == "California" && point.country == "United States")
        let stop = Stop(point, unit: .km)
        #expect(stop.name == "48 km SW of Beatty, NV" && stop.region == "California" && stop.country == "United States")
        // Without the borders, the nearest town's: right but across a border.
        #expect(CoordinatePlace(Self.stovepipeWells, places: places, borders: nil).region == "Nevada")
    }

    @Test func acrossAStateBorderFromEveryTownOnlyTheCountryIsKnownAndAcrossACountryBorderNeither() {
        let places = FakePlaces([Self.beatty])
        let stateBorder = CoordinatePlace(Self.stovepipeWells, places: places, borders: Borderlines([(.stateBorder, Self.stateLine)]))
        #expect(stateBorder.region == nil && stateBorder.country == "United States")
        let countryBorder = CoordinatePlace(Self.stovepipeWells, places: places, borders: Borderlines([(.countryBorder, Self.stateLine)]))
        #expect(countryBorder.region == nil && countryBorder.country == nil)
        // The name does not depend on borders.
        #expect(countryBorder.name(unit: .km) == "48 km SW of Beatty, NV")
    }

    @Test func aSpotNearNamesThePointAndFartherATownDoesNotAServiceNorAnArea() {
        let peak = Self.place("Bonanza Mountain", 36.75, -116.95, region: "Nevada", code: "NV", kind: .peak, source: "beatty")
        let fuel = Self.place("Shell", 36.6070, -117.1450, region: "Nevada", code: "NV", kind: .fuel, source: "beatty")
        let park = Self.place("Death Valley", 36.4902, -117.1012, region: "California", code: "CA", kind: .nationalPark)
        let places = FakePlaces([Self.beatty, peak, fuel, park])
        // 24 km from the peak, 13 from the park's point, 48 from the town.
        #expect(CoordinatePlace(Self.stovepipeWells, places: places, borders: nil).name(unit: .km) == "48 km SW of Beatty, NV")
        #expect(
            CoordinatePlace(Coordinate(latitude: 36.76, longitude: -116.95), places: places, borders: nil).name(unit: .km)
                == "near Bonanza Mountain, NV")
        #expect(PlaceKind.peak.namesAPoint && PlaceKind.village.namesAPoint && PlaceKind.castle.namesAPoint)
        #expect(!PlaceKind.fuel.namesAPoint && !PlaceKind.nationalPark.namesAPoint && !PlaceKind.lake.namesAPoint)
    }

    @Test func aPlaceWhoseRegionRepeatsItsNameIsNotQualifiedTwice() {
        let massana = Self.place("la Massana", 42.5450, 1.5148, region: "La Massana", code: "04", country: "Andorra", countryCode: "AD")
        let point = CoordinatePlace(Coordinate(latitude: 42.5456, longitude: 1.5160), places: FakePlaces([massana]), borders: nil)
        #expect(point.name(unit: .km) == "near la Massana")
        #expect(point.region == "La Massana" && point.country == "Andorra")
    }

    @Test func theCompassPointIsTheNearestOfEight() {
        #expect(
            [0, 22, 23, 90, 180, 224, 247.4, 315, 337.4, 337.6, 359.9].map(CoordinatePlace.compassPoint)
                == ["N", "N", "NE", "E", "S", "SW", "SW", "NW", "NW", "N", "N"])
    }

    /// The committed data: no town of the built-in gazetteer is nearer to Stovepipe Wells than
    /// Beatty, in Nevada; the basemap's California line puts the point in California.
    @Test func stovepipeWellsOnTheCommittedDataIsInCalifornia48KilometersFromBeatty() throws {
        let resources = try Resources.locate(environment: [:])
        let library = PlaceLibrary(indexes: [try RealGazetteer.get(), try Gazetteer.load(from: resources.features)])
        let basemap = try Basemap.load(from: resources.basemap)
        #expect(basemap.bordersCrossed(from: Self.stovepipeWells, to: Self.beatty.coordinate) == [.stateBorder])
        #expect(basemap.bordersCrossed(from: Self.stovepipeWells, to: Self.deathValley.coordinate).isEmpty)
        let point = CoordinatePlace(Self.stovepipeWells, places: library, borders: basemap)
        #expect(point.name(unit: .km) == "48 km SW of Beatty, NV")
        #expect(point.region == "California" && point.country == "United States")
        // Across the Pyrenees: a point in Andorra is in Andorra, not in the Spanish or French town's region.
        let andorra = CoordinatePlace(Coordinate(latitude: 42.47, longitude: 1.49), places: library, borders: basemap)
        #expect(andorra.country == "Andorra" && andorra.region == "Sant Julià de Loria", "\(andorra)")
    }
}

/// A basemap of a few lines, given in degrees.
final class Borderlines: BasemapProviding, @unchecked Sendable {
    let lines: [(BasemapLayer, [MercatorPoint])]

    init(_ lines: [(BasemapLayer, [Coordinate])]) {
        self.lines = lines.map { layer, points in
            (
                layer,
                points.map {
                    let world = MercatorProjection.project($0); return MercatorPoint(x: Float(world.x), y: Float(world.y))
                }
            )
        }
    }

    func forEachLine(in rect: MercatorRect, resolution: Double, _ body: (BasemapLayer, UnsafeBufferPointer<MercatorPoint>) -> Void) {
        for (layer, points) in lines { points.withUnsafeBufferPointer { body(layer, $0) } }
    }
}
