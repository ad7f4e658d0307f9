/// The classes of road a leg is routed on, as OpenStreetMap's `highway` tags name them (links
/// count as their road: a `primary_link` is `primary`).
package enum RoadClass: String, CaseIterable, Sendable {
    case motorway, trunk, primary, secondary, tertiary, unclassified, residential, service, track, ferry
}

/// How a vehicle is driven: what roadtrip's times are made of (issue 35). The road engine routes
/// on `cruiseKmh` and the limits; `DriveTime` then drives the routed line with the rest.
///
/// The cruising speeds are what the vehicle keeps on an open, straight stretch of each class,
/// below the usual limits (Andorra's national limit is 90 km/h, most of Europe's rural one 80–100):
/// bends, junctions and towns are taken off by `DriveTime`, not averaged into these numbers. For
/// comparison, OSRM's car profile assigns motorway 90, trunk 85, primary 65, secondary 55,
/// tertiary 40 and residential 25 km/h as *averages*, bends and towns included; Valhalla sets its
/// defaults per class and per density of the road network around (urban, suburban, rural), with
/// links, driveways and parking aisles below their road's. Here a tagged `maxspeed` below a
/// cruising speed caps it (Routino keeps the tag through its driving rules); a link drives as its
/// road, slowed by its own bends; towns are found by their junctions (`DriveTime.townCap`).
package struct DrivingProfile: Equatable, Sendable {
    package let vehicle: Vehicle
    /// Cruising speed per class, in km/h; a class missing is not driven.
    package let cruiseKmh: [RoadClass: Double]
    /// The vehicle's weight (tonnes) and size (meters): roads tagged with a lower `maxweight`,
    /// `maxheight`, `maxwidth` or `maxlength` are not used.
    package let weightTonnes: Double, heightMeters: Double, widthMeters: Double, lengthMeters: Double
    /// Gentle acceleration and deceleration, in m/s². Everyday driving accelerates at about 1 to
    /// 1.5 m/s² and slows at 1 to 2 m/s² (Bokare and Maurya, "Acceleration-deceleration behaviour
    /// of various vehicle types", Transportation Research Procedia 25, 2017); heavier vehicles less.
    package let acceleration: Double, deceleration: Double
    /// The share of a car's comfortable speed through a bend (`CurveSpeed`) the vehicle keeps:
    /// a tall van or camper leans more and is taken slower.
    package let curveFactor: Double
    /// The speed kept through a built-up area (crossings, lights, parked cars, people), in km/h.
    package let townKmh: Double
    /// What a turn at a junction costs on top of slowing for it, for a full U-turn: giving way and
    /// waiting for a gap (`DriveTime.turnSeconds`).
    package let uTurnSeconds: Double

    /// Whether the profile drives roads of `roadClass`.
    package func drives(_ roadClass: RoadClass) -> Bool { (cruiseKmh[roadClass] ?? 0) > 0 }

    /// The traffic whose access rules the vehicle follows.
    package var transport: Transport { vehicle.transport }
}

/// A kind of traffic as OpenStreetMap's access keys (and Routino's rules) name it: what a road
/// tagged `motorcar=no` or `goods=destination` closes.
package enum Transport: String, CaseIterable, Sendable {
    case motorcar, motorcycle, goods
}

extension Vehicle {
    /// The traffic whose access rules the vehicle follows. In OpenStreetMap's access model a
    /// private van or camper up to 3.5 t is a `motorcar` (a `motorhome` is one too), not `goods`,
    /// which is a goods vehicle's: a valley road tagged `motor_vehicle=no` + `motorcar=yes` is open
    /// to them (issue 56; a van was refused it). What closes a road to them is their size and
    /// weight (`DrivingProfile`'s limits against `maxweight`, `maxheight`, …).
    package var transport: Transport {
        switch self {
        case .car, .camper, .van: return .motorcar
        case .motorcycle: return .motorcycle
        }
    }
}

extension DrivingProfile {
    /// The profile of `vehicle`.
    package static func of(_ vehicle: Vehicle) -> DrivingProfile {
        switch vehicle {
        case .car: return car
        case .motorcycle: return motorcycle
        case .van: return van
        case .camper: return camper
        }
    }

    /// The version of the profiles and of `DriveTime`: a leg timed by an earlier one is routed
    /// again, and a hierarchy made for one is made again. 2: a van follows a car's access rules; 3:
    /// turns across the oncoming traffic and traffic controls (issue 56).
    package static let version = 3

    static let car = DrivingProfile(
        vehicle: .car,
        cruiseKmh: [
            .motorway: 110, .trunk: 90, .primary: 78, .secondary: 70, .tertiary: 60, .unclassified: 48,
            .residential: 30, .service: 20, .track: 12, .ferry: 12,
        ],
        weightTonnes: 1.6, heightMeters: 1.6, widthMeters: 1.9, lengthMeters: 4.7,
        acceleration: 1.2, deceleration: 1.5, curveFactor: 1, townKmh: 35, uTurnSeconds: 8)

    /// A motorcycle keeps a car's speeds on the open road but pulls away faster from every bend
    /// and junction, and passes queues in town; it may use roads closed to cars but open to it
    /// (Routino's motorcycle access rules).
    static let motorcycle = DrivingProfile(
        vehicle: .motorcycle,
        cruiseKmh: car.cruiseKmh,
        weightTonnes: 0.4, heightMeters: 1.5, widthMeters: 1, lengthMeters: 2.3,
        acceleration: 2.0, deceleration: 1.8, curveFactor: 1, townKmh: 40, uTurnSeconds: 6)

    /// A private van up to 3.5 t (a car's access rules, its own size), 2.7 m high.
    static let van = DrivingProfile(
        vehicle: .van,
        cruiseKmh: [
            .motorway: 100, .trunk: 85, .primary: 72, .secondary: 65, .tertiary: 56, .unclassified: 45,
            .residential: 28, .service: 18, .track: 10, .ferry: 12,
        ],
        weightTonnes: 3.5, heightMeters: 2.7, widthMeters: 2.1, lengthMeters: 6,
        acceleration: 0.9, deceleration: 1.3, curveFactor: 0.93, townKmh: 33, uTurnSeconds: 10)

    /// A motorhome of 3.5 t, 3.2 m high, 2.35 m wide and 7.5 m long: the slowest, and no tracks.
    static let camper = DrivingProfile(
        vehicle: .camper,
        cruiseKmh: [
            .motorway: 95, .trunk: 80, .primary: 68, .secondary: 60, .tertiary: 52, .unclassified: 40,
            .residential: 25, .service: 15, .ferry: 12,
        ],
        weightTonnes: 3.5, heightMeters: 3.2, widthMeters: 2.35, lengthMeters: 7.5,
        acceleration: 0.7, deceleration: 1.2, curveFactor: 0.85, townKmh: 30, uTurnSeconds: 12)
}
