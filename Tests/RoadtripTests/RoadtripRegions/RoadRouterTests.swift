import Foundation
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions

/// Legs routed in process on the roads of the committed extracts (© OpenStreetMap contributors,
/// ODbL), against `routino-router`: the same engine, on the same database, with the same profile.
@Suite(.serialized) struct RoadRouterTests {
    /// Andorra and Krems added once for the suite, each with its road database.
    nonisolated(unsafe) static let shelf = Result { () throws -> (RegionShelf, TemporaryDirectory) in
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        for file in ["andorra.osm.pbf", "krems.osm.gz"] {
            _ = try RegionImport(file: RegionImportTests.fixture(file), shelf: shelf, towns: nil).run()
        }
        return (shelf, directory)
    }

    static func router() throws -> RoadRouter { RoadRouter(shelf: try shelf.get().0) }

    static let andorraLaVella = Coordinate(latitude: 42.5078, longitude: 1.5211)
    static let pasDeLaCasa = Coordinate(latitude: 42.5428, longitude: 1.7336)
    static let ordino = Coordinate(latitude: 42.5562, longitude: 1.5332)
    static let krems = Coordinate(latitude: 48.4102, longitude: 15.6036)
    static let kremsEast = Coordinate(latitude: 48.4046, longitude: 15.6512)

    /// What `routino-router` prints for the leg: the last row's total kilometres and minutes.
    static func reference(_ from: Coordinate, _ to: Coordinate, region: String, quickest: Bool, profile: String) throws -> (km: Double, minutes: Double) {
        let folder = try shelf.get().0.directory.appendingPathComponent(region).appendingPathComponent(RegionInfo.roadsFolderName)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/routino-router")
        process.arguments = ["--dir=\(folder.path)", "--profiles=/usr/share/routino/profiles.xml", "--profile=\(profile)",
                             "--lat1=\(from.latitude)", "--lon1=\(from.longitude)", "--lat2=\(to.latitude)", "--lon2=\(to.longitude)",
                             quickest ? "--quickest" : "--shortest", "--output-text-all", "--output-stdout", "--quiet"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let last = try #require(output.split(separator: "\n").last { !$0.hasPrefix("#") })
        let columns = last.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
        return (try #require(Double(columns[6])), try #require(Double(columns[7])))
    }

    @Test(arguments: [(andorraLaVella, pasDeLaCasa, "andorra", true, RoadRouter.Options.Vehicle.car),
                      (pasDeLaCasa, andorraLaVella, "andorra", true, .car), (andorraLaVella, ordino, "andorra", false, .car),
                      (andorraLaVella, pasDeLaCasa, "andorra", true, .van), (andorraLaVella, ordino, "andorra", true, .motorcycle),
                      (krems, kremsEast, "krems", true, .car), (kremsEast, krems, "krems", false, .car)])
    func aLegIsWhatRoutinoRouterPrints(from: Coordinate, to: Coordinate, region: String, quickest: Bool, vehicle: RoadRouter.Options.Vehicle) throws {
        let outcome = try Self.router().route(from: from, to: to, fromName: "A", toName: "B", options: .init(vehicle: vehicle, quickest: quickest))
        guard case .road(let leg) = outcome else { Issue.record("\(outcome)"); return }
        #expect(leg.region == region)
        let reference = try Self.reference(from, to, region: region, quickest: quickest, profile: vehicle.rawValue)
        // routino-router prints kilometres to 2 decimals and minutes to 1: the same figures, rounded as it rounds them.
        #expect(String(format: "%.2f", leg.metres / 1_000) == String(format: "%.2f", reference.km), "\(leg.metres) m against \(reference.km) km")
        #expect(String(format: "%.1f", leg.seconds / 60) == String(format: "%.1f", reference.minutes), "\(leg.seconds) s against \(reference.minutes) min")
        #expect(leg.line.count > 2)
    }

    @Test func andorraLaVellaToPasDeLaCasaIsAboutTwiceItsStraightLine() throws {
        guard case .road(let leg) = try Self.router().route(from: Self.andorraLaVella, to: Self.pasDeLaCasa, fromName: "Andorra la Vella", toName: "Pas de la Casa") else {
            Issue.record("not routed"); return
        }
        let ratio = leg.metres / Geodesy.distance(from: Self.andorraLaVella, to: Self.pasDeLaCasa)
        #expect((1.6...2.2).contains(ratio), "\(ratio)")
    }

    @Test func legsWithoutRoadFiguresSayWhy() throws {
        let router = try Self.router()
        #expect(router.route(from: Self.andorraLaVella, to: Self.krems, fromName: "Andorra la Vella", toName: "Krems")
                == .estimate(reason: "Andorra la Vella and Krems are in different regions"))
        let durness = Coordinate(latitude: 58.567, longitude: -4.745)
        #expect(router.route(from: durness, to: Self.krems, fromName: "Durness", toName: "Krems") == .estimate(reason: "no region covers Durness"))
        // The middle of Engolasters lake, and a summit far from any road.
        let summit = Coordinate(latitude: 42.6669, longitude: 1.3979)
        guard case .estimate(let reason) = router.route(from: Self.andorraLaVella, to: summit, fromName: "Andorra la Vella", toName: "Pica d'Estats") else {
            Issue.record("a summit is not on a road"); return
        }
        #expect(reason == "no region covers Pica d'Estats", "outside the extract's box: \(reason)")
    }

    @Test func aRegionAddedBeforeRoadsHasNone() {
        #expect(!RoadRouter(regions: []).hasRoads)
        #expect(RoadRouter(regions: []).route(from: Self.krems, to: Self.kremsEast, fromName: "Krems", toName: "Krems east") == .estimate(reason: "no region covers Krems"))
    }
}

extension RoadRouterTests {
    @Test func aTripsSettingsChooseTheProfileAndTheWay() throws {
        #expect(RoadRouter.Options(settings: TripSettings()) == .init(vehicle: .car, quickest: true))
        var settings = TripSettings()
        settings.route = .shortest
        settings.vehicle = .van
        #expect(RoadRouter.Options(settings: settings) == .init(vehicle: .van, quickest: false))
        // The same leg, shortest by van, is what routino-router prints for that profile.
        var trip = Trip(name: "T", stops: [Stop(name: "A", location: Self.andorraLaVella), Stop(name: "B", location: Self.ordino)])
        trip.settings = settings
        let leg = try #require(try Self.router().legs(of: trip, estimate: RouteEstimate()).first)
        let reference = try Self.reference(Self.andorraLaVella, Self.ordino, region: "andorra", quickest: false, profile: "goods")
        #expect(leg.source == .road && String(format: "%.2f", leg.meters / 1_000) == String(format: "%.2f", reference.km))
    }
}
