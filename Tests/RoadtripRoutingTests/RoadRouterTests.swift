import ChildProcesses
import Foundation
@testable import OSMImport
import Testing
@testable import RoadtripCore
@testable import RoadtripRegions
@testable import RoadtripRouting
@testable import RoutinoRouting
import RoadtripTestSupport

/// Legs routed in process on the roads of the committed extracts (© OpenStreetMap contributors,
/// ODbL), by the Routino engine with roadtrip's profiles, against `routino-router` where it helps.
@Suite(.serialized) struct RoadRouterTests {
    /// Andorra and Krems added once for the suite, each with its road database.
    nonisolated(unsafe) static let shelf = Result { () throws -> (RegionShelf, TemporaryDirectory) in
        let directory = try TemporaryDirectory()
        let shelf = RegionShelf(directory: directory.file("regions"))
        for file in ["andorra.osm.pbf", "krems.osm.gz"] {
            _ = try RegionImport(file: TestsFolder.url.appendingPathComponent("Fixtures/osm/\(file)").path, shelf: shelf, towns: nil).run()
        }
        return (shelf, directory)
    }

    static func router() throws -> RoadRouter { RoadRouter(shelf: try shelf.get().0) }

    static let andorraLaVella = Coordinate(latitude: 42.5078, longitude: 1.5211)
    static let pasDeLaCasa = Coordinate(latitude: 42.5428, longitude: 1.7336)
    static let ordino = Coordinate(latitude: 42.5562, longitude: 1.5332)
    static let krems = Coordinate(latitude: 48.4102, longitude: 15.6036)
    static let kremsEast = Coordinate(latitude: 48.4046, longitude: 15.6512)

    /// What `routino-router` prints for the leg with Routino's own profile of `profile`: the last
    /// row's total kilometers and minutes (what roadtrip's legs were before issue 35).
    static func reference(_ from: Coordinate, _ to: Coordinate, region: String, quickest: Bool, profile: String) throws -> (km: Double, minutes: Double) {
        let folder = try shelf.get().0.directory.appendingPathComponent(region).appendingPathComponent(RegionInfo.roadsFolderName)
        let arguments = [
            "--dir=\(folder.path)", "--profiles=/usr/share/routino/profiles.xml", "--profile=\(profile)",
            "--lat1=\(from.latitude)", "--lon1=\(from.longitude)", "--lat2=\(to.latitude)", "--lon2=\(to.longitude)",
            quickest ? "--quickest" : "--shortest", "--output-text-all", "--output-stdout", "--quiet",
        ]
        let output = String(decoding: try ChildProcess.output(of: "/usr/bin/routino-router", arguments).output, as: UTF8.self)
        let last = try #require(output.split(separator: "\n").last { !$0.hasPrefix("#") })
        let columns = last.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
        return (try #require(Double(columns[6])), try #require(Double(columns[7])))
    }

    /// The leg on roads, or a recorded issue.
    static func roadLeg(_ from: Coordinate, _ to: Coordinate, _ options: RouteOptions = .init()) throws -> RoutedLeg? {
        let outcome = try router().route(from: from, to: to, fromName: "A", toName: "B", options: options)
        guard case .road(let leg) = outcome else { Issue.record("\(outcome)"); return nil }
        return leg
    }

    /// Issue 35: the leg is Routino's way on the region's roads, timed by roadtrip's `DriveTime`:
    /// as long as its line (to Routino's rounding, about 1 %), never faster than the vehicle's fastest road, and slower than Routino's
    /// default figures, which drove a car at 96 km/h on every primary road and knew no bend.
    @Test(arguments: [
        (andorraLaVella, pasDeLaCasa, "andorra", true, Vehicle.car),
        (pasDeLaCasa, andorraLaVella, "andorra", true, .car), (andorraLaVella, ordino, "andorra", false, .car),
        (andorraLaVella, pasDeLaCasa, "andorra", true, .van), (andorraLaVella, ordino, "andorra", true, .motorcycle),
        (krems, kremsEast, "krems", true, .car), (kremsEast, krems, "krems", false, .camper),
    ])
    func aLegIsDrivenAlongItsLine(from: Coordinate, to: Coordinate, region: String, quickest: Bool, vehicle: Vehicle) throws {
        guard let leg = try Self.roadLeg(from, to, .init(vehicle: vehicle, quickest: quickest)) else { return }
        #expect(leg.region == region && leg.line.count > 2)
        let lineMeters = zip(leg.line, leg.line.dropFirst()).reduce(0) { $0 + Geodesy.distance(from: $1.0, to: $1.1) }
        #expect(abs(lineMeters - leg.meters) < 0.02 * leg.meters + 5, "\(leg.meters) m against a line of \(lineMeters) m")
        let fastest = DrivingProfile.of(vehicle).cruiseKmh.values.max()! / 3.6
        #expect(leg.seconds > leg.meters / fastest)
        let routino = try Self.reference(from, to, region: region, quickest: quickest, profile: vehicle.transport.rawValue)
        #expect(leg.seconds > routino.minutes * 60 * 1.15, "\(leg.seconds) s against Routino's \(routino.minutes) min")
    }

    /// The road over the Coll d'Ordino climbs in hairpins: Routino's default drove its 15 km at
    /// 87 km/h (10.6 min; about 25 by road atlases); roadtrip takes them below 50 km/h, and each
    /// vehicle in its own time.
    @Test func theHairpinsOfTheCollDOrdinoAreSlowAndEachVehicleTakesThemInItsOwnTime() throws {
        let seconds = try Vehicle.allCases.map { vehicle in
            try #require(try Self.roadLeg(Self.ordino, Self.canillo, .init(vehicle: vehicle))).seconds
        }
        let (car, motorcycle, van, camper) = (seconds[0], seconds[1], seconds[2], seconds[3])
        #expect(motorcycle < car && car < van && van < camper, "\(seconds)")
        let climb = try #require(try Self.roadLeg(Self.ordino, Self.canillo))
        let routino = try Self.reference(Self.ordino, Self.canillo, region: "andorra", quickest: true, profile: "motorcar")
        #expect(
            climb.meters / climb.seconds * 3.6 < 50 && climb.seconds > 1.6 * routino.minutes * 60,
            "\(climb.meters) m in \(climb.seconds) s; Routino's default \(routino.minutes) min")
    }

