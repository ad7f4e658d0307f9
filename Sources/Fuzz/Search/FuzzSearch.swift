import Foundation
import RoadtripCore

/// The committed gazetteer (Resources/gazetteer.bin), mapped once for the whole run.
private let gazetteer: Gazetteer = {
    do {
        return try Gazetteer.load(from: Resources.locate(environment: ProcessInfo.processInfo.environment).gazetteer)
    } catch {
        fatalError("fuzz-search needs the gazetteer: \(error)")
    }
}()

/// libFuzzer entry (`make fuzz`): arbitrary bytes, read as UTF-8 (invalid sequences replaced), as a
/// search query. The search must return at most `limit` places, each with a valid coordinate; text
/// that parses as coordinates is also looked up with `nearest`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let limit = 10
    let results = gazetteer.search(text, limit: limit)
    if results.count > limit { fatalError("search(\(text.debugDescription)) gave \(results.count) places for a limit of \(limit)") }
    for place in results where !place.coordinate.isValid {
        fatalError("search(\(text.debugDescription)) gave \(place.name) at an invalid coordinate \(place.coordinate)")
    }
    if let coordinate = try? CoordinateParser.parse(text) {
        if let place = gazetteer.nearest(to: coordinate), !place.coordinate.isValid {
            fatalError("nearest(\(coordinate)) gave \(place.name) at an invalid coordinate \(place.coordinate)")
        }
    }
    return 0
}
