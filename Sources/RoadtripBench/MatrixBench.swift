import Foundation
import RoadtripCore
import RoadtripRegions
import RoadtripRouting

/// The road matrix alone (issue 36): the engine of the environment (`Routing`: Routino on the
/// regions of `XDG_DATA_HOME`, or the Valhalla service of `ROADTRIP_VALHALLA_URL`), no leg
/// cache, on the stops of `file` (one "latitude, longitude" a line). The first matrix of the
/// process (which reads the roads' graph, or loads Routino's database) is timed apart; then
/// `runs` more. Prints one line: `first MS median MS`.
func matrixBench(file: String, runs: Int) throws {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let stops = text.split(separator: "\n").enumerated().compactMap { index, line -> (Coordinate, String)? in
        let parts = line.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return parts.count == 2 ? (Coordinate(latitude: parts[0], longitude: parts[1]), "Stop \(index + 1)") : nil
    }
    let environment = ProcessInfo.processInfo.environment
    let router = Routing.engine(shelf: RegionShelf.standard(environment: environment), environment: environment, cached: false)
    var outcome: RoadMatrixOutcome?
    let first = milliseconds { outcome = router.matrix(of: stops) }
    guard case .roads = outcome else {
        FileHandle.standardError.write(Data("roadtrip-bench: the matrix is not on roads: \(String(describing: outcome))\n".utf8))
        exit(1)
    }
    let again = (0..<runs).map { _ in milliseconds { _ = router.matrix(of: stops) } }.sorted()
    print(String(format: "first %.1f median %.1f", first, again[again.count / 2]))
}