    /// The Carretera dels Cortals (CS-320) above Andorra la Vella is closed above 2.1 t
    /// (`maxweight`): a car (1.6 t) drives its 1.5 km; a van or a camper (3.5 t) goes round.
    @Test func aVanAndACamperGoRoundARoadTooWeakForThem() throws {
        let (west, east) = (Coordinate(latitude: 42.52836, longitude: 1.49442), Coordinate(latitude: 42.53114, longitude: 1.50986))
        let car = try #require(try Self.roadLeg(west, east))
        #expect(car.meters < 2_000, "\(car.meters) m")
        for vehicle in [Vehicle.van, .camper] {
            let heavy = try #require(try Self.roadLeg(west, east, .init(vehicle: vehicle)))
            #expect(heavy.meters > 5 * car.meters, "\(vehicle): \(heavy.meters) m against the car's \(car.meters) m")
        }
    }

    /// Routino's copy of a profile drops its one-way rule (libroutino 3.3.3): roadtrip's legs drove
    /// up the one-way Avinguda Sant Antoni from Andorra la Vella to Ordino (8.3 km); the way round
    /// by the Dos Valires tunnel is 11.6 km, as routino-router and Valhalla have it.
    @Test func oneWayStreetsAreDrivenOneWay() throws {
        let leg = try #require(try Self.roadLeg(Self.andorraLaVella, Self.ordino))
        let routino = try Self.reference(Self.andorraLaVella, Self.ordino, region: "andorra", quickest: true, profile: "motorcar")
        #expect(abs(leg.meters / 1_000 - routino.km) < 0.2, "\(leg.meters) m against routino-router's \(routino.km) km")
    }

    /// Routino's own profiles weighed the classes 2.5 to 1 for the shortest way too, so that it
    /// was the quickest one on every Andorra leg; roadtrip's weigh them the same.
    @Test func theShortestWayIsShorterThanTheQuickestWhereTheStreetsAllowIt() throws {
        let (escaldes, west) = (Coordinate(latitude: 42.5125, longitude: 1.5340), Coordinate(latitude: 42.5050, longitude: 1.5180))
        let quickest = try #require(try Self.roadLeg(escaldes, west))
        let shortest = try #require(try Self.roadLeg(escaldes, west, .init(quickest: false)))
        #expect(shortest.meters < quickest.meters * 0.9, "shortest \(shortest.meters) m, quickest \(quickest.meters) m")
    }

