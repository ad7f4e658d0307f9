import Foundation
import RoadtripCore

/// A region's roads as a `RoadNetwork`, what the road matrix searches (`RoadGraph`): kept in the
/// region's folder as `roads.graph`, written by the import (OSMImport, from the region's Routino
/// database) and only read here, by the routing engine.
///
/// A region an older roadtrip added has no file (added before the road matrix kept one) or one of
/// another version: its graph is not read, so its matrix is routed leg by leg and its legs by
/// Routino, as they always were, until an import brings its file up to date
/// (`RoadNetworkFile.bringUpToDate` in OSMImport, run by every `region add`).
package enum RoadNetworkFile {
    /// The file in a region's folder.
    package static let name = "roads.graph"

    /// What a region's file is, from its first bytes.
    package enum State: Equatable, Sendable {
        /// Of this version: read.
        case current
        /// None at all (a region added before roadtrip kept one).
        case missing
        /// Of another version, or not a road graph: an older roadtrip wrote it.
        case otherVersion
    }

    /// The state of the file in the region `folder`, from its first bytes (the file is not read whole).
    package static func state(inRegion folder: URL) -> State {
        guard let file = FileHandle(forReadingAtPath: folder.appendingPathComponent(name).path) else { return .missing }
        defer { try? file.close() }
        return (try? file.read(upToCount: 64)).flatMap(RoadNetwork.pointCount(inHeader:)) == nil ? .otherVersion : .current
    }

    /// The network kept in the region `folder`; nil when it keeps none of this version (see
    /// above: the matrix is then routed leg by leg). A file of this version that does not make
    /// sense is refused with the clause that says why (naming it).
    package static func network(inRegion folder: URL) -> Result<RoadNetwork?, FileDamage> {
        let file = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: file) else { return .success(nil) }
        switch RoadNetwork.decoded(data) {
        case .success(let network): return .success(network)
        case .failure(.damaged(let problem)): return .failure(FileDamage(clause: "\(file.path) \(problem)"))
        case .failure(.otherVersion): return .success(nil)
        }
    }

    /// How many points the network kept in the region `folder` has, from the first bytes of its
    /// file; nil when it keeps none of this version.
    package static func pointCount(inRegion folder: URL) -> Int? {
        guard let file = FileHandle(forReadingAtPath: folder.appendingPathComponent(name).path) else { return nil }
        defer { try? file.close() }
        return (try? file.read(upToCount: 64)).flatMap(RoadNetwork.pointCount(inHeader:))
    }

    /// A region's road file that is damaged: what is wrong, as a clause naming the file.
    package struct FileDamage: Error, Equatable, Sendable {
        package let clause: String

        package init(clause: String) {
            self.clause = clause
        }
    }
}
