import CRoutino
import Foundation
import RoadtripCore

/// roadtrip's driving profiles (`DrivingProfile`) in Routino's terms: Routino's own profile of
/// the vehicle's kind of transport (its access rules: what a motorcycle or a goods vehicle may
/// use, one-way streets, turn restrictions, its liking for paved roads), with roadtrip's cruising
/// speeds and size limits instead of Routino's defaults (a car at 96 km/h on every primary road).
///
/// The quickest way weighs every class the same, so that only the speeds choose; the shortest
/// weighs them the same too, so that only the length does (Routino's own profiles prefer the
/// bigger roads by up to 2.5 to 1 either way, which made the shortest way the quickest one).
/// Both keep tracks at a third: a track is driven only when it saves much.
enum RoutinoProfiles {
    /// Routino's profile whose access rules the vehicle follows.
    static func transport(of vehicle: Vehicle) -> String {
        switch vehicle {
        case .car, .camper: return "motorcar"
        case .motorcycle: return "motorcycle"
        case .van: return "goods"
        }
    }

    /// Routino's index of each class (`ROUTINO_HIGHWAY_*`).
    static func index(of roadClass: RoadClass) -> Int {
        switch roadClass {
        case .motorway: return Int(ROUTINO_HIGHWAY_MOTORWAY)
        case .trunk: return Int(ROUTINO_HIGHWAY_TRUNK)
        case .primary: return Int(ROUTINO_HIGHWAY_PRIMARY)
        case .secondary: return Int(ROUTINO_HIGHWAY_SECONDARY)
        case .tertiary: return Int(ROUTINO_HIGHWAY_TERTIARY)
        case .unclassified: return Int(ROUTINO_HIGHWAY_UNCLASSIFIED)
        case .residential: return Int(ROUTINO_HIGHWAY_RESIDENTIAL)
        case .service: return Int(ROUTINO_HIGHWAY_SERVICE)
        case .track: return Int(ROUTINO_HIGHWAY_TRACK)
        case .ferry: return Int(ROUTINO_HIGHWAY_FERRY)
        }
    }

    /// The share of its worth a class keeps when choosing the way.
    static func preference(of roadClass: RoadClass) -> Float {
        roadClass == .track ? 0.33 : 1
    }

    /// A new Routino profile for `vehicle`, from the loaded profile of its transport (nil when
    /// Routino's profiles have none). Routino copies what it is given; the caller keeps the result.
    static func make(_ vehicle: Vehicle) -> OpaquePointer? {
        guard let base = Routino_GetProfile(transport(of: vehicle)),
              let user = Routino_CreateUserProfileFromProfile(base) else { return nil }
        defer { free(user) }
        let driving = DrivingProfile.of(vehicle)
        withUnsafeMutablePointer(to: &user.pointee.speed) { speeds in
            withUnsafeMutablePointer(to: &user.pointee.highway) { preferences in
                speeds.withMemoryRebound(to: Float.self, capacity: 14) { kmh in
                    preferences.withMemoryRebound(to: Float.self, capacity: 14) { worth in
                        // Routino refuses a speed of 0: a class not driven has no worth instead.
                        for highway in 1..<14 { (kmh[highway], worth[highway]) = (1, 0) }
                        for roadClass in RoadClass.allCases where driving.drives(roadClass) {
                            kmh[index(of: roadClass)] = Float(driving.cruiseKmh[roadClass] ?? 0)
                            worth[index(of: roadClass)] = preference(of: roadClass)
                        }
                    }
                }
            }
        }
        user.pointee.weight = Float(driving.weightTonnes)
        user.pointee.height = Float(driving.heightMetres)
        user.pointee.width = Float(driving.widthMetres)
        user.pointee.length = Float(driving.lengthMetres)
        return Routino_CreateProfileFromUserProfile(user)
    }
}
