/// The program's version, for `--version` and for the files it writes.
public enum RoadtripVersion {
    public static let current = "0.1.0"

    /// "roadtrip 0.1.0": the `creator` of an exported file.
    public static var creator: String { "roadtrip \(current)" }
}
