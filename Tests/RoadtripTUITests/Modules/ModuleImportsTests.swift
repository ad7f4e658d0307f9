import Foundation
import Testing

/// The curses line inside each module: only views draw, so only views may import the terminal
/// layer. Presenters, interactors, routers, contracts and assemblies say what to show through
/// ScreenModels; a file that imports Terminal or CNCurses here could name keys, surfaces or curses
/// calls, and this test fails before it merges.
@Suite struct ModuleImportsTests {
    static let modules = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RoadtripTUI/Modules")
    static let roles = ["Presenter", "Interactor", "Router", "Contracts", "Assembly"]
    static let cursesModules: Set<String> = ["Terminal", "CNCurses"]

    /// The module files that hold no view: `TripListPresenter.swift`, `TripDetailRouter.swift` …
    static func filesWithoutViews() throws -> [URL] {
        let files = FileManager.default.enumerator(at: modules, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { file in roles.contains { file.lastPathComponent.hasSuffix("\($0).swift") } }
    }

    /// The modules a Swift source imports, with `@testable` or `@preconcurrency` and the like dropped.
    static func imports(of source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.count == 2, words[0] == "import" else { return nil }
            return String(words[1])
        }
    }

    @Test func presentersInteractorsRoutersAndContractsImportNoCurses() throws {
        let files = try Self.filesWithoutViews()
        #expect(files.contains { $0.lastPathComponent == "TripListPresenter.swift" }, "the modules were found")
        for file in files {
            let curses = Self.imports(of: try String(contentsOf: file, encoding: .utf8)).filter(Self.cursesModules.contains)
            #expect(curses.isEmpty, "\(file.lastPathComponent) imports \(curses.joined(separator: ", "))")
        }
    }

    @Test func importsAreReadWithTheirAttributes() {
        #expect(
            Self.imports(of: "import Foundation\n@preconcurrency import OpenCombine\n@testable import Terminal\n// import CNCurses\n")
                == ["Foundation", "OpenCombine", "Terminal"])
    }
}
