import Foundation
@testable import RoadtripCore
import Testing

/// Issue 56, item 4: lights, stop and give-way signs, crossings, calming and mini-roundabouts on
/// a town's roads, timed alike in a routed leg (`DriveTime`) and on the road graph (`RoadGraph.Costs`).
struct TrafficControlTests {
    static let car = DrivingProfile.of(.car)

    /// A point `east` and `north` meters from 45° N 7° E, as the graph's tests draw.
    static func at(_ east: Double, _ north: Double) -> Coordinate { RoadGraphTests.at(east, north) }

    @Test func aNodesTagsSayWhatHoldsTrafficUp() {
        #expect(TrafficControl.kind(ofTags: ["highway": "traffic_signals"]) == .signals)
        #expect(TrafficControl.kind(ofTags: ["highway": "crossing", "crossing": "traffic_signals"]) == .signals)
        #expect(TrafficControl.kind(ofTags: ["highway": "crossing", "crossing": "zebra"]) == .crossing)
        #expect(TrafficControl.kind(ofTags: ["highway": "stop"]) == .stop)
        #expect(TrafficControl.kind(ofTags: ["highway": "give_way"]) == .giveWay)
        #expect(TrafficControl.kind(ofTags: ["highway": "mini_roundabout"]) == .miniRoundabout)
        #expect(TrafficControl.kind(ofTags: ["traffic_calming": "hump"]) == .calming)
        #expect(TrafficControl.kind(ofTags: ["traffic_calming": "no"]) == nil)
        #expect(TrafficControl.kind(ofTags: ["highway": "street_lamp"]) == nil)
    }

    /// Lights cost their pause whatever the speed; a stop costs braking to rest and starting again
    /// on top of its pause, more from a faster road; a hump only the slowing, none below its speed.
    @Test func eachControlCostsItsPauseAndItsSlowing() {
        let car = Self.car
        #expect(TrafficControl.seconds(.signals, passingAt: 50 / 3.6, profile: car) == 5)
        #expect(TrafficControl.seconds(.signals, passingAt: 50 / 3.6, profile: car, share: 0.5) == 2.5)
        let stop = TrafficControl.seconds(.stop, passingAt: 50 / 3.6, profile: car)
        // v/2 (1/a + 1/b) + 2 s: 13.9 / 2 × (1/1.2 + 1/1.5) + 2 ≈ 12.4 s.
        #expect(abs(stop - (50 / 3.6 / 2 * (1 / 1.2 + 1 / 1.5) + 2)) < 1e-9)
        #expect(TrafficControl.seconds(.stop, passingAt: 80 / 3.6, profile: car) > stop)
        #expect(TrafficControl.seconds(.calming, passingAt: 20 / 3.6, profile: car) == 0)
        #expect(TrafficControl.seconds(.calming, passingAt: 50 / 3.6, profile: car) > 1)
        #expect(TrafficControl.seconds(.stop, passingAt: 50 / 3.6, profile: .of(.camper)) > stop, "a camper brakes and picks up slower")
    }

    /// A control on a stretch belongs to it from just past its start to its end: one at a point
    /// where two stretches meet is passed once, with the stretch that arrives there.
    @Test func aControlIsOnTheStretchThatArrivesAtIt() {
        let (a, b, c) = (Self.at(0, 0), Self.at(100, 0), Self.at(200, 0))
        let atB = Self.at(100, 0), beside = Self.at(50, 3), away = Self.at(50, 6)
        #expect(TrafficControls.place(of: atB, onStretchFrom: a, to: b).map { abs($0 - 1) < 1e-6 } == true)
        #expect(TrafficControls.place(of: atB, onStretchFrom: b, to: c) == nil)
        #expect(TrafficControls.place(of: beside, onStretchFrom: a, to: b).map { abs($0 - 0.5) < 1e-3 } == true)
        #expect(TrafficControls.place(of: away, onStretchFrom: a, to: b) == nil, "6 m off the road: another road's")
        #expect(TrafficControls.place(of: a, onStretchFrom: a, to: b) == nil)
        let controls = TrafficControls([TrafficControl(atB, kind: .stop)])
        #expect(controls.on(from: a, to: b).count == 1 && controls.on(from: b, to: c).isEmpty)
        #expect(controls.on(from: c, to: b).count == 1, "driven the other way, it is the other stretch's")
    }

    /// A junction's lights mapped on its four arms share its cost, two halves a leg; a lone one costs all.
    @Test func aJunctionsLightsShareItsCost() {
        let arms = [(0.0, 12.0), (12, 0), (0, -12), (-12, 0)].map { TrafficControl(Self.at($0.0, $0.1), kind: .signals) }
        let lone = TrafficControl(Self.at(500, 0), kind: .signals), crossing = TrafficControl(Self.at(20, 0), kind: .crossing)
        let controls = TrafficControls(arms + [lone, crossing])
        #expect(controls.shares == [0.5, 0.5, 0.5, 0.5, 1, 1])
    }

