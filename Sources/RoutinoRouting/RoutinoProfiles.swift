import CRoutino
import Foundation
import RoadtripCore
import RoadtripRegions

/// roadtrip's driving profiles (`DrivingProfile`) in Routino's terms: a profile per vehicle, named
/// `roadtrip-<vehicle>`, on Routino's access rules for its kind of transport (what a motorcycle or
/// a goods vehicle may use), obeying one-way streets and turn restrictions, with roadtrip's
/// cruising speeds and the vehicle's size instead of Routino's defaults (a car at 96 km/h on every
/// primary road).
///
/// They are given to Routino as its profiles file (written to a private temporary file, read and
/// removed): `Routino_CreateProfileFromUserProfile` would be simpler but drops the one-way and
/// turn rules in libroutino 3.3.3, so that one-way streets were driven both ways (docs/PITFALLS.md).
///
/// The quickest way weighs every class the same, so that only the speeds choose; the shortest
/// weighs them the same too, so that only the length does (Routino's own profiles prefer the
/// bigger roads by up to 2.5 to 1 either way, which made the shortest way the quickest one).
/// Both keep tracks at a third: a track is driven only when it saves much.
enum RoutinoProfiles {
    /// The profile's name in Routino.
    static func name(of vehicle: Vehicle) -> String { "roadtrip-\(vehicle.rawValue)" }

    /// Routino's name of each class; cycleways, paths and steps are never driven.
    static let highways: [(name: String, roadClass: RoadClass?)] = [
        ("motorway", .motorway), ("trunk", .trunk), ("primary", .primary), ("secondary", .secondary), ("tertiary", .tertiary),
        ("unclassified", .unclassified), ("residential", .residential), ("service", .service), ("track", .track),
        ("cycleway", nil), ("path", nil), ("steps", nil), ("ferry", .ferry),
    ]

    /// Routino's liking for ways with each property, as its own motorcar profile has it (a paved
    /// road only; the others matter little).
    static let properties = [("paved", 100), ("multilane", 60), ("bridge", 50), ("tunnel", 50), ("footroute", 45), ("bicycleroute", 45)]

    /// The share of its worth a class keeps when choosing the way, in percent.
    static func preference(of roadClass: RoadClass) -> Int {
        roadClass == .track ? 33 : 100
    }

    /// Every vehicle's profile as Routino's profiles file.
    static func xml() -> String {
        var text = #"<?xml version="1.0" encoding="UTF-8" ?>"# + "\n<routino-profiles>\n"
        for vehicle in Vehicle.allCases {
            text += profile(DrivingProfile.of(vehicle))
        }
        return text + "</routino-profiles>\n"
    }

    private static func profile(_ driving: DrivingProfile) -> String {
        let driven = { (roadClass: RoadClass?) in roadClass.map(driving.drives) ?? false }
        var text = #"  <profile name="\#(name(of: driving.vehicle))" transport="\#(driving.transport.rawValue)">"# + "\n    <speeds>\n"
        for (highway, roadClass) in highways {
            let kmh = driven(roadClass) ? driving.cruiseKmh[roadClass!] ?? 0 : 0
            text += #"      <speed highway="\#(highway)" kph="\#(Int(kmh))" />"# + "\n"
        }
        text += "    </speeds>\n    <preferences>\n"
        for (highway, roadClass) in highways {
            text += #"      <preference highway="\#(highway)" percent="\#(driven(roadClass) ? preference(of: roadClass!) : 0)" />"# + "\n"
        }
        text += "    </preferences>\n    <properties>\n"
        for (property, percent) in properties {
            text += #"      <property type="\#(property)" percent="\#(percent)" />"# + "\n"
        }
        let limits = [("weight", driving.weightTonnes), ("height", driving.heightMeters), ("width", driving.widthMeters), ("length", driving.lengthMeters)]
        text += "    </properties>\n    <restrictions>\n      <oneway obey=\"1\" />\n      <turns obey=\"1\" />\n"
        for (limit, value) in limits {
            text += #"      <\#(limit) limit="\#(value)" />"# + "\n"
        }
        return text + "    </restrictions>\n  </profile>\n"
    }

    /// Gives Routino roadtrip's profiles; whether it read them.
    static func load() -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-profiles-\(UUID().uuidString).xml")
        guard (try? Data(xml().utf8).write(to: file, options: .withoutOverwriting)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: file) }
        return Routino_ParseXMLProfiles(file.path) == 0
    }
}
