import Foundation
@testable import RoadtripCore
@testable import RoadtripStore
@testable import RoadtripTUI
import Terminal
import Testing
import RoadtripStoreTestSupport
import RoadtripTestSupport

/// The monkey test: the real app in-process (a real data model over a temporary file seeded with
/// the sample trips, the real gazetteer and basemap, an off-screen terminal) driven by seeded
/// random keystrokes — every key of SPEC §4, random text in many scripts, control characters,
/// typed place names and coordinates, and terminal resizes. Afterwards nothing has crashed, the
/// model's invariants hold, and the saved file reads back equal to the model.
///
/// 10,000 keys in `make test`, 100,000 in `make stress` (ROADTRIP_STRESS=1). The normal run uses
/// a fixed seed; the stress run a fresh one, printed. ROADTRIP_MONKEY_SEED=N replays a seed,
/// ROADTRIP_MONKEY_KEYS=N sets the count, ROADTRIP_MONKEY_TRACE=1 prints every key (to find the
/// key that crashed a run).
@MainActor
@Suite struct MonkeyStressTests {
    static let environment = ProcessInfo.processInfo.environment
    static let isStress = environment["ROADTRIP_STRESS"] == "1"

    @Test func randomKeysDriveEveryScreenAndTheModelStaysSound() throws {
        let keyCount = Self.environment["ROADTRIP_MONKEY_KEYS"].flatMap(Int.init) ?? (Self.isStress ? 100_000 : 10_000)
        let seed =
            Self.environment["ROADTRIP_MONKEY_SEED"].flatMap(UInt64.init)
            ?? (Self.isStress ? UInt64.random(in: 1...UInt64(UInt32.max)) : 20_251_121)
        print("Monkey: seed \(seed), \(keyCount) keys (replay with ROADTRIP_MONKEY_SEED=\(seed))")

        let directory = try TemporaryDirectory()
        let monkey = try Monkey(file: directory.file("trips.json"), seed: seed, trace: Self.environment["ROADTRIP_MONKEY_TRACE"] == "1")
        defer { monkey.terminal.stop() }
        try monkey.run(keys: keyCount)

        let report = monkey.report
        print(report.summary)
        #expect(report.autosaveErrors.isEmpty, "autosave failed: \(report.autosaveErrors.prefix(3))")
        #expect(report.readBackMismatches == 0, "an autosaved file did not read back equal to the model")
        #expect(report.invariantFailures.isEmpty, "invariants broke during the run: \(report.invariantFailures.prefix(5))")

        // Every screen and mode was reached, and often.
        let often = keyCount / 200
        for screen in ["TripListView", "TripDetailView", "WaypointView"] {
            #expect(report.keysOn[screen, default: 0] >= often, "\(screen) had the keys \(report.keysOn[screen, default: 0]) times")
            #expect(report.entries[screen, default: 0] >= keyCount / 2_000, "\(screen) was entered \(report.entries[screen, default: 0]) times")
        }
        #expect(report.keysOn["map focus", default: 0] >= often / 4)
        #expect(report.keysOn["help overlay", default: 0] >= often / 4)
        #expect(report.restarts >= 1, "q never quit the trip list")
        #expect(report.stopsAdded >= keyCount / 2_000, "only \(report.stopsAdded) stops were added through the editor")
        #expect(report.resizes >= keyCount / 300)
        #expect(report.tooSmallDraws >= 1)

        // The model after the run.
        let problems = Monkey.invariantProblems(of: monkey.model.trips)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        try monkey.model.save()
        let saved = try #require(try TripFileStore(url: directory.file("trips.json")).read())
        #expect(saved.trips == monkey.model.trips)
        #expect(saved.trips.count == monkey.model.trips.count)
    }
}

