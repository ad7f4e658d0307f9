import ChildProcesses
import Foundation
@testable import OSMImport
import RoadtripRegions
import Testing

/// The import's two lanes: both results come back, the first failure is the one thrown, and the
/// second lane (and every tool it starts) yields the processor to the first (issue 54).
@Suite struct LanesTests {
    private struct Failed: Error, Equatable {
        let lane: Int
    }

    @Test func bothResultsComeBack() throws {
        let (first, second) = try Lanes.both(stopping: { false }) { _ in
            1
        } and: { _ in
            "two"
        }
        #expect(first == 1 && second == "two")
    }

    @Test func theSecondLaneAndItsToolsYieldToTheFirst() throws {
        let own = Lanes.threadNiceness()
        let (first, second) = try Lanes.both(stopping: { false }) { _ in
            Lanes.threadNiceness()
        } and: { _ -> (thread: Int32, tool: Int32?) in
            // Field 19 of /proc/PID/stat is the nice value; awk reads its own.
            let (ended, output) = try ChildProcess.output(of: "/usr/bin/awk", ["{ print $19 }", "/proc/self/stat"])
            #expect(ended.succeeded)
            return (Lanes.threadNiceness(), Int32(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        #expect(first == own, "the first lane runs as the caller does")
        let yielded = min(own + Lanes.secondLaneNiceness, 19)
        #expect(second.thread == yielded)
        #expect(second.tool == yielded, "a tool the second lane starts inherits its priority")
        #expect(Lanes.threadNiceness() == own, "the caller's own thread is left as it was")
    }

    @Test func theFirstFailureIsThrownAndStopsTheOther() {
        #expect(throws: Failed(lane: 1)) {
            _ = try Lanes.both(stopping: { false }) { stopped -> Int in
                throw Failed(lane: 1)
            } and: { stopped -> Int in
                // Held until the first lane's failure tells this one to stop.
                while !stopped() { usleep(1_000) }
                throw Failed(lane: 2)
            }
        }
        #expect(throws: Failed(lane: 2)) {
            _ = try Lanes.both(stopping: { false }) { stopped -> Int in
                while !stopped() { usleep(1_000) }
                throw Failed(lane: 1)
            } and: { stopped -> Int in
                throw Failed(lane: 2)
            }
        }
    }

    @Test func aCancelledImportStopsBothLanes() {
        #expect(throws: RegionError.cancelled) {
            _ = try Lanes.both(stopping: { true }) { stopped -> Int in
                guard !stopped() else { throw RegionError.cancelled }
                return 1
            } and: { stopped -> Int in
                guard !stopped() else { throw RegionError.cancelled }
                return 2
            }
        }
    }
}
