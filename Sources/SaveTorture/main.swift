import BackgroundWork
import Foundation
#if canImport(Glibc)
import Glibc
import RoadtripCore
import RoadtripStore
#endif

// The victim of the kill-during-save stress test (Tests/EndToEndTests/CrashSafeSaveStressTests).
//
//   save-torture FILE SEED [DIR]   saves two large trip files (about 10 MB of JSON each, built
//                                  from SEED, or read from DIR/A.json and DIR/B.json) alternately
//                                  to FILE, forever, through the program's own save path
//                                  (TripFileStore.write); prints `ready A|B` once the contents are
//                                  ready, then `saved N A|B` after each completed save.
//   save-torture check FILE [SEED] what the next start of the program does: DataModel.load, as
//                                  the planner starts (the lock, then stale temporary files
//                                  removed, then the one read); prints `absent`, or with SEED `A` or `B` (the decoded
//                                  file equals that content), without it the trip count. Exits 1
//                                  with the reason when the file does not read or is neither.
//   save-torture expected SEED DIR writes the exact bytes of both contents to DIR/A.json, B.json.

/// The two contents saved in turn. They differ everywhere (ids, names, places, number of trips),
/// so a file made of pieces of both, or of a content cut short, is neither.
enum TortureContent {
    static let words = [
        "Harbor", "Canyon", "Ridge", "Meadow", "Summit", "Lagoon", "Prairie", "Fjord", "Mesa", "Delta",
        "Glacier", "Orchard", "Vineyard", "Lighthouse", "Crossing", "Falls", "Hollow", "Pass",
        "Café", "Ørsted", "Zürich", "São", "Ñandú", "Kraków", "東京", "Κέρκυρα", "Reykjavík", "🚗",
    ]
    static let countries = ["US", "CA", "IS", "DE", "FR", "JP", "AU", "NZ", "NO", "PT", "GR", "PL"]

    static func make(seed: UInt64, variant: UInt64) -> TripFile {
        var generator = SeededRandom(seed: seed &* 31 &+ variant &+ 1)
        // About 10 MB of pretty-printed JSON: ~100 trips of ~95 stops, ~1 KB per stop, mostly notes
        // (long strings: the next start, a debug build's DataModel.load, gets through them
        // nearly twice as fast as through as many bytes of short fields).
        let tripCount = variant == 0 ? 100 : 105
        var trips: [Trip] = []
        trips.reserveCapacity(tripCount)
        for tripIndex in 0..<tripCount {
            let stopCount = Int.random(in: 70...120, using: &generator)
            var stops: [Stop] = []
            stops.reserveCapacity(stopCount)
            for stopIndex in 0..<stopCount {
                let latitude = (Double.random(in: -89.9...89.9, using: &generator) * 1e6).rounded() / 1e6
                let longitude = (Double.random(in: -179.9...179.9, using: &generator) * 1e6).rounded() / 1e6
                let hasNotes = Int.random(in: 0..<8, using: &generator) != 0
                stops.append(
                    Stop(
                        id: uuid(&generator),
                        name: "\(phrase(2, &generator)) \(stopIndex + 1)",
                        location: Coordinate(latitude: latitude, longitude: longitude),
                        region: phrase(1, &generator),
                        country: countries.randomElement(using: &generator),
                        notes: hasNotes ? phrase(Int.random(in: 40...160, using: &generator), &generator) : nil
                    ))
            }
            var trip = Trip(id: uuid(&generator), name: "\(phrase(3, &generator)) #\(tripIndex + 1) (\(variant == 0 ? "A" : "B"))", stops: stops)
            if tripIndex % 4 == 0 { trip.settings.roadFactor = Double(Int.random(in: 100...150, using: &generator)) / 100 }
            if tripIndex % 5 == 0 { trip.settings.averageSpeedKmh = Double(Int.random(in: 40...110, using: &generator)) }
            trips.append(trip)
        }
        return TripFile(trips: trips)
    }

