import Foundation
import RoadtripCore

extension ValhallaRouter {
    /// The road from each of `stops` to each other, both ways, from `/sources_to_targets`: a
    /// request for as many sources as fit in `pairsPerRequest` pairs at a time (a row known in
    /// full is not asked), `progress` told after each and the work stopped between two when it
    /// returns false. A leg `known` before is taken as it is.
    package func matrix(
        of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        progress: (_ done: Int, _ total: Int) -> Bool
    ) -> RoadMatrixOutcome {
        let n = stops.count
        var meters = Array(repeating: 0.0, count: n * n), seconds = meters
        guard n >= 2 else { return .roads(RoadMatrix(count: n, meters: meters, seconds: seconds)) }
        if let reason = recentFailure() { return .estimate(reason: reason) }
        let rowsPerRequest = max(1, Self.pairsPerRequest / n)
        for first in stride(from: 0, to: n, by: rowsPerRequest) {
            let rows = Array(first..<min(n, first + rowsPerRequest))
            var unknown: [Int] = []
            for i in rows {
                var complete = true
                for j in 0..<n where i != j {
                    guard let leg = known(i, j) else { complete = false; continue }
                    (meters[i * n + j], seconds[i * n + j]) = (leg.meters, leg.seconds)
                }
                if !complete { unknown.append(i) }
            }
            if !unknown.isEmpty, let reason = fill(rows: unknown, of: stops, options: options, known: known, meters: &meters, seconds: &seconds) {
                return .estimate(reason: reason)
            }
            guard progress(rows.last.map { ($0 + 1) * (n - 1) } ?? 0, n * (n - 1)) else { return .cancelled }
        }
        return .roads(RoadMatrix(count: n, meters: meters, seconds: seconds))
    }

    /// Asks the legs from each of `rows` to every stop and writes those not `known` into the
    /// matrix; why not, when the service gives no road for one of them.
    private func fill(
        rows: [Int], of stops: [(Coordinate, String)], options: RouteOptions, known: (Int, Int) -> RoutedLeg?,
        meters: inout [Double], seconds: inout [Double]
    ) -> String? {
        let n = stops.count
        let request = ValhallaJSON.MatrixRequest(sources: rows.map { stops[$0].0 }, targets: stops.map(\.0), options: options)
        let answer: ValhallaJSON.MatrixResponse
        switch client.post("sources_to_targets", request, limit: Self.matrixAnswerLimit(pairs: rows.count * n)) {
        case .failure(.http(400, let code?, _)) where Self.unconnected.contains(code): return "no road between some of the stops"
        case .failure(.http(400, Self.noRoadNear?, _)): return "a stop is more than 1 km from any road"
        case .failure(let failure): return reason(failure, asked: "a road matrix")
        case .success(let data):
            guard let decoded = try? JSONDecoder().decode(ValhallaJSON.MatrixResponse.self, from: data),
                decoded.sources_to_targets.count == rows.count, decoded.sources_to_targets.allSatisfy({ $0.count == n })
            else {
                return reason(.garbled, asked: "a road matrix")
            }
            answer = decoded
        }
        for (row, i) in rows.enumerated() {
            for j in 0..<n where i != j && known(i, j) == nil {
                let cell = answer.sources_to_targets[row][j]
                // A leg no road connects is a gap of the matrix (`RoadMatrix.gaps`), as on a region's roads.
                guard let km = cell.distance, let time = cell.time else {
                    (meters[i * n + j], seconds[i * n + j]) = (.infinity, .infinity)
                    continue
                }
                if let doubt = Self.doubt(meters: km * 1_000, seconds: time, from: stops[i].0, to: stops[j].0) {
                    return Self.doubted(doubt, meters: km * 1_000, seconds: time, by: service, between: (stops[i].1, stops[j].1))
                        ?? reason(.garbled, asked: "a road matrix")
                }
                (meters[i * n + j], seconds[i * n + j]) = (km * 1_000, time)
            }
        }
        return nil
    }

    /// Why a cell's figures cannot be a drive (`LegFigures.implausibility`), nil when they can.
    /// The matrix gives whole seconds: a short leg's may be rounded below its fastest, so a
    /// second more is tried before it is called too fast.
    private static func doubt(meters: Double, seconds: Double, from: Coordinate, to: Coordinate) -> LegFigures.Implausibility? {
        guard let doubt = LegFigures.implausibility(meters: meters, seconds: seconds, from: from, to: to) else { return nil }
        return doubt == .fasterThanAnyVehicle ? LegFigures.implausibility(meters: meters, seconds: seconds + 1, from: from, to: to) : doubt
    }
}