    @Test func andorraLaVellaToPasDeLaCasaIsAboutTwiceItsStraightLine() throws {
        guard
            case .road(let leg) = try Self.router().route(
                from: Self.andorraLaVella, to: Self.pasDeLaCasa, fromName: "Andorra la Vella", toName: "Pas de la Casa")
        else {
            Issue.record("not routed"); return
        }
        let ratio = leg.meters / Geodesy.distance(from: Self.andorraLaVella, to: Self.pasDeLaCasa)
        #expect((1.6...2.2).contains(ratio), "\(ratio)")
    }

    @Test func legsWithoutRoadFiguresSayWhy() throws {
        let router = try Self.router()
        #expect(
            router.route(from: Self.andorraLaVella, to: Self.krems, fromName: "Andorra la Vella", toName: "Krems")
                == .estimate(reason: "Andorra la Vella and Krems are in regions whose roads do not meet (andorra and krems)"))
        let durness = Coordinate(latitude: 58.567, longitude: -4.745)
        #expect(router.route(from: durness, to: Self.krems, fromName: "Durness", toName: "Krems") == .estimate(reason: "no region covers Durness"))
        // The middle of Engolasters lake, and a summit far from any road.
        let summit = Coordinate(latitude: 42.6669, longitude: 1.3979)
        guard case .estimate(let reason) = router.route(from: Self.andorraLaVella, to: summit, fromName: "Andorra la Vella", toName: "Pica d'Estats") else {
            Issue.record("a summit is not on a road"); return
        }
        // Issue 56, item 2: outside the area of the region's roads, by how much at least.
        #expect(reason == "Pica d'Estats is more than 2.8 km from the roads of andorra", "\(reason)")
    }

    @Test func aRegionAddedBeforeRoadsHasNone() {
        #expect(!RoadRouter(regions: []).hasRoads)
        #expect(
            RoadRouter(regions: []).route(from: Self.krems, to: Self.kremsEast, fromName: "Krems", toName: "Krems east")
                == .estimate(reason: "no region covers Krems"))
    }
}

extension RoadRouterTests {
    @Test func aTripsSettingsChooseTheProfileAndTheWay() throws {
        #expect(RouteOptions(settings: TripSettings()) == .init(vehicle: .car, quickest: true))
        var settings = TripSettings()
        settings.route = .shortest
        settings.vehicle = .van
        #expect(RouteOptions(settings: settings) == .init(vehicle: .van, quickest: false))
        // The trip's legs are the router's for those options.
        var trip = Trip(name: "T", stops: [Stop(name: "A", location: Self.andorraLaVella), Stop(name: "B", location: Self.ordino)])
        trip.settings = settings
        let leg = try #require(try Self.router().legs(of: trip, estimate: RouteEstimate()).first)
        let direct = try #require(try Self.roadLeg(Self.andorraLaVella, Self.ordino, .init(vehicle: .van, quickest: false)))
        #expect(leg.source == .road && leg.meters == direct.meters && leg.seconds == direct.seconds)
    }
}

/// Stops the roads cannot reach, trips of one stop, a loop and a hundred stops (issue 23).
extension RoadRouterTests {
    static let encamp = Coordinate(latitude: 42.5345, longitude: 1.5806)
    static let santJulia = Coordinate(latitude: 42.4637, longitude: 1.4912)
    static let canillo = Coordinate(latitude: 42.5676, longitude: 1.5976)

    static func trip(_ points: [Coordinate]) -> Trip {
        Trip(name: "T", stops: points.enumerated().map { Stop(name: "S\($0 + 1)", location: $1) })
    }