    private static func phrase(_ count: Int, _ generator: inout SeededRandom) -> String {
        (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
    }

    private static func uuid(_ generator: inout SeededRandom) -> UUID {
        let high = generator.next(), low = generator.next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

func say(_ line: String) {
    // Straight to the descriptor, unbuffered: the test reads the lines as they come.
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("save-torture: \(message)\n".utf8))
    exit(1)
}

func seed(_ text: String) -> UInt64 {
    guard let value = UInt64(text) else { fail("the seed must be a whole number, not \(text)") }
    return value
}

/// Both contents, as values and as the bytes `TripFileStore.write` puts in the file.
func contents(seed: UInt64) -> [(name: String, file: TripFile, bytes: Data)] {
    ["A", "B"].enumerated().map { index, name in
        let file = TortureContent.make(seed: seed, variant: UInt64(index))
        do {
            return (name, file, try file.encoded())
        } catch {
            fail("cannot encode content \(name): \(error)")
        }
    }
}

/// The bytes of both contents: from `DIR/A.json` and `DIR/B.json` when a directory is given
/// (written by `save-torture expected`; the stress test starts this program hundreds of times
/// and building the contents is most of its start-up), else built from the seed.
func contentBytes(seed: UInt64, directory: String?) -> [(name: String, bytes: Data)] {
    if let directory,
        let a = try? Data(contentsOf: URL(fileURLWithPath: "\(directory)/A.json")),
        let b = try? Data(contentsOf: URL(fileURLWithPath: "\(directory)/B.json"))
    {
        return [("A", a), ("B", b)]
    }
    return contents(seed: seed).map { ($0.name, $0.bytes) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "check" where arguments.count == 2 || arguments.count == 3:
    let seedValue = arguments.count == 3 ? seed(arguments[2]) : nil
    // The planner's own start: the lock, the cleanup of stale temporary files, the one read.
    struct Absent: Error {}
    let file: TripFile
    do {
        file = try MainActor.assumeIsolated {
            let model = DataModel(store: TripFileStore(url: URL(fileURLWithPath: arguments[1])), runner: ThreadRunner())
            try model.load { throw Absent() }
            return TripFile(trips: model.trips)
        }
    } catch is Absent {
        say("absent")
        exit(0)
    } catch {
        fail("the file does not read: \(error)")
    }
    guard let seedValue else {
        say("read \(file.trips.count) trips, \(file.trips.reduce(0) { $0 + $1.stops.count }) stops")
        exit(0)
    }
    guard let match = contents(seed: seedValue).first(where: { $0.file == file }) else {
        fail("the file reads but is neither content (\(file.trips.count) trips)")
    }
    say(match.name)

case "expected" where arguments.count == 3:
    let directory = arguments[2]
    for content in contents(seed: seed(arguments[1])) {
        let path = "\(directory)/\(content.name).json"
        do {
            try content.bytes.write(to: URL(fileURLWithPath: path))
        } catch {
            fail("cannot write \(path): \(error)")
        }
    }

case let path? where (arguments.count == 2 || arguments.count == 3) && path != "check" && path != "expected":
    let url = URL(fileURLWithPath: path)
    let store = TripFileStore(url: url)
    let expected = contentBytes(seed: seed(arguments[1]), directory: arguments.count == 3 ? arguments[2] : nil)
    // Start with the content the file does not hold yet, so that every save changes it.
    var next = (try? Data(contentsOf: url)) == expected[0].bytes ? 1 : 0
    say("ready \(expected[next].name)")
    // The negative control: SAVE_TORTURE_UNSAFE=1 overwrites the file in place, as a naive save
    // would, to show that the stress test catches torn files.
    let unsafe = ProcessInfo.processInfo.environment["SAVE_TORTURE_UNSAFE"] == "1"
    var count = 0
    while true {
        do {
            // The program's save path, minus the encoding (done once above): a kill during the
            // encoding could not touch the file anyway.
            if unsafe {
                try expected[next].bytes.write(to: url)
            } else {
                try store.write(expected[next].bytes)
            }
        } catch {
            fail("save \(count + 1) failed: \(error)")
        }
        count += 1
        say("saved \(count) \(expected[next].name)")
        next = 1 - next
    }

default:
    fail(
        """
        usage: save-torture FILE SEED [CONTENTS-DIR]   save two contents alternately to FILE, forever
               save-torture check FILE [SEED]          read FILE as the program's next start would
               save-torture expected SEED DIR          write the two contents to DIR/A.json, DIR/B.json
        """)
}
