import Foundation

extension JSONEncoder {
    /// Pretty-printed with sorted keys: the same values always give the same bytes, which diff well.
    package static func deterministic() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