    @Test func aStopFarOffRoadIsAnEstimateAndOneInALakeStartsOnItsShore() throws {
        let router = try Self.router()
        // Coma Pedrosa's summit: Routino finds no road within 1 km.
        let summit = Coordinate(latitude: 42.5917, longitude: 1.4446)
        #expect(
            router.route(from: Self.andorraLaVella, to: summit, fromName: "Andorra la Vella", toName: "Coma Pedrosa")
                == .estimate(reason: "Coma Pedrosa is more than 1 km from the roads of andorra"))
        // The middle of Engolasters lake: the leg starts on the road along its shore, with the way
        // from the lake to that road added when it is farther than `RoutedLeg.atTheRoad`.
        let lake = Coordinate(latitude: 42.5199, longitude: 1.5676)
        guard case .road(let leg) = router.route(from: lake, to: Self.encamp, fromName: "Engolasters", toName: "Encamp") else {
            Issue.record("the lake's shore road"); return
        }
        let shore = try #require(leg.line.first == lake ? leg.line.dropFirst().first : leg.line.first)
        let off = Geodesy.distance(from: lake, to: shore)
        #expect((50...RoutedLeg.farthestFromRoad).contains(off))
        #expect((leg.line.first == lake) == (off > RoutedLeg.atTheRoad))
    }

    /// Issue 35, item 5: Stein an der Donau lies west of the box the Krems extract was cut to, but
    /// the extract's roads run there: it was "no region covers Stein" while routino-router routed
    /// it. The region's box is its data's now.
    @Test func aPlaceOnTheRoadsPastTheHeadersBoxIsRouted() throws {
        let router = try Self.router()
        let stein = Coordinate(latitude: 48.4025, longitude: 15.5880)
        guard case .road(let leg) = router.route(from: Self.krems, to: stein, fromName: "Krems", toName: "Stein") else {
            Issue.record("\(router.route(from: Self.krems, to: stein, fromName: "Krems", toName: "Stein"))"); return
        }
        #expect(leg.meters > Geodesy.distance(from: Self.krems, to: stein) && leg.region == "krems")
    }

    @Test func aOneStopTripHasNoLegsAndALoopEndsWhereItStarts() throws {
        let router = try Self.router()
        #expect(router.legs(of: Self.trip([Self.ordino]), estimate: RouteEstimate()).isEmpty)
        #expect(router.matrix(of: [(Self.ordino, "Ordino")]) == .roads(RoadMatrix(count: 1, meters: [0], seconds: [0])))
        let loop = router.legs(of: Self.trip([Self.andorraLaVella, Self.ordino, Self.encamp, Self.andorraLaVella]), estimate: RouteEstimate())
        #expect(loop.map(\.source) == [.road, .road, .road])
        let home = try #require(loop.last?.line.last)
        #expect(Geodesy.distance(from: home, to: Self.andorraLaVella) < 300)
    }

    @Test func aHundredStopsAlongTheRoadEachGoOnToTheNext() throws {
        let router = try Self.router()
        guard case .road(let whole) = router.route(from: Self.andorraLaVella, to: Self.pasDeLaCasa, fromName: "A", toName: "B") else {
            Issue.record("not routed"); return
        }
        // 100 stops on the road's own points, in order: each leg follows the road on to the next,
        // a few hundred meters. (Near the Envalira tunnel a point can lie nearer the pass road
        // above it, and that leg goes round: two legs of 99 on this road.)
        let stride = Double(whole.line.count - 1) / 99
        let stops = (0..<100).map { whole.line[Int((Double($0) * stride).rounded())] }
        let legs = router.legs(of: Self.trip(stops), estimate: RouteEstimate())
        #expect(legs.count == 99 && legs.allSatisfy { $0.source == .road })
        let straight = zip(stops, stops.dropFirst()).map { Geodesy.distance(from: $0, to: $1) }
        let alongTheRoad = zip(legs, straight).filter { $0.meters <= $1 * 1.3 + 100 }.count
        #expect(alongTheRoad >= 95, "\(zip(legs, straight).map { "\(Int($0.meters))/\(Int($1))" })")
        #expect(legs.reduce(0) { $0 + $1.seconds } >= whole.seconds * 0.95)
    }
}

/// The roads between every two stops, for the order's search.
extension RoadRouterTests {
    static let towns = [
        ("Andorra la Vella", andorraLaVella), ("Pas de la Casa", pasDeLaCasa), ("Ordino", ordino), ("Encamp", encamp),
        ("Sant Julià de Lòria", santJulia), ("Canillo", canillo),
    ].map { ($1, $0) }