/// The app in-process, run like `MainLoop` but with keys from a seeded generator.
@MainActor
final class Monkey {
    struct Report {
        var keys = 0
        var restarts = 0
        var resizes = 0
        var tooSmallDraws = 0
        var draws = 0
        var autosaves = 0
        var autosaveErrors: [String] = []
        var readBackMismatches = 0
        var stopsAdded = 0
        var maxTrips = 0
        var maxStops = 0
        var invariantFailures: [String] = []
        /// Keys handled while each screen (or mode) was on top.
        var keysOn: [String: Int] = [:]
        /// Times each screen came on top.
        var entries: [String: Int] = [:]
        var elapsed: TimeInterval = 0
        /// Where the time went: handling keys and drawing, by screen, and autosaving.
        var handleTime: [String: TimeInterval] = [:]
        var drawTime: [String: TimeInterval] = [:]
        var saveTime: TimeInterval = 0
        var seed: UInt64 = 0

        var summary: String {
            let screens = keysOn.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let entered = entries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return """
                Monkey: \(keys) keys in \(String(format: "%.1f", elapsed)) s (seed \(seed)); \(restarts) restarts after quit, \(resizes) resizes \
                (\(tooSmallDraws) too-small draws), \(draws) draws, \(autosaves) autosaves, \(stopsAdded) stops added; \
                at most \(maxTrips) trips and \(maxStops) stops in one trip
                Monkey: keys per screen: \(screens)
                Monkey: screens entered: \(entered)
                Monkey: seconds handling keys: \(Self.seconds(handleTime)); drawing: \(Self.seconds(drawTime)); autosaving: \(String(format: "%.1f", saveTime))
                """
        }

