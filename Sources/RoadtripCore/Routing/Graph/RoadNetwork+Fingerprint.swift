/// A 64-bit hash of a sequence of words, the same on every machine and in every run (Swift's
/// `Hasher` is seeded anew in each process): what tells a file built from one road network, or
/// for one vehicle, from a file built from another.
struct Fingerprint {
    private(set) var value: UInt64 = 0x6a09_e667_f3bc_c908

    /// Each step is a bijection of the word added, so that two sequences that differ in one word
    /// never hash alike.
    mutating func add(_ word: UInt64) {
        value = ((value << 27 | value >> 37) ^ word) &* 0x9e37_79b9_7f4a_7c15
    }

    mutating func add(_ number: Double) { add(number.bitPattern) }
}

extension RoadNetwork {
    /// What this network holds, hashed: its points (ids and places) and its ways (ids, rules and
    /// points). The same network read again has the same; a file built from it records it.
    package var fingerprint: UInt64 {
        var hash = Fingerprint()
        hash.add(UInt64(ids.count))
        for (id, point) in zip(ids, points) {
            hash.add(UInt64(bitPattern: id))
            hash.add(point.latitude)
            hash.add(point.longitude)
        }
        hash.add(UInt64(ways.count))
        for way in ways {
            let rules = way.rules
            hash.add(UInt64(bitPattern: way.id))
            let open = Transport.allCases.enumerated().reduce(UInt64(0)) { bits, item in rules.open.contains(item.element) ? bits | 1 << item.offset : bits }
            hash.add(UInt64(Self.classCode(rules.roadClass)) | UInt64(rules.direction.rawValue) << 8 | open << 16)
            for limit in [rules.maxKmh, rules.maxWeight, rules.maxHeight, rules.maxWidth, rules.maxLength] { hash.add(limit ?? -1) }
            hash.add(UInt64(way.nodes.count))
            for node in way.nodes { hash.add(UInt64(UInt32(bitPattern: node))) }
        }
        return hash.value
    }
}

extension DrivingProfile {
    /// Every figure of the profile hashed, with the version of the profiles and of `DriveTime`:
    /// a file of times built for a profile records it, and is not used for another.
    package var fingerprint: UInt64 {
        var hash = Fingerprint()
        hash.add(UInt64(Self.version))
        hash.add(UInt64(Vehicle.allCases.firstIndex(of: vehicle) ?? 0))
        for roadClass in RoadClass.allCases { hash.add(cruiseKmh[roadClass] ?? -1) }
        for figure in [weightTonnes, heightMeters, widthMeters, lengthMeters, acceleration, deceleration, curveFactor, townKmh, uTurnSeconds] {
            hash.add(figure)
        }
        return hash.value
    }
}

extension TrafficControls {
    /// A hash of every control, for the fingerprint of a graph built with them.
    package var fingerprint: UInt64 {
        var hash = Fingerprint()
        hash.add(UInt64(controls.count))
        for control in controls {
            hash.add(control.coordinate.latitude)
            hash.add(control.coordinate.longitude)
            hash.add(UInt64(control.kind.rawValue))
        }
        return hash.value
    }
}
