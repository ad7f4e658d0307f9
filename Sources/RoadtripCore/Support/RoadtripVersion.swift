/// The program's version, for `--version` and for the files it writes.
package enum RoadtripVersion {
    package static let current = "0.1.0"

    /// "roadtrip 0.1.0": the `creator` of an exported file.
    package static var creator: String { "roadtrip \(current)" }
}