        private static func seconds(_ times: [String: TimeInterval]) -> String {
            times.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value))" }.joined(separator: ", ")
        }
    }

    let model: DataModel
    let terminal: Terminal
    private(set) var navigator: Navigator
    private(set) var report = Report()
    private var random: SeededRandom
    private let trace: Bool
    private let places: PlaceIndexProvider
    private let basemap: BasemapProvider
    /// The folder the planner is "started in", where an export typed as a name alone goes: the
    /// test's own, never the folder the tests run in.
    private let workingDirectory: String
    /// The model's clock, moved an hour ahead before every autosave so that it is due.
    private let clock: TestClock
    private var previousTop = ""
    private var previousStopCount = 0

    init(file: URL, seed: UInt64, trace: Bool = false) throws {
        let clock = TestClock()
        self.clock = clock
        model = DataModel(store: TripFileStore(url: file), now: clock.read, runner: ManualRunner())
        workingDirectory = file.deletingLastPathComponent().path
        try model.load { try Resources.locate(environment: [:]).loadSampleTrips() }
        if let reason = model.readOnlyReason { throw MonkeyError.readOnly(reason) }
        random = SeededRandom(seed: seed)
        self.trace = trace
        report.seed = seed
        places = .gazetteer(environment: [:])
        basemap = .basemap(environment: [:])
        // Loading the resources is not part of the run.
        _ = try places.value.get()
        _ = try basemap.value.get()
        var sizeRandom = SeededRandom(seed: seed ^ 0x5EED)
        guard
            let terminal = Terminal.offscreen(
                width: Int.random(in: 30...250, using: &sizeRandom), height: Int.random(in: 6...80, using: &sizeRandom), color: true)
        else {
            throw MonkeyError.noTerminal
        }
        self.terminal = terminal
        previousStopCount = Self.stopCount(model.trips)
        navigator = Navigator(runner: model.runner)
        startNavigator()
    }

    enum MonkeyError: Error {
        case noTerminal
        case readOnly(String)
    }

    private func startNavigator() {
        navigator = Navigator(runner: model.runner)
        navigator.push(
            TripListAssembly.makeModule(
                context: ModuleContext(
                    model: model, navigator: navigator, unit: .km, places: places, basemap: basemap,
                    workingDirectory: workingDirectory)))
    }

    func run(keys count: Int) throws {
        let start = Date()
        var nextResize = Int.random(in: 100...300, using: &random)
        while report.keys < count {
            if navigator.needsDisplay { draw() }
            if report.keys >= nextResize {
                resize()
                nextResize = report.keys + Int.random(in: 100...300, using: &random)
            }
            for key in nextKeys() where report.keys < count {
                handle(key)
            }
        }
        if navigator.needsDisplay { draw() }
        report.elapsed = Date().timeIntervalSince(start)
    }

    /// One key, as `MainLoop` handles it: to the navigator, then the work it started off the loop
    /// (an import, a search: run to its end at once here), then autosave (here: sometimes, with a
    /// clock far ahead so that it is due), then a redraw if anything changed.
    func handle(_ key: Key) {
        if trace { FileHandle.standardError.write(Data("monkey key \(report.keys): \(String(reflecting: key))\n".utf8)) }
        let screen = screenName()
        count(screen)
        let started = Date()
        navigator.handle(key)
        model.manualRunner.runAll()
        navigator.pollBusy()
        report.handleTime[screen, default: 0] += Date().timeIntervalSince(started)
        report.keys += 1
        if navigator.isFinished {
            report.restarts += 1
            startNavigator()
        }
        noteScreenChange()
        if Int.random(in: 0..<50, using: &random) == 0 { autosave() }
        if navigator.needsDisplay { draw() }
        if report.keys % 500 == 0 { checkInvariants() }
    }

    private func draw() {
        let started = Date()
        navigator.draw(on: terminal.surface)
        report.drawTime[screenName(), default: 0] += Date().timeIntervalSince(started)
        report.draws += 1
        if terminal.width < Navigator.minimumSize.width || terminal.height < Navigator.minimumSize.height { report.tooSmallDraws += 1 }
    }

    private func resize() {
        // Anything from 1×1 to 250×80, most often a usual size (large frames are the slow ones).
        let width = [1...40, 30...130, 30...130, 100...250].randomElement(using: &random)!.randomElement(using: &random)!
        let height = [1...10, 6...40, 6...40, 30...80].randomElement(using: &random)!.randomElement(using: &random)!
        if trace { FileHandle.standardError.write(Data("monkey resize \(width)x\(height)\n".utf8)) }
        terminal.resize(width: width, height: height)
        navigator.setNeedsDisplay()
        report.resizes += 1
    }

    private func autosave() {
        let started = Date()
        defer { report.saveTime += Date().timeIntervalSince(started) }
        clock.advance(by: 3_600)
        do {
            guard let outcome = try model.autosaveToTheEnd() else { return }
            report.autosaves += 1
            // No other program writes the file, so there is never anything to merge.
            if outcome != .saved { report.autosaveErrors.append("unexpected save outcome \(outcome)") }
            if report.autosaves % 10 == 0 {
                let saved = try model.store.read()
                if saved?.trips != model.trips { report.readBackMismatches += 1 }
            }
        } catch {
            report.autosaveErrors.append(String(describing: error))
            navigator.show(.error(String(describing: error)))
        }
    }

    private func checkInvariants() {
        let problems = Self.invariantProblems(of: model.trips, allowBlankNameWhileRenaming: isRenaming)
        if !problems.isEmpty, report.invariantFailures.count < 20 {
            report.invariantFailures.append("after key \(report.keys): \(problems.prefix(3).joined(separator: "; "))")
        }
        report.maxTrips = max(report.maxTrips, model.trips.count)
        report.maxStops = max(report.maxStops, model.trips.map(\.stops.count).max() ?? 0)
    }

    /// Whether a rename is open (its name follows each keystroke, so may be blank for a moment).
    private var isRenaming: Bool {
        navigator.top?.statusHints.first == KeyHint(key: "Enter", label: "Keep")
    }

    // MARK: Screens reached

    private func screenName() -> String {
        guard let top = navigator.top else { return "none" }
        return String(describing: type(of: top))
    }

    private func count(_ screen: String) {
        report.keysOn[screen, default: 0] += 1
        if navigator.isShowingHelp { report.keysOn["help overlay", default: 0] += 1 }
        if let top = navigator.top as? TripDetailView, top.statusHints == TripMapPanel.statusHints, !navigator.isShowingHelp {
            report.keysOn["map focus", default: 0] += 1
        }
        if terminal.width >= TripMapPanel.sideBySideWidth, navigator.top is TripDetailView {
            report.keysOn["trip with map beside", default: 0] += 1
        }
    }

    private func noteScreenChange() {
        let name = screenName()
        let stops = Self.stopCount(model.trips)
        if name != previousTop { report.entries[name, default: 0] += 1 }
        if previousTop == "WaypointView", name == "TripDetailView", stops == previousStopCount + 1 { report.stopsAdded += 1 }
        previousTop = name
        previousStopCount = stops
    }

    private static func stopCount(_ trips: [Trip]) -> Int {
        trips.reduce(0) { $0 + $1.stops.count }
    }

    // MARK: Invariants

    /// Unique trip ids, stop ids unique in the whole model, valid coordinates, no blank trip name.
    static func invariantProblems(of trips: [Trip], allowBlankNameWhileRenaming: Bool = false) -> [String] {
        var problems: [String] = []
        var tripIDs = Set<UUID>(), stopIDs = Set<UUID>()
        for trip in trips {
            if !tripIDs.insert(trip.id).inserted { problems.append("duplicate trip id \(trip.id)") }
            if trip.name.isEmpty { problems.append("empty trip name (id \(trip.id))") }
            if !allowBlankNameWhileRenaming, trip.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("blank trip name \(String(reflecting: trip.name)) (id \(trip.id))")
            }
            for stop in trip.stops {
                if !stopIDs.insert(stop.id).inserted { problems.append("duplicate stop id \(stop.id) in \(trip.name)") }
                if !stop.location.isValid { problems.append("invalid coordinate \(stop.location) of \(stop.name) in \(trip.name)") }
            }
        }
        return problems
    }

    // MARK: Keys

    /// Every key of SPEC §4 (and the text-field keys).
    static let specKeys: [Key] = [
        .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight,
        .character("j"), .character("k"), .character("g"), .character("G"), .character("h"), .character("l"),
        .pageUp, .pageDown, .home, .end, .enter, .escape, .character("q"),
        .character("a"), .character("r"), .character("d"), .delete, .character("y"), .character("n"), .character("Y"), .character("N"),
        .character("/"), .character("u"), .control("r"), .character("s"), .character("?"), .character("m"),
        .character("+"), .character("-"), .character("="), .character("_"), .character("0"),
        .tab, .backTab, .character("J"), .character("K"), .character("o"), .function(1), .backspace,
        .control("u"), .control("w"), .control("a"), .control("e"), .control("b"), .control("f"), .control("d"),
        .character(" "),
    ]

    static let tripListBias: [[Key]] = [
        [.enter], [.enter], [.enter], [.right], [.character("l")], [.character("a")], [.character("/")], [.character("r")],
        [.character("d")], [.character("d"), .character("y")], [.down], [.character("j")],
    ]
    static let tripDetailBias: [Key] = [
        .character("a"), .character("a"), .character("a"), .enter, .enter, .character("m"), .character("m"), .character("o"),
        .character("r"), .character("J"), .character("K"), .character("d"), .character("y"), .down, .up, .character("u"), .control("r"),
        .escape, .character("h"), .left, .character("q"),
    ]
    static let waypointBias: [Key] = [.down, .down, .up, .pageDown, .tab, .backTab, .backspace, .function(1)]

    static let placeNames = [
        "par", "Paris", "San Fr", "zür", "Zürich", "münch", "new y", "mont", "Big Sur", "tok", "東京", "Москва", "القاهرة",
        "São Paulo", "reykj", "x", "a", "nowhere-at-all", "los", "berl", "kyō", "québec", "ō",
    ]

    /// Text in many scripts, one scalar or one cluster at a time.
    private func randomUnicode() -> [Key] {
        func scalar(_ range: ClosedRange<UInt32>) -> Key {
            Key.decode(code: UInt32.random(in: range, using: &random), isFunctionKey: false)
        }
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return [scalar(0x4E00...0x9FFF)] // CJK
        case 1: return [scalar(0xAC00...0xD7A3)] // Hangul
        case 2: return [scalar(0x1F300...0x1FAFF)] // emoji
        case 3: return [scalar(0x0300...0x036F)] // combining marks, alone
        case 4: return [scalar(0x05D0...0x05EA)] // Hebrew
        case 5: return [scalar(0x0621...0x064A)] // Arabic
        case 6: return [scalar(0xFF01...0xFF60)] // full-width forms
        case 7: return [scalar(0x0000...0x001F)] // C0 controls (Ctrl keys, Tab, Enter, Esc…)
        case 8: return [scalar(0x007F...0x009F)] // DEL and C1 controls
        case 9: return [scalar(0x0000...0x11_0010)] // anything, surrogates and beyond included
        case 10: // format and separator characters
            let specials: [UInt32] = [
                0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202E, 0x2028, 0x2029, 0xFEFF, 0x00A0, 0x3000, 0xFFFD, 0xFFFF, 0xE000, 0x10_FFFD, 0x00AD, 0x0085,
            ]
            return [Key.decode(code: specials.randomElement(using: &random)!, isFunctionKey: false)]
        case 11: // a whole cluster as one key
            let clusters: [String] = ["👨‍👩‍👧‍👦", "🇫🇷", "👍🏽", "❤️", "1️⃣", "é", "ﷺ", "क्षि", "Z̤͔ͧ̑̓", "각"]
            let cluster = clusters.randomElement(using: &random)!
            return cluster.count == 1 ? [.character(Character(cluster))] : cluster.map { .character($0) }
        case 12: // an emoji sequence scalar by scalar
            return "👩‍👩‍👦🏳️‍🌈".unicodeScalars.map { Key.decode(code: $0.value, isFunctionKey: false) }
        default: // other keys ncurses may report
            return [[.function(Int.random(in: 2...63, using: &random)), .unknown(UInt32.random(in: 0...0x1FF, using: &random))].randomElement(using: &random)!]
        }
    }

    private func coordinates() -> String {
        let latitude = Double.random(in: -95...95, using: &random), longitude = Double.random(in: -190...190, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return String(format: "%.4f, %.4f", latitude, longitude)
        case 1: return String(format: "%.2f %.2f", latitude, longitude)
        case 2:
            return String(format: "%.3f", abs(latitude)) + (latitude < 0 ? " S " : " N ") + String(format: "%.3f", abs(longitude))
                + (longitude < 0 ? " W" : " E")
        case 3: return "\(Int(abs(latitude)))°\(Int.random(in: 0...65, using: &random))′\(Int.random(in: 0...65, using: &random))″N \(Int(abs(longitude)))°12′E"
        case 4: return String((0..<Int.random(in: 1...12, using: &random)).map { _ in "0123456789,.-+ °NSEW".randomElement(using: &random)! })
        default: return "\(Int(latitude)),\(Int(longitude))"
        }
    }

    /// The next key or burst of keys, weighted so that every screen is reached often. `q` on the
    /// trip list ends the navigator; it is mostly skipped there, because a finished navigator is
    /// never freed (its modules and the navigator hold each other, harmless in the app, which
    /// exits) and each one left behind still follows every change of the model.
    func nextKeys() -> [Key] {
        let keys = anyKeys()
        if navigator.top is TripListView, keys.contains(.character("q")), Int.random(in: 0..<4, using: &random) != 0 {
            return keys.filter { $0 != .character("q") }
        }
        return keys
    }

    private func anyKeys() -> [Key] {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<40:
            return [Self.specKeys.randomElement(using: &random)!]
        case 40..<70:
            switch navigator.top {
            case is TripListView: return Self.tripListBias.randomElement(using: &random)!
            case is TripDetailView: return [Self.tripDetailBias.randomElement(using: &random)!]
            default:
                // Often a place name or coordinates typed into a cleared field, then Enter.
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<7: return [.control("u")] + Self.placeNames.randomElement(using: &random)!.map { .character($0) }
                case 7..<10: return [.control("u")] + coordinates().map { .character($0) }
                case 10..<14: return [.enter]
                case 14..<16: return [.escape]
                default: return [Self.waypointBias.randomElement(using: &random)!]
                }
            }
        case 70..<82:
            return [.character(Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))))]
        case 82..<91:
            return randomUnicode()
        case 91..<95:
            return Self.placeNames.randomElement(using: &random)!.map { .character($0) }
        case 95..<98:
            return coordinates().map { .character($0) }
        default:
            return (0..<Int.random(in: 2...6, using: &random)).map { _ in .character(Character(Unicode.Scalar(UInt8.random(in: 0x30...0x39, using: &random)))) }
        }
    }
}
