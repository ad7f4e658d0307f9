import Foundation
import RoadtripCore

/// The orders the trip list can be shown in (`S` goes to the next); the file keeps its own.
enum TripListOrder: CaseIterable, Equatable, Sendable {
    case file, name, distance, startDate

    var next: TripListOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// "by name"; nil for the file's own order.
    var label: String? {
        switch self {
        case .file: return nil
        case .name: return "by name"
        case .distance: return "by distance"
        case .startDate: return "by start date"
        }
    }

    /// The trips in `order`: names in the user's alphabetical order, distances shortest first,
    /// start dates earliest first (trips without one last); ties keep the file's order.
    /// `meters` gives a trip's length when it is known already (`TripRowCache`).
    static func sorted(_ trips: [Trip], by order: TripListOrder, meters length: ((Trip) -> Double)? = nil) -> [Trip] {
        let indexed = Array(trips.enumerated())
        func stable(_ before: (Trip, Trip) -> Bool?) -> [Trip] {
            indexed.sorted { lhs, rhs in before(lhs.element, rhs.element) ?? (lhs.offset < rhs.offset) }.map(\.element)
        }
        switch order {
        case .file:
            return trips
        case .name:
            return stable { lhs, rhs in
                let result = lhs.name.localizedStandardCompare(rhs.name)
                return result == .orderedSame ? nil : result == .orderedAscending
            }
        case .distance:
            let meters = Dictionary(trips.map { ($0.id, length?($0) ?? TripRowCache.Total(of: $0).meters) }, uniquingKeysWith: { first, _ in first })
            return stable { lhs, rhs in meters[lhs.id] == meters[rhs.id] ? nil : meters[lhs.id, default: 0] < meters[rhs.id, default: 0] }
        case .startDate:
            return stable { lhs, rhs in
                switch (lhs.settings.startDate, rhs.settings.startDate) {
                case let (left?, right?): return left == right ? nil : left < right
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return nil
                }
            }
        }
    }
}
