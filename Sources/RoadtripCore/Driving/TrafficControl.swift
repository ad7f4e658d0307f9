import Foundation

/// A point of a road where OpenStreetMap says traffic stops or slows: lights, a stop or give-way
/// sign, a pedestrian crossing, a speed bump, a mini-roundabout (issue 56: town legs came out at
/// half to three quarters of real driving, and a city centre of a few square kilometres has
/// hundreds of these). A region keeps those on its roads (`TrafficControls`); the legs routed
/// on them (`DriveTime`) and the road graph's times (`RoadGraph.Costs`) add what each costs the
/// same way (`seconds(passingAt:profile:)`).
package struct TrafficControl: Equatable, Sendable {
    package enum Kind: UInt8, CaseIterable, Sendable {
        case signals, stop, giveWay, crossing, calming, miniRoundabout
    }

    package var coordinate: Coordinate
    package var kind: Kind

    package init(_ coordinate: Coordinate, kind: Kind) {
        self.coordinate = coordinate
        self.kind = kind
    }

    /// The kind of a node tagged `tags`; nil for a node that holds no traffic up.
    package static func kind(ofTags tags: [String: String]) -> Kind? {
        switch tags["highway"] {
        case "traffic_signals": return .signals
        case "stop": return .stop
        case "give_way": return .giveWay
        case "mini_roundabout": return .miniRoundabout
        case "crossing": return tags["crossing"] == "traffic_signals" ? .signals : .crossing
        default:
            if let calming = tags["traffic_calming"], calming != "no" { return .calming }
            return tags["crossing"] == "traffic_signals" ? .signals : nil
        }
    }

    /// The tag expressions of `osmium tags-filter` that keep such nodes.
    package static let osmiumExpressions = [
        "n/highway=traffic_signals,stop,give_way,mini_roundabout,crossing", "n/traffic_calming", "n/crossing=traffic_signals",
    ]
}

extension TrafficControl.Kind {
    /// What passing it costs on top of driving through at speed, in seconds, where the figures
    /// come from:
    ///
    /// - **signals**: 5 s for a junction's lights. The Highway Capacity Manual's uniform delay of
    ///   a fixed-time signal, `d = 0.5 C (1 − g/C)² / (1 − X·g/C)` (HCM 2000, eq. 16-11), with a
    ///   90 s cycle, half of it green and traffic at half the capacity, is 15 s for a car arriving
    ///   at random; a town's lights are set for the platoons on its main streets, and with
    ///   "highly favourable" arrivals (arrival type 5) the progression factor `PF = (1 − P)
    ///   f_PA / (1 − g/C)` (eq. 16-12, exhibit 16-12: `P = 1.667 g/C`, `f_PA = 1.0`) takes it to
    ///   a third, 5 s. Its braking and starting again are in it. (OSRM's car profile charges
    ///   2 s, `traffic_signal_penalty`.) Measured against the Helsinki centre's daytime speed on
    ///   its main streets, 23.9 km/h (HSL, 2011), the 15 s of random arrivals made town legs
    ///   half as fast as driven (issue 56). A junction's lights are mapped on several points
    ///   (each road's stop line, each crossing): they share its cost (`TrafficControls`).
    /// - **stop**: a stop from the speed the road is driven at and a start again, plus 2 s
    ///   standing, OSRM 26's `car.lua` figure for a stop sign.
    /// - **give way**, an uncontrolled **crossing** (giving way to people on foot) and a
    ///   **mini-roundabout** (giving way at it): 1 s, OSRM 26's figure for a give-way sign; a
    ///   mini-roundabout is also driven at `slowKmh`.
    /// - **calming** (humps, tables, cushions, chicanes): no pause, but slowed to `slowKmh`.
    var pauseSeconds: Double {
        switch self {
        case .signals: return 5
        case .stop: return 2
        case .giveWay, .crossing, .miniRoundabout: return 1
        case .calming: return 0
        }
    }

    /// The speed it is passed at, in km/h: 0 for a stop; nil where it is passed at speed.
    /// Over humps, tables and cushions drivers keep about 15–20 mph (25–30 km/h; UK Department
    /// for Transport, Local Transport Note 1/07 "Traffic Calming", on vertical deflections);
    /// 25 km/h is taken for every kind of calming and for driving round a mini-roundabout.
    var slowKmh: Double? {
        switch self {
        case .stop: return 0
        case .calming, .miniRoundabout: return 25
        case .signals, .giveWay, .crossing: return nil
        }
    }
}