    @Test func controlsAreKeptAndReadBack() throws {
        let controls = TrafficControls(TrafficControl.Kind.allCases.enumerated().map { TrafficControl(Self.at(Double($0) * 30, 7.5), kind: $1) })
        let read = try #require(TrafficControls.decoded(controls.encoded()))
        #expect(read.controls.map(\.kind) == controls.controls.map(\.kind))
        for (one, other) in zip(read.controls, controls.controls) {
            #expect(Geodesy.flatMeters(one.coordinate, other.coordinate) < 0.02)
        }
        #expect(TrafficControls.decoded(controls.encoded().dropLast()) == nil)
        #expect(TrafficControls.decoded(Data("RTCTRL09".utf8) + controls.encoded().dropFirst(8)) == nil)
    }

    /// A leg through a stop sign, past lights, over a crossing: each adds what it costs, and a
    /// left turn (across the oncoming traffic) costs more than a right one.
    @Test func aLegPaysForTheControlsOnItsWayAndForTurningAcrossTraffic() {
        let leg = DriveTimeTests.straight(1_000, kmh: 50)
        let bare = DriveTime.seconds(of: leg, profile: Self.car)
        let onIt = [DriveTimeTests.point(east: 500, north: 0), DriveTimeTests.point(east: 300, north: 1)]
        let stopped = DriveTime.seconds(of: leg, profile: Self.car, controls: TrafficControls([TrafficControl(onIt[0], kind: .stop)]))
        #expect(abs(stopped - bare - TrafficControl.seconds(.stop, passingAt: 50 / 3.6, profile: Self.car)) < 0.5)
        let lights = DriveTime.seconds(of: leg, profile: Self.car, controls: TrafficControls([TrafficControl(onIt[1], kind: .signals)]))
        #expect(abs(lights - bare - 5) < 1e-6)
        let offIt = DriveTime.seconds(
            of: leg, profile: Self.car, controls: TrafficControls([TrafficControl(DriveTimeTests.point(east: 500, north: 30), kind: .stop)]))
        #expect(offIt == bare, "a stop sign on a side street 30 m off")

        let left = DriveTimeTests.leg([(0, 0), (300, 0), (300, 300)], kmh: 50, junctions: [1])
        let right = DriveTimeTests.leg([(0, 0), (300, 0), (300, -300)], kmh: 50, junctions: [1])
        let difference = DriveTime.seconds(of: left, profile: Self.car) - DriveTime.seconds(of: right, profile: Self.car)
        #expect(difference > 1.5 && difference <= DriveTime.oncomingTurnSeconds, "\(difference)")
    }

    /// Where traffic keeps left, the right turn is the one across the oncoming traffic; a region's
    /// side is its places' country's (most of them).
    @Test func whereTrafficKeepsLeftTheRightTurnWaits() {
        let left = DriveTimeTests.leg([(0, 0), (300, 0), (300, 300)], kmh: 50, junctions: [1])
        let right = DriveTimeTests.leg([(0, 0), (300, 0), (300, -300)], kmh: 50, junctions: [1])
        let rightHand = DriveTime.seconds(of: left, profile: Self.car) - DriveTime.seconds(of: right, profile: Self.car)
        let leftHand = DriveTime.seconds(of: right, profile: Self.car, keepsLeft: true) - DriveTime.seconds(of: left, profile: Self.car, keepsLeft: true)
        #expect(abs(rightHand - leftHand) < 1e-9 && leftHand > 1.5)
        #expect(TrafficSide.keepsLeft(countryCodes: ["GB", "GB", "FR", ""]) == true)
        #expect(TrafficSide.keepsLeft(countryCodes: ["AD", "ES", "AD"]) == false)
        #expect(TrafficSide.keepsLeft(countryCodes: ["", ""]) == nil)
        #expect(["JP", "AU", "IE", "IN", "ZA", "NZ"].allSatisfy(TrafficSide.leftHandCountries.contains))
    }

    /// The graph's edges pay for the same controls by the same rule: lights on a street cost the
    /// matrix what they cost the leg, both ways; a stop sign only the way it is met; controls on
    /// no road are not kept.
    @Test func theGraphsEdgesPayForTheControlsAsALegDoes() throws {
        let network = RoadGraphTests.network([(["highway": "secondary", "maxspeed": "50"], [(0, 0), (400, 0), (800, 0), (1_200, 0)])])
        let stops = RoadGraphTests.stops([(0, 0), (1_200, 0)])
        let bare = try RoadGraphTests.figures(RoadGraph(network).matrix(of: stops, profile: Self.car, quickest: true))
        let controls = [
            TrafficControl(Self.at(400, 0), kind: .signals), TrafficControl(Self.at(600, 2), kind: .crossing),
            TrafficControl(Self.at(600, 300), kind: .stop),
        ]
        let graph = RoadGraph(network, controls: TrafficControls(controls))
        #expect(graph.trafficControls.controls.map(\.kind) == [.signals, .crossing], "the stop sign 300 m off is on no road")
        #expect(graph.fingerprint != RoadGraph(network).fingerprint)
        let timed = try RoadGraphTests.figures(graph.matrix(of: stops, profile: Self.car, quickest: true))
        for (from, to) in [(0, 1), (1, 0)] {
            #expect(abs(timed.seconds(from, to) - bare.seconds(from, to) - 6) < 0.01, "\(from) → \(to): lights 5 s and a crossing 1 s")
        }
    }
}
