import Foundation
import RoadtripCore

/// The committed index, loaded once for every test that needs it (the gazetteer's own tests, and
/// the region and fuzz tests that search it).
package enum RealGazetteer {
    package static let loaded = Result { () throws -> Gazetteer in
        try Gazetteer.load(from: Resources.locate(environment: [:]).gazetteer)
    }

    package static func get() throws -> Gazetteer { try loaded.get() }
}