extension TrafficControl {
    /// The seconds a control of `kind` costs a vehicle of `profile` that would pass at `speed`
    /// (m/s): its pause, and what slowing to its speed and gathering speed again takes beyond
    /// driving the same meters at `speed`, `(v − c)² / 2v · (1/a + 1/b)`; `share` of it where
    /// it is half of a junction's lights.
    package static func seconds(_ kind: Kind, passingAt speed: Double, profile: DrivingProfile, share: Double = 1) -> Double {
        var seconds = kind.pauseSeconds
        if let slow = kind.slowKmh.map({ $0 / 3.6 }), speed > slow {
            seconds += (speed - slow) * (speed - slow) / (2 * speed) * (1 / profile.acceleration + 1 / profile.deceleration)
        }
        return seconds * share
    }
}

/// The traffic controls on a region's roads, found by where they are: what a leg or an edge of
/// the road graph passes (`on(from:to:)`).
package struct TrafficControls: Sendable {
    package let controls: [TrafficControl]
    /// The share of its cost each control charges: for lights, `2 / n` of a junction's `n` lights
    /// (at most all of it), as a leg through a junction passes about two of them (the stop line
    /// before it and the crossing after it; a crossing of two streets mapped on its four arms, a
    /// wide one on more); else all of it.
    let shares: [Double]
    private let cells: [Int64: [Int32]]

    /// How far from a stretch of road a control may be and still be on it: planetsplitter leaves
    /// out points within 3 m of a straight line between their neighbours (its `--prune-straight`
    /// default), and a control is often such a point.
    static let onRoadMeters = 3.5
    /// Lights within this of each other are one junction's: a junction's stop lines and crossings
    /// (OpenStreetMap's tagging of each), and those of the next lights within it.
    static let junctionMeters = 40.0
    /// A grid cell's side, in degrees (about 110 m north–south).
    static let cell = 0.001

    package init(_ controls: [TrafficControl]) {
        self.controls = controls
        var cells: [Int64: [Int32]] = [:]
        for (i, control) in controls.enumerated() {
            cells[Self.key(control.coordinate), default: []].append(Int32(i))
        }
        self.cells = cells
        let signals = controls.indices.filter { controls[$0].kind == .signals }
        // The junctions: lights joined to others within `junctionMeters`, one to the next.
        var junction = Array(controls.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while junction[i] != i { (junction[i], i) = (junction[junction[i]], junction[junction[i]]) }
            return i
        }
        for i in signals {
            for key in Self.keys(around: controls[i].coordinate, within: Self.junctionMeters) {
                for j in (cells[key] ?? []).map(Int.init)
                where j < i && controls[j].kind == .signals
                    && Geodesy.flatMeters(controls[i].coordinate, controls[j].coordinate) <= Self.junctionMeters
                {
                    junction[root(i)] = root(j)
                }
            }
        }
        var lights: [Int: Int] = [:]
        for i in signals { lights[root(i), default: 0] += 1 }
        var shares = [Double](repeating: 1, count: controls.count)
        for i in signals { shares[i] = min(1, 2 / Double(lights[root(i)]!)) }
        self.shares = shares
    }

    package var isEmpty: Bool { controls.isEmpty }

    /// The controls on the stretch of road from `a` to `b`, with how far along it each is (a
    /// share of its length) and its share of the cost: those within `onRoadMeters` of it that lie
    /// beside it, past `a` and up to `b`. A control at a point belongs to the stretch that arrives
    /// there, so that one where roads meet is passed once, whichever stretches a leg takes.
    package func on(from a: Coordinate, to b: Coordinate) -> [(fraction: Double, kind: TrafficControl.Kind, share: Double)] {
        guard !controls.isEmpty else { return [] }
        let margin = Self.onRoadMeters / (6_371_008.8 * .pi / 180), wide = margin / max(cos(a.latitude * .pi / 180), 0.01)
        var found: [(fraction: Double, kind: TrafficControl.Kind, share: Double)] = []
        for row in Self.index(min(a.latitude, b.latitude) - margin)...Self.index(max(a.latitude, b.latitude) + margin) {
            for column in Self.index(min(a.longitude, b.longitude) - wide)...Self.index(max(a.longitude, b.longitude) + wide) {
                for i in cells[Self.key(row, column)] ?? [] {
                    if let along = Self.place(of: controls[Int(i)].coordinate, onStretchFrom: a, to: b) {
                        found.append((along, controls[Int(i)].kind, shares[Int(i)]))
                    }
                }
            }
        }
        return found.sorted { $0.fraction < $1.fraction }
    }

    /// How far along the stretch from `a` to `b` `point` is (a share of its length) when it is on
    /// it: within `onRoadMeters` of it, beside it, past `a` and up to `b`; else nil.
    package static func place(of point: Coordinate, onStretchFrom a: Coordinate, to b: Coordinate) -> Double? {
        let cosine = cos(a.latitude * .pi / 180), metersPerDegree = 6_371_008.8 * .pi / 180
        let (dx, dy) = ((b.longitude - a.longitude) * cosine * metersPerDegree, (b.latitude - a.latitude) * metersPerDegree)
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return nil }
        let (px, py) = ((point.longitude - a.longitude) * cosine * metersPerDegree, (point.latitude - a.latitude) * metersPerDegree)
        let along = (px * dx + py * dy) / length2
        let (ex, ey) = (px - along * dx, py - along * dy)
        return along > 0 && along <= 1 && ex * ex + ey * ey <= onRoadMeters * onRoadMeters ? along : nil
    }

    private static func index(_ degrees: Double) -> Int64 { Int64((degrees / cell).rounded(.down)) }
    private static func key(_ row: Int64, _ column: Int64) -> Int64 { row &* 1_000_003 &+ column }
    private static func key(_ point: Coordinate) -> Int64 { key(index(point.latitude), index(point.longitude)) }

    private static func keys(around point: Coordinate, within meters: Double) -> [Int64] {
        let span = meters / (6_371_008.8 * .pi / 180), wide = span / max(cos(point.latitude * .pi / 180), 0.01)
        var keys: [Int64] = []
        for row in index(point.latitude - span)...index(point.latitude + span) {
            for column in index(point.longitude - wide)...index(point.longitude + wide) { keys.append(key(row, column)) }
        }
        return keys
    }
}

