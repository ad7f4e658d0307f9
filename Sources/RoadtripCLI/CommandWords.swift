import ArgumentParser
import RoadtripCore

/// The positional words of a command, where a word may begin with a minus sign: `show -1`,
/// `search -33.8688,151.2093`, `new Sydney "-33.87, 151.21"`.
///
/// swift-argument-parser takes every word that begins with "-" for an option, and an `@Argument`
/// has no way to accept one as a value (apple/swift-argument-parser#31). So the commands declare
/// their positional words as one array with the `.allUnrecognized` strategy, which receives
/// every word no option claimed, in order, and this type sorts them: numbers and coordinates are
/// values, any other word that begins with "-" is an option nobody knows. Options still parse as
/// before, before or after the words, and `--` still ends the options.
enum CommandWords {
    /// The values among `words` (as `.allUnrecognized` captured them), in order.
    static func values(_ words: [String]) throws -> [String] {
        var values: [String] = []
        var optionsEnded = false
        for word in words {
            if optionsEnded {
                values.append(word)
            } else if word == "--" {
                // The terminator itself reaches the array too.
                optionsEnded = true
            } else if word.count > 1, word.hasPrefix("-"), !isNegativeNumber(word) {
                throw ValidationError("Unknown option '\(word)'.")
            } else {
                values.append(word)
            }
        }
        return values
    }

    /// Whether `word` is a minus sign followed by a number ("-1", "-33.8688,151.2093",
    /// "-.5 10"): no option of roadtrip's begins with a digit, so these are always values.
    static func isNegativeNumber(_ word: String) -> Bool {
        let afterMinus = word.utf8.dropFirst()
        guard word.utf8.first == UInt8(ascii: "-"), let first = afterMinus.first else { return false }
        if first == UInt8(ascii: ".") { return afterMinus.dropFirst().first.map { (0x30...0x39).contains($0) } ?? false }
        return (0x30...0x39).contains(first)
    }
}

/// The TRIP of the commands that work on one trip (`show`, `plan`, `optimize`, `map`): its words,
/// and the trip they name.
struct TripArgument: ParsableArguments {
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The trip: its id, its exact name, or its position in `roadtrip list` (1 is the first trip, -1 the last).",
            discussion: "Several words are one name: Pacific Coast Drive.",
            valueName: "trip"))
    var words: [String]

    func validate() throws {
        _ = try CommandWords.values(words)
    }

    /// The trip among `trips` that the words name (`TripReference`'s rules).
    func trip(in trips: [Trip]) throws -> Trip {
        try TripReference.resolve(try CommandWords.values(words).joined(separator: " "), in: trips)
    }
}