    /// Issue 36: the matrix is searched on the graph of the region's roads, one search from each
    /// stop. Its legs are for choosing an order, the legs shown are Routino's: they agree on the
    /// length, and the graph's times are a little quicker, by what it leaves out (the turns at
    /// junctions: a quarter at most).
    @Test func aMatrixOnTheRoadsGraphAgreesWithTheLegsRoutedAlone() throws {
        let router = try Self.router()
        guard case .roads(let matrix) = router.matrix(of: Self.towns) else { Issue.record("not on roads"); return }
        #expect(matrix.isFromGraph)
        var asymmetric = false
        for i in 0..<6 {
            #expect(matrix.meters(i, i) == 0)
            for j in 0..<6 where i != j {
                guard case .road(let leg) = router.route(from: Self.towns[i].0, to: Self.towns[j].0, fromName: "", toName: "") else {
                    Issue.record("\(i) → \(j)"); continue
                }
                #expect(abs(matrix.meters(i, j) - leg.meters) < 0.03 * leg.meters + 150, "\(i) → \(j): \(matrix.meters(i, j)) m, alone \(leg.meters) m")
                #expect(
                    matrix.seconds(i, j) < leg.seconds * 1.03 + 30 && matrix.seconds(i, j) > leg.seconds * 0.75,
                    "\(i) → \(j): \(matrix.seconds(i, j)) s, alone \(leg.seconds) s")
                asymmetric = asymmetric || matrix.seconds(i, j) != matrix.seconds(j, i)
            }
        }
        #expect(asymmetric, "a road is not always as quick back")
    }

    /// A router on Andorra's road database alone, as a region added before it kept its roads'
    /// network (no `roads.graph`, no `roads.osm.pbf` beside the database).
    static func legByLegRouter(in directory: TemporaryDirectory) throws -> RoadRouter {
        let (shelf, _) = try shelf.get()
        let region = try #require(shelf.installed().first { $0.name == "andorra" })
        let bounds = try #require(try region.info.get().bounds)
        let old = directory.file("andorra-before-issue-36")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        let roads = old.appendingPathComponent(RegionInfo.roadsFolderName)
        try FileManager.default.createSymbolicLink(at: roads, withDestinationURL: region.folder.appendingPathComponent(RegionInfo.roadsFolderName))
        // Its traffic controls (issue 56) as the region keeps them, so that its legs are timed as the region's.
        try FileManager.default.createSymbolicLink(
            at: old.appendingPathComponent(TrafficControls.fileName),
            withDestinationURL: region.folder.appendingPathComponent(TrafficControls.fileName))
        return RoadRouter(regions: [RoadRouter.Roads(region: "andorra", folder: roads, bounds: bounds, database: "andorra before issue 36")])
    }

    /// Issue 56, item 4: Krems' lights, stop signs and crossings slow a leg through its centre
    /// (against a router that reads none of them), and its matrix, which pays for the same
    /// controls the same way, agrees with the slowed leg (its turns aside).
    @Test func aTownsLightsAndCrossingsSlowItsLegsAndItsMatrixAlike() throws {
        let (station, wienerStrasse) = (Coordinate(latitude: 48.4089, longitude: 15.6049), Coordinate(latitude: 48.4129, longitude: 15.6069))
        let with = try Self.router()
        let without = RoadRouter(
            regions: with.regions.map { roads in
                var bare = roads
                bare.controlFolders = []
                return bare
            })
        func leg(_ router: RoadRouter) throws -> RoutedLeg {
            let outcome = router.route(from: station, to: wienerStrasse, fromName: "station", toName: "Wiener Straße")
            guard case .road(let leg) = outcome else { throw Unrouted(outcome: "\(outcome)") }
            return leg
        }
        func matrix(_ router: RoadRouter) throws -> RoadMatrix {
            let outcome = router.matrix(of: [(station, "station"), (wienerStrasse, "Wiener Straße")])
            guard case .roads(let matrix) = outcome else { throw Unrouted(outcome: "\(outcome)") }
            return matrix
        }
        let (slowed, bare) = (try leg(with), try leg(without))
        #expect(slowed.meters == bare.meters, "the same way")
        #expect(slowed.seconds - bare.seconds > 10, "\(slowed.seconds) s against \(bare.seconds) s")
        let matrixSeconds = try matrix(with).seconds(0, 1)
        #expect(abs(matrixSeconds - slowed.seconds) < 0.2 * slowed.seconds, "matrix \(matrixSeconds) s, leg \(slowed.seconds) s")
    }

    struct Unrouted: Error { let outcome: String }

    @Test func aRegionWithoutItsRoadsGraphRoutesTheMatrixLegByLeg() throws {
        let directory = try TemporaryDirectory()
        let router = try Self.legByLegRouter(in: directory)
        var calls: [(Int, Int)] = []
        guard
            case .roads(let matrix) = router.matrix(
                of: Self.towns,
                progress: {
                    calls.append(($0, $1)); return true
                })
        else {
            Issue.record("not on roads"); return
        }
        #expect(calls.map(\.0) == Array(1...30) && calls.allSatisfy { $0.1 == 30 } && !matrix.isFromGraph)
        for i in 0..<6 {
            for j in 0..<6 where i != j {
                guard case .road(let leg) = router.route(from: Self.towns[i].0, to: Self.towns[j].0, fromName: "", toName: "") else {
                    Issue.record("\(i) → \(j)"); continue
                }
                #expect(matrix.meters(i, j) == leg.meters && matrix.seconds(i, j) == leg.seconds, "\(i) → \(j)")
            }
        }
    }

    @Test func aMatrixThatCannotBeOnRoadsSaysWhyAndOneCanBeStopped() throws {
        let router = try Self.router()
        #expect(
            router.matrix(of: Self.towns + [(Self.krems, "Krems")])
                == .estimate(reason: "Andorra la Vella and Krems are in regions whose roads do not meet (andorra and krems)"))
        #expect(
            router.matrix(of: Self.towns + [(Coordinate(latitude: 58.567, longitude: -4.745), "Durness")])
                == .estimate(reason: "no region covers Durness"))
        #expect(
            router.matrix(of: Self.towns + [(Coordinate(latitude: 42.5917, longitude: 1.4446), "Coma Pedrosa")])
                == .estimate(reason: "Coma Pedrosa is more than 1 km from any road"))
        var calls = 0
        #expect(
            router.matrix(
                of: Self.towns,
                progress: { _, _ in
                    calls += 1; return false
                }) == .cancelled)
        #expect(calls == 1)
    }

    /// Issue 34: 1,000 stops on roads ran past 10 minutes (300: 65 s) printing nothing. Past the
    /// legs routed in about 10 seconds, the matrix routes none and says why, at once: leg by leg
    /// 103 stops, on the roads' graph 2,000.
    @Test func tooManyLegsAreNotRoutedAndTheReasonSaysHowMany() throws {
        let directory = try TemporaryDirectory()
        let router = try Self.legByLegRouter(in: directory)
        let most = RoadRouter.matrixStopLimit
        #expect(most * (most - 1) == RoadRouter.matrixLegLimit)
        let stops = (0...most).map { (Coordinate(latitude: 42.50 + Double($0) * 0.0005, longitude: 1.52), "Stop \($0)") }
        var calls = 0
        let outcome = router.matrix(
            of: stops,
            progress: { _, _ in
                calls += 1; return true
            })
        #expect(
            outcome
                == .estimate(
                    reason: "\(most + 1) stops make \(DistanceUnit.grouped((most + 1) * most)) road legs, more than the "
                        + "10,506 (\(most) stops) routed here in about 10 seconds; "
                        + "a Valhalla server routes more (set ROADTRIP_VALHALLA_URL)"))
        let graphMost = RoadRouter.graphStopLimit
        let many = (0...graphMost).map { (Coordinate(latitude: 42.50 + Double($0 % 100) * 0.0005, longitude: 1.52), "Stop \($0)") }
        #expect(
            try Self.router().matrix(
                of: many,
                progress: { _, _ in
                    calls += 1; return true
                })
                == .estimate(
                    reason: "2,001 stops are more than the 2,000 whose every leg is searched here "
                        + "(the work grows as the square of the stops); a Valhalla server routes more (set ROADTRIP_VALHALLA_URL)"))
        #expect(calls == 0)
    }
}