extension TrafficControls {
    /// The file a region keeps them in, beside its roads.
    package static let fileName = "controls.bin"
    private static let magic = Array("RTCTRL01".utf8)

    /// The bytes of the file: a magic of eight bytes, the count (32 bits), then each control's
    /// latitude and longitude in 1e-7 degrees (32 bits each) and kind (8 bits), little-endian.
    package func encoded() -> Data {
        var data = Data(Self.magic)
        func add<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        add(UInt32(controls.count))
        for control in controls {
            add(Int32((control.coordinate.latitude * 1e7).rounded()))
            add(Int32((control.coordinate.longitude * 1e7).rounded()))
            add(control.kind.rawValue)
        }
        return data
    }

    /// The controls of a file's bytes; nil when they are not such a file (or of another version).
    package static func decoded(_ data: Data) -> TrafficControls? {
        let record = 9
        guard data.count >= magic.count + 4, Array(data.prefix(magic.count)) == magic else { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> TrafficControls? in
            func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
            let count = Int(u32(magic.count)), start = magic.count + 4
            guard data.count == start + count * record else { return nil }
            var controls: [TrafficControl] = []
            controls.reserveCapacity(count)
            for i in 0..<count {
                let offset = start + i * record
                guard let kind = TrafficControl.Kind(rawValue: bytes[offset + 8]) else { return nil }
                let latitude = Double(Int32(bitPattern: u32(offset))) / 1e7, longitude = Double(Int32(bitPattern: u32(offset + 4))) / 1e7
                controls.append(TrafficControl(Coordinate(latitude: latitude, longitude: longitude), kind: kind))
            }
            return TrafficControls(controls)
        }
    }

    /// The controls kept in the region `folder` (none when it keeps none: a region added before
    /// issue 56, or a file that does not read, which only makes its times those of before).
    package static func inRegion(_ folder: URL) -> TrafficControls {
        (try? Data(contentsOf: folder.appendingPathComponent(fileName))).flatMap(decoded) ?? TrafficControls([])
    }
}
