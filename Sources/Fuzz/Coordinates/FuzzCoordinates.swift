import Foundation
import RoadtripCore

/// libFuzzer entry (`make fuzz`): arbitrary bytes, read as UTF-8 (invalid sequences replaced), as
/// typed coordinates. Parsing may fail with a `CoordinateParser.Failure`; a success must be a valid
/// coordinate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = CoordinateParser.looksLikeCoordinates(text)
    do {
        let coordinate = try CoordinateParser.parse(text)
        if !coordinate.isValid { fatalError("parse(\(text.debugDescription)) gave an invalid coordinate \(coordinate)") }
    } catch {
        _ = error.description
    }
    return 0
}
