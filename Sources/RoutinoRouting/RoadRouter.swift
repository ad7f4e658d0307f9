import CRoutino
import Foundation
import RoadtripCore
import RoadtripRegions

/// The Routino engine (`RoadRouting`): routes legs on the roads of the added regions, in process,
/// with libroutino: each region's database (built by `planetsplitter` when the region was added)
/// is loaded once, the road nearest each end is found, and the leg is routed on the region's
/// roads with roadtrip's profiles (`RoutinoProfiles`), then timed by `DriveTime`.
///
/// Routino keeps its profiles and the last error in process-wide state, so every call into it
/// is made under one lock (`routino`, docs/PITFALLS.md), and this class may be shared between threads.
package final class RoadRouter: RoadRouting, @unchecked Sendable {
    /// A region's roads: where its database is and the box it covers.
    package struct Roads: Sendable {
        package let region: String
        package let folder: URL
        package let bounds: RegionInfo.Bounds
        /// What names this version of the region's database for the cache: the folder the
        /// region's link names, new at every add.
        package let database: String

        /// Where its roads are within the box (`RoadGrid`): a point far from all of them is not covered.
        let grid: RoadGrid?
        /// Whether its legs are routed on its hierarchy: its network has more than `hierarchyLegPoints` points.
        let routesOnHierarchy: Bool
        /// The region folders whose traffic controls are on these roads (`TrafficControls`): the
        /// region's own, or those of every region of a join.
        var controlFolders: [URL]
        /// Whether traffic keeps left on these roads (`RegionInfo.keepsLeft`).
        var keepsLeft = false

        /// `onHierarchy`: whether its legs are routed on its hierarchy; by default, when its network
        /// has more than `hierarchyLegPoints` points.
        package init(region: String, folder: URL, bounds: RegionInfo.Bounds, database: String? = nil, onHierarchy: Bool? = nil) {
            self.region = region
            self.folder = folder
            self.bounds = bounds
            self.database = database ?? folder.path
            grid = RoadGrid(database: folder)
            routesOnHierarchy = onHierarchy ?? (RoadNetworkFile.pointCount(inRegion: folder.deletingLastPathComponent()) ?? 0 > RoadRouter.hierarchyLegPoints)
            controlFolders = [folder.deletingLastPathComponent()]
        }

        func covers(_ point: Coordinate) -> Bool {
            (bounds.south...bounds.north).contains(point.latitude) && (bounds.west...bounds.east).contains(point.longitude)
                && grid?.hasRoads(near: point) != false
        }
    }

    let regions: [Roads]
    /// The regions' joined roads, for a leg from one region into another (`RoadRouter+Joined`).
    let joined: Joined?
    /// Each region's group of regions whose roads can meet (`RegionGroups`), by name.
    let groups: [String: Int]
    /// Every router's calls into Routino, one at a time, on the caller's own thread: the library
    /// keeps process-wide state (its profiles, its error, its translations), and two routers on
    /// two threads at once corrupted it (a crash in libroutino when two test suites each routed
    /// on their own). Turns taken on the caller's own thread, not a queue with a thread of its
    /// own: the planner's runner decides which threads route (its "roads" lane, a search for the
    /// best order), the command line routes on its main thread, and this is the one place calls
    /// into Routino are serialised. Taken in the order asked (`Turns`), so that a screen's leg
    /// gets in between two legs of a long matrix.
    static let routino = Turns()
    // Touched under `routino` only: each database loaded, with its files kept open to be looked at
    // before each use (`RoutinoFiles`).
    private var databases: [String: (database: OpaquePointer, files: RoutinoFiles)] = [:]
    /// The graphs of the regions' roads the matrix searches, and the regions' hierarchies
    /// (`RoadRouter+Graph`).
    let graphs = Kept<RoadGraph>()
    let hierarchies = Kept<RoadHierarchy>()
    /// The traffic controls of each roads' regions, by their folders.
    let controls = Kept<TrafficControls>()

    /// `regions`: the regions with a road database, in the order they are tried; `joined`: their
    /// joined roads, if built.
    package init(regions: [Roads], joined: Joined? = nil) {
        self.regions = regions
        self.joined = joined
        groups = Self.groups(of: regions)
    }

    deinit {
        Self.routino.withLock {
            databases.values.forEach { loaded in
                Routino_UnloadDatabase(loaded.database)
                loaded.files.close()
            }
        }
    }

    package func roads(from: Coordinate, to: Coordinate) -> CoveringRoads? {
        ownRoads(from: from, to: to).map { CoveringRoads(name: $0.region, version: $0.database, keepsLegs: !$0.routesOnHierarchy) }
            ?? joinedRoads(from: from, to: to)
    }

    package var everyRoads: Set<String> { Set(regions.map(\.database) + (joined?.joins ?? []).map(\.roads.database)) }

    /// Routes the leg `from` → `to` (named `fromName`, `toName` for the reason of an estimate).
    package func route(from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions = RouteOptions()) -> RoadOutcome {
        guard let roads = ownRoads(from: from, to: to) else {
            if !regions.contains(where: { $0.covers(from) }) { return .estimate(reason: uncovered(fromName, at: from)) }
            if !regions.contains(where: { $0.covers(to) }) { return .estimate(reason: uncovered(toName, at: to)) }
            return routeAcross(from: from, to: to, fromName: fromName, toName: toName, options: options)
        }
        func route(_ options: RouteOptions) -> RoadOutcome {
            if roads.routesOnHierarchy, let outcome = routeOnHierarchy(roads, from: (from, fromName), to: (to, toName), options: options) {
                return outcome
            }
            return Self.routino.withLock { routeInTurn(roads, from: from, to: to, fromName: fromName, toName: toName, options: options) }
        }
        let outcome = route(options)
        // Issue 56: a leg a van has not, which a car has, is not for want of roads: say so.
        guard case .estimate(let reason) = outcome, options.vehicle != .car,
            case .road = route(RouteOptions(vehicle: .car, quickest: options.quickest))
        else { return outcome }
        if let name = [fromName, toName].first(where: { reason == RoutedLeg.offRoad($0, roads: roads.region) }) {
            return .estimate(reason: RoutedLeg.offRoad(name, for: options.vehicle))
        }
        return reason == RoutedLeg.noRoad(roads: roads.region) ? .estimate(reason: RoutedLeg.noRoad(for: options.vehicle)) : outcome
    }

    /// Why no region covers the stop `name` at `point` (issue 56: "more than 1 km from any road"
    /// was said of a town the region's roads stop short of): how far it is, at least, from the
    /// roads of the nearest region, when it lies outside their area by at most 100 km; else
    /// that no region covers it (a point in the area, between roads far apart, too).
    func uncovered(_ name: String, at point: Coordinate) -> String {
        let nearest = regions.map { ($0.region, $0.bounds.distance(to: point)) }.min { $0.1 < $1.1 }
        guard let (region, meters) = nearest, meters > 0, meters <= 100_000 else { return LegFigures.notCovered(name) }
        return "\(name) is more than \(DistanceUnit.km.format(meters: meters)) from the roads of \(region)"
    }

    /// The most road points a region's network has for its legs to be routed by Routino: a
    /// region with more routes them on its hierarchy (`RoadHierarchy`), as its matrix is searched.
    /// Routino's search for a leg grows with the region where the hierarchy's does not (release
    /// builds, BENCHMARKS.md, issue 54): 0.95 ms of CPU a leg on Andorra (7,700 points, issue
    /// 36); a 1,000-stop `optimize`, which routes 1,998 legs after its matrix, 6.3 s with
    /// Routino's legs on Andorra tiled 2 × 2 (30,657 points) and 2.1 s with the hierarchy's; a
    /// 100-stop one on 8 × 8 (489,209) 3.1 s and 0.15 s; 99 legs on the hierarchy at 8 × 8, the
    /// whole `show`, 80 ms. Below it legs stay Routino's, as every figure measured against real
    /// driving was.
    package static let hierarchyLegPoints = 20_000

    /// The leg on the hierarchy of `roads` for `options`; nil when the region keeps no network
    /// (Routino routes it then).
    private func routeOnHierarchy(_ roads: Roads, from: (Coordinate, String), to: (Coordinate, String), options: RouteOptions) -> RoadOutcome? {
        switch hierarchy(of: roads, options: options) {
        case .success(let hierarchy?): return hierarchy.route(from: from, to: to, region: roads.region)
        case .success(nil): return nil
        case .failure(let damaged): return .estimate(reason: damaged.phrase)
        }
    }

    func routeInTurn(_ roads: Roads, from: Coordinate, to: Coordinate, fromName: String, toName: String, options: RouteOptions) -> RoadOutcome {
        let engine: Engine
        switch prepare(roads, options: options) {
        case .success(let ready): engine = ready
        case .failure(let reason): return .estimate(reason: reason.phrase)
        }
        let ends: [OpaquePointer]
        switch engine.waypoints([(from, fromName), (to, toName)]) {
        case .success(let found): ends = found
        case .failure(let reason): return .estimate(reason: reason.phrase)
        }
        defer { ends.forEach { free(UnsafeMutableRawPointer($0)) } }
        return engine.route(ends[0], ends[1], from: (from, fromName), to: (to, toName), quickest: options.quickest, line: true)
    }

    /// Why Routino gave no route: a phrase for beside an estimate.
    struct Reason: Error {
        let phrase: String
    }

    /// One region's database and a profile, loaded and checked: what routing a leg needs.
    /// Used under `routino` only.
    struct Engine {
        let database: OpaquePointer
        let profile: OpaquePointer
        let translation: OpaquePointer
        let region: String
        /// How the leg is driven once routed (`DriveTime`), past which controls.
        let driving: DrivingProfile
        let controls: TrafficControls
        let keepsLeft: Bool

        /// The road nearest each point (named for the reason), in order; the caller frees them.
        func waypoints(_ points: [(Coordinate, String)]) -> Result<[OpaquePointer], Reason> {
            var found: [OpaquePointer] = []
            for (point, name) in points {
                guard let waypoint = Routino_FindWaypoint(database, profile, point.latitude, point.longitude) else {
                    found.forEach { free(UnsafeMutableRawPointer($0)) }
                    // Routino looks for the nearest road within 1 km (measured: docs/PITFALLS.md).
                    return .failure(Reason(phrase: RoutedLeg.offRoad(name, roads: region)))
                }
                found.append(waypoint)
            }
            return .success(found)
        }

        /// The leg between two waypoints; `line`: with the road's points (else its figures only).
        /// Always asked for with every point: `ROUTINO_ROUTE_LIST_TEXT` (the turns only) crashes
        /// in libroutino 3.3.3 (docs/PITFALLS.md).
        func route(
            _ start: OpaquePointer, _ end: OpaquePointer, from: (Coordinate, String), to: (Coordinate, String), quickest: Bool,
            line wantsLine: Bool
        ) -> RoadOutcome {
            var waypoints: [OpaquePointer?] = [start, end]
            let flags = Int32(quickest ? ROUTINO_ROUTE_QUICKEST : ROUTINO_ROUTE_SHORTEST) | Int32(ROUTINO_ROUTE_LIST_TEXT_ALL)
            guard
                let output = waypoints.withUnsafeMutableBufferPointer({ Routino_CalculateRoute(database, profile, translation, $0.baseAddress, 2, flags, nil) })
            else {
                return .estimate(reason: RoutedLeg.noRoad(roads: region))
            }
            defer { Routino_DeleteRoute(output) }
            let points = Self.drivenPoints(output)
            let leg = RoutedLeg(
                meters: points.last?.meters ?? 0, seconds: DriveTime.seconds(of: points, profile: driving, controls: controls, keepsLeft: keepsLeft),
                line: points.map(\.coordinate), region: region)
            let outcome = leg.reaching(from: from, to: to)
            guard !wantsLine, case .road(let reached) = outcome else { return outcome }
            return .road(RoutedLeg(meters: reached.meters, seconds: reached.seconds, line: [], region: region))
        }

        /// The kinds of Routino's points where another road meets the leg.
        static let junctions: Set<Int32> = [
            ROUTINO_POINT_JUNCT_CONT, ROUTINO_POINT_JUNCT_IMPORT, ROUTINO_POINT_RB_ENTRY, ROUTINO_POINT_RB_EXIT,
            ROUTINO_POINT_RB_NOT_EXIT, ROUTINO_POINT_MINI_RB, ROUTINO_POINT_UTURN,
        ]

        /// Every point of Routino's route, with how far along it is and the speed Routino allowed
        /// on the stretch that ends there (`ROUTINO_ROUTE_LIST_TEXT_ALL`). Routino's own `time`
        /// is not used for the leg's time: `DriveTime` times the leg.
        ///
        /// The speed allowed is what Routino drove the stretch at, its length over its time: the
        /// `speed` Routino lists is its profile's for the road's class, and only its times keep a
        /// lower tagged `maxspeed` (issue 56: a street tagged 30 was driven at the class's 48 km/h,
        /// where the road graph kept the 30). A stretch too short for its figures to say (under
        /// `shortestTimed`) keeps the speed of the stretch before it on a road of the same class.
        static func drivenPoints(_ output: UnsafeMutablePointer<Routino_Output>) -> [DrivenPoint] {
            var points: [DrivenPoint] = []
            var point: UnsafeMutablePointer<Routino_Output>? = output
            var previous: (dist: Double, minutes: Double, listed: Double, allowed: Double)?
            while let current = point?.pointee {
                // `time` is in minutes, as routino-router prints it (routino.h says seconds: 2.53
                // for 2.107 km at a tagged 50 km/h, measured).
                let (dist, minutes, listed) = (Double(current.dist), Double(current.time), Double(current.speed))
                var allowed = listed
                if let before = previous {
                    let (kilometers, spent) = (dist - before.dist, minutes - before.minutes)
                    if kilometers >= shortestTimed, spent > 0 {
                        allowed = min(listed, (kilometers / spent * 60).rounded())
                    } else if before.listed == listed {
                        allowed = before.allowed
                    }
                }
                points.append(
                    DrivenPoint(
                        Coordinate(latitude: Double(current.lat) * 180 / .pi, longitude: Double(current.lon) * 180 / .pi),
                        meters: dist * 1_000, limitKmh: allowed, isJunction: junctions.contains(current.type)))
                previous = (dist, minutes, listed, allowed)
                point = current.next
            }
            return points
        }

        /// The shortest stretch, in km, whose length over its time says its speed to the km/h
        /// (Routino's figures are 32-bit floats: on a leg of 100 km, a stretch's length is known
        /// to about 8 mm).
        static let shortestTimed = 0.005
    }

    /// The database of `roads` and the profile of `options`, loaded once.
    func prepare(_ roads: Roads, options: RouteOptions) -> Result<Engine, Reason> {
        guard let translation = Self.translation else { return .failure(Reason(phrase: "Routino's profiles cannot be read")) }
        let database: OpaquePointer
        switch self.database(for: roads) {
        case .success(let loaded): database = loaded
        case .failure(let reason): return .failure(reason)
        }
        guard let profile = Routino_GetProfile(RoutinoProfiles.name(of: options.vehicle)), Routino_ValidateProfile(database, profile) == ROUTINO_ERROR_NONE
        else {
            return .failure(Reason(phrase: "no \(options.vehicle) profile for the roads of \(roads.region)"))
        }
        return .success(
            Engine(
                database: database, profile: profile, translation: translation, region: roads.region,
                driving: DrivingProfile.of(options.vehicle), controls: trafficControls(of: roads.controlFolders),
                keepsLeft: roads.keepsLeft))
    }

    /// roadtrip's profiles (`RoutinoProfiles`), read once for the process (Routino keeps them in
    /// process-wide state), under `routino`, and the language Routino needs for any route it lists,
    /// even without its descriptions: its built-in English (asked for by no name), as roadtrip
    /// reads only a route's numbers; parsing translations.xml for it was 0.4 ms of every command
    /// that routes. Nil when the profiles cannot be read.
    nonisolated(unsafe) private static let translation: OpaquePointer? = {
        guard RoutinoProfiles.load() else { return nil }
        return Routino_GetTranslation(nil)
    }()

    /// The database of `roads`, loaded once its files are checked, and used while they stay as
    /// they were; one whose files changed on disk is let go (a region damaged, or cut short under
    /// the planner), and the phrase says which.
    private func database(for roads: Roads) -> Result<OpaquePointer, Reason> {
        func unusable(_ problem: String) -> Reason {
            Reason(phrase: "the roads of \(roads.region) cannot be used: \(problem); add the region again")
        }
        if let loaded = databases[roads.database] {
            guard let change = loaded.files.changed() else { return .success(loaded.database) }
            Routino_UnloadDatabase(loaded.database)
            loaded.files.close()
            databases[roads.database] = nil
            return .failure(unusable(change))
        }
        // The folder as it is now, for the check and the load alike: a region added again
        // meanwhile is another folder.
        let folder = roads.folder.resolvingSymlinksInPath()
        let files: RoutinoFiles
        switch RoutinoFiles.open(folder, shown: roads.folder) {
        case .success(let checked): files = checked
        case .failure(let reason): return .failure(unusable(reason.phrase))
        }
        guard let database = Routino_LoadDatabase(folder.path, nil) else {
            files.close()
            return .failure(Reason(phrase: "the roads of \(roads.region) cannot be read"))
        }
        databases[roads.database] = (database, files)
        return .success(database)
    }
}

