// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "roadtrip",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "roadtrip", targets: ["roadtrip"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // The one door to C: ncursesw, linked by name (module.modulemap) from the default include
        // path: its pkg-config file adds -D_DEFAULT_SOURCE and -D_XOPEN_SOURCE=600, which SwiftPM
        // refuses with a warning on every build, and the shim defines what the wide API needs.
        .systemLibrary(
            name: "CNCurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The C library's locale and wcwidth, for measuring text without curses (a header only:
        // glibc declares wcwidth only under _XOPEN_SOURCE, which SwiftPM does not let a package define).
        .systemLibrary(name: "CLocale"),
        // libroutino, the road router (Debian libroutino-dev; no pkg-config file: linked by name).
        .systemLibrary(
            name: "CRoutino",
            providers: [.apt(["libroutino-dev"])]
        ),
        // Text as the terminal shows it, without a terminal: display widths and clipping, the
        // ASCII forms outside UTF-8, the dot canvas, and the roles text plays (`Style`). No curses,
        // so the domain and the tools that link it do not link ncursesw. Its API is `public`, not
        // `package` as in the other targets: the compiler inlines small members across modules
        // only when they are public (Swift 6.3 does not, even when marked @inlinable), and the
        // map asks `Rect.bottom` millions of times a frame (`package` cost `j` 0.3 ms a key).
        .target(name: "TextCanvas", dependencies: ["CLocale"]),
        // What a presenter hands its view, said without curses: the status bar's message and the
        // fields a form asks for. Presenters, interactors, routers and contracts import it and never
        // Terminal (RoadtripTUITests' ModuleImportsTests), so a presenter cannot reach for curses.
        .target(name: "ScreenModels"),
        // The curses driver: screen, keys, signals, each Style's attributes, drawing TextCanvas's
        // text and canvas, and widgets. Knows nothing of trips; the only library importing CNCurses.
        .target(name: "Terminal", dependencies: ["CNCurses", "TextCanvas", "ScreenModels"]),
        // Work off the main loop: the runner protocol and jobs, the program's runner (a thread per
        // job, or a serial lane), and the gate end-to-end tests hold long work at. Knows nothing
        // of trips; the unit tests' manual runner is in RoadtripTestSupport.
        .target(name: "BackgroundWork"),
        // The one way to run another program: posix_spawn with the streams given and nothing else
        // inherited (descriptors, blocked signals), a thread that waits on the child so its end is
        // seen at once, and SIGKILL to stop it. Knows nothing of trips.
        .target(name: "ChildProcesses"),
        // The one atomic writer: every file roadtrip keeps is written through it, whole or not at
        // all and never through a link (a temporary file of an unguessable name, O_EXCL|O_NOFOLLOW,
        // fsync, rename). Below the store and the regions, which both write files; knows nothing of trips.
        .target(name: "DurableWrites"),
        // The layers, each a target so the compiler holds the line between them. A target sees
        // only the ones it names; what crosses a line is declared `package`.
        //
        // Entities and services in rooms, one folder each (Entities, Geodesy, Driving, Routing, Map,
        // Places, Links, Planning, Text, Resources, Support), each using only the rooms beneath it
        // (RoomsTests in RoadtripCoreTests holds the table). TextCanvas for the map's canvas and text widths.
        .target(name: "RoadtripCore", dependencies: ["TextCanvas"]),
        // The writers of place indexes: a gazetteer's bytes from its source (GazetteerWriter), and
        // the source made of named features (GeoJSON geometry, a point inside an area). Only the
        // gazetteer builder and the region import write indexes, so the program's core only reads them.
        .target(name: "IndexWriting", dependencies: ["RoadtripCore"]),
        // The data store: the observable DataModel over the trips file (lock, atomic save, merge,
        // undo history), and the GPX, GeoJSON and KML files trips are imported from and exported to.
        .target(
            name: "RoadtripStore",
            dependencies: ["RoadtripCore", "BackgroundWork", "DurableWrites", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        // Regions: the folder of OpenStreetMap extracts the user added (each region built aside and
        // put in place in one step, its region.json, the lock and the sweep), and the place library
        // that searches them with the built-in indexes. What reads regions needs only this.
        .target(name: "RoadtripRegions", dependencies: ["RoadtripCore", "DurableWrites"]),
        // The import that fills the regions folder: an extract read with osmium-tool and its road
        // database built by Routino's planetsplitter (child processes), the features kept as places,
        // the road network, the regions' roads joined, and extracts downloaded from a catalogue (curl).
        .target(name: "OSMImport", dependencies: ["RoadtripCore", "IndexWriting", "RoadtripRegions", "BackgroundWork", "DurableWrites", "ChildProcesses"]),
        // The Routino engine (Core's RoadRouting): legs on the regions' roads, in process. It only
        // reads what the import wrote in the regions' folders (RoadtripRegions reads a region's road
        // graph); the import, not the engine, brings an older region's files up to date.
        .target(name: "RoutinoRouting", dependencies: ["RoadtripCore", "RoadtripRegions", "CRoutino"]),
        // The Valhalla engine (Core's RoadRouting): legs from a Valhalla service over HTTP
        // (each request by `curl`, a child process), when ROADTRIP_VALHALLA_URL names one.
        .target(name: "ValhallaRouting", dependencies: ["RoadtripCore", "ChildProcesses"]),
        // Routing as the planner and the command line see it: the leg cache any engine is wrapped
        // in, and the one factory that picks the engine.
        .target(name: "RoadtripRouting", dependencies: ["RoadtripCore", "RoadtripRegions", "RoutinoRouting", "ValhallaRouting", "DurableWrites", "CLocale"]),
        // The use cases both front ends adapt: exporting and importing trips, the best order of the
        // stops, the plan day by day, the edits of a trip, the places along it, and adding,
        // downloading, updating and removing regions, each written once as plain types (no curses,
        // no ArgumentParser), so that the planner's interactors and the commands only turn keys and
        // words into calls, and what comes back into screens and text. RoadtripRegions and OSMImport
        // for the regions' (neither names a use case: the layering stays one way).
        .target(name: "RoadtripUseCases", dependencies: ["RoadtripCore", "RoadtripStore", "RoadtripRegions", "OSMImport"]),
        // The full-screen planner: the app shell (main loop, navigator, editing session) and the
        // VIPER modules TripList, TripDetail, Waypoint and Itinerary.
        .target(
            name: "RoadtripTUI",
            dependencies: [
                "Terminal", "TextCanvas", "ScreenModels", "RoadtripCore", "RoadtripStore", "RoadtripRegions", "OSMImport", "RoadtripRouting",
                "RoadtripUseCases", "BackgroundWork", "ChildProcesses", .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // The command line: every subcommand, and the root command that starts the planner.
        .target(
            name: "RoadtripCLI",
            dependencies: [
                "Terminal", "TextCanvas", "RoadtripCore", "RoadtripStore", "RoadtripRegions", "OSMImport", "RoadtripRouting", "RoadtripUseCases", "RoadtripTUI",
                "BackgroundWork", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The C library's allocator settings (mallopt), for the program's start.
        .systemLibrary(name: "CMalloc"),
        .executableTarget(name: "roadtrip", dependencies: ["RoadtripCLI", "CMalloc"]),
        // Builds Resources/gazetteer.bin from the extracted GeoNames places (`make data`).
        .executableTarget(name: "gazetteer-builder", dependencies: ["RoadtripCore", "IndexWriting", "DurableWrites"], path: "Sources/GazetteerBuilder"),
        // Saves a large trips file over and over, for the kill-during-save stress test.
        .executableTarget(name: "save-torture", dependencies: ["RoadtripCore", "RoadtripStore", "BackgroundWork"], path: "Sources/SaveTorture"),
        // Speed figures for BENCHMARKS.md (`make bench`), built in release.
        .executableTarget(
            name: "roadtrip-bench",
            dependencies: ["RoadtripStore", "RoadtripRegions", "OSMImport", "RoadtripRouting", "Terminal", "ChildProcesses", "BackgroundWork"],
            path: "Sources/RoadtripBench"),
        .testTarget(name: "TextCanvasTests", dependencies: ["TextCanvas"]),
        .testTarget(name: "ScreenModelsTests", dependencies: ["ScreenModels"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TextCanvas", "ScreenModels", "CNCurses"]),
        .testTarget(name: "BackgroundWorkTests", dependencies: ["BackgroundWork", "RoadtripTestSupport"]),
        .testTarget(name: "DurableWritesTests", dependencies: ["DurableWrites", "RoadtripTestSupport"]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        // One test target per library, each naming only its library (and the ones under it that its
        // tests build values with), so a test that reaches across a layer does not compile.
        //
        // What the tests share, as plain targets under Tests/ (as swift-argument-parser's
        // ArgumentParserTestHelpers), built only for the tests: fixtures, temporary directories, a
        // hand-moved clock, the real gazetteer, the TSPLIB reader; and, a layer up so that the core's
        // tests cannot see the store through them, a model loaded in a temporary folder.
        .target(name: "RoadtripTestSupport", dependencies: ["RoadtripCore", "BackgroundWork", "ChildProcesses"], path: "Tests/RoadtripTestSupport"),
        .target(
            name: "RoadtripStoreTestSupport",
            dependencies: ["RoadtripStore", "RoadtripCore", "BackgroundWork", "RoadtripTestSupport"],
            path: "Tests/RoadtripStoreTestSupport"
        ),
        .testTarget(name: "RoadtripCoreTests", dependencies: ["RoadtripCore", "IndexWriting", "TextCanvas", "RoadtripTestSupport"]),
        // Fuzz/ replays the fuzz corpora through the file reader, so it lives with the store.
        .testTarget(
            name: "RoadtripStoreTests",
            dependencies: ["RoadtripStore", "RoadtripCore", "BackgroundWork", "ChildProcesses", "RoadtripTestSupport", "RoadtripStoreTestSupport"]
        ),
        .testTarget(name: "RoadtripRegionsTests", dependencies: ["RoadtripRegions", "IndexWriting", "RoadtripCore", "RoadtripTestSupport"]),
        // The import on the committed extracts, the downloads on file:// catalogues, and the place
        // library searching what was imported.
        .testTarget(
            name: "OSMImportTests", dependencies: ["OSMImport", "RoadtripRegions", "IndexWriting", "RoadtripCore", "ChildProcesses", "RoadtripTestSupport"]),
        // The Routino engine and the cache around it, on the committed extracts.
        .testTarget(
            name: "RoadtripRoutingTests",
            dependencies: ["RoadtripRouting", "RoutinoRouting", "RoadtripRegions", "OSMImport", "RoadtripCore", "ChildProcesses", "RoadtripTestSupport"]),
        // The Valhalla engine on canned answers, on tiny HTTP servers that misbehave, and on a real
        // valhalla_service (pyvalhalla from PyPI, installed into .build/valhalla) over the Andorra extract.
        .testTarget(name: "ValhallaRoutingTests", dependencies: ["ValhallaRouting", "RoadtripCore", "ChildProcesses", "RoadtripTestSupport"]),
        // Each use case through itself, on a real model in a temporary folder and a fake engine; the
        // regions' on a temporary regions folder and a file:// catalogue.
        .testTarget(
            name: "RoadtripUseCasesTests",
            dependencies: [
                "RoadtripUseCases", "RoadtripStore", "RoadtripRegions", "OSMImport", "RoadtripCore", "RoadtripTestSupport", "RoadtripStoreTestSupport",
            ]
        ),
        // Stress/ drives the real modules on a real model, so it lives with the planner.
        .testTarget(
            name: "RoadtripTUITests",
            dependencies: [
                "RoadtripTUI", "RoadtripStore", "RoadtripUseCases", "RoadtripRegions", "OSMImport", "RoadtripCore", "Terminal", "TextCanvas", "ScreenModels",
                "BackgroundWork", "RoadtripTestSupport", "RoadtripStoreTestSupport",
            ]
        ),
        .testTarget(
            name: "RoadtripCLITests",
            dependencies: [
                "RoadtripCLI", "RoadtripStore", "RoadtripCore", "Terminal", "TextCanvas", "RoadtripTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Snapshots/ holds the golden `roadtrip map` outputs, read by path at test time. These tests
        // run the built binary; they take only the temporary directory and RoadtripCore's
        // SeededRandom from the libraries, so neither is written twice, and start programs as the
        // program does (ChildProcesses).
        .testTarget(name: "EndToEndTests", dependencies: ["RoadtripCore", "RoadtripTestSupport", "ChildProcesses"], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets for `make fuzz` (Scripts/fuzz). They only link with the fuzzer sanitizer, so they
// are declared only when ROADTRIP_FUZZ=1 and a plain `swift build` or `make test` never sees them.
if Context.environment["ROADTRIP_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(name: "fuzz-trip-file", dependencies: ["RoadtripStore"], path: "Sources/Fuzz/TripFile"),
        .executableTarget(name: "fuzz-coordinates", dependencies: ["RoadtripCore"], path: "Sources/Fuzz/Coordinates"),
        .executableTarget(name: "fuzz-search", dependencies: ["RoadtripCore"], path: "Sources/Fuzz/Search"),
    ]
}
