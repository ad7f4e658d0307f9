import Foundation

/// The folders roadtrip keeps its own files in, by the XDG base directory spec: `data`
/// (`$XDG_DATA_HOME/roadtrip`, else `~/.local/share/roadtrip`: the trips file by default, the
/// regions), `cache` (`$XDG_CACHE_HOME/roadtrip`, else `~/.cache/roadtrip`: the road legs) and
/// `state` (`$XDG_STATE_HOME/roadtrip`, else `~/.local/state/roadtrip`: recovery copies). A
/// relative XDG variable is invalid by the spec and ignored.
package struct RoadtripFolders: Sendable {
    package let data: URL
    package let cache: URL
    package let state: URL

    package init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func folder(_ variable: String, _ fallback: String) -> URL {
            let base = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (home as NSString).appendingPathComponent(fallback)
            return URL(fileURLWithPath: base).appendingPathComponent("roadtrip")
        }
        data = folder("XDG_DATA_HOME", ".local/share")
        cache = folder("XDG_CACHE_HOME", ".cache")
        state = folder("XDG_STATE_HOME", ".local/state")
    }
}