extension RoadRouter {
    /// A router on the roads of every region of `shelf` that has a road database.
    package convenience init(shelf: RegionShelf) {
        let roads = shelf.installed(checkingPlaces: false).compactMap { region -> Roads? in
            guard let info = try? region.info.get(), let folder = info.roadDatabase, let bounds = info.bounds else { return nil }
            let version = (try? FileManager.default.destinationOfSymbolicLink(atPath: region.folder.path)) ?? region.folder.path
            var roads = Roads(region: region.name, folder: region.folder.appendingPathComponent(folder), bounds: bounds, database: version)
            roads.keepsLeft = info.keepsLeft ?? false
            return roads
        }
        self.init(regions: roads, joined: Joined(shelf.joinedRoads(), regions: roads))
    }

    /// Whether any region has roads to route on.
    package var hasRoads: Bool { !regions.isEmpty }
}

extension RoadRouter {
    /// A lock taken in turn, first come first served (a ticket lock): a thread that asks while
    /// another holds it gets it before the holder can take it again.
    final class Turns: @unchecked Sendable {
        private let condition = NSCondition()
        // Under `condition`: the next ticket given, and the one whose turn it is.
        private var issued = 0
        private var serving = 0

        func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
            condition.lock()
            let ticket = issued
            issued += 1
            while serving != ticket { condition.wait() }
            condition.unlock()
            defer {
                condition.lock()
                serving += 1
                condition.broadcast()
                condition.unlock()
            }
            return try body()
        }
    }
}
