import Foundation
@testable import RoadtripCore
@testable import RoadtripStore

/// libFuzzer entry (`make fuzz`): arbitrary bytes as a data file. Decoding may fail, but only with
/// a `DataFileError` whose position is inside the text; a file that decodes must save and read back
/// the same. The locator is also asked where paths taken from the input are, and the one-pass
/// reader must agree with the locator and JSONDecoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let store = TripFileStore(url: URL(fileURLWithPath: "/fuzz/trips.json"))
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    do {
        let file = try store.decode(bytes)
        let saved: Data
        do {
            saved = try file.encoded()
        } catch {
            fatalError("a decoded file cannot be encoded: \(error)")
        }
        do {
            let reread = try store.decode(saved)
            if reread != file { fatalError("a decoded file does not read back the same after saving") }
        } catch {
            fatalError("a saved file does not read back: \(error)")
        }
    } catch {
        switch error {
        case let .invalidJSON(_, line, column, _):
            if line < 1 || line > lineCount || column < 1 { fatalError("syntax error outside the text: \(error)") }
        case let .invalidContent(_, line, column, _, _):
            if let line, line < 1 || line > lineCount { fatalError("content error outside the text: \(error)") }
            if let column, column < 1 { fatalError("content error at column \(column)") }
        default:
            fatalError("decode gave an error that is not about the text: \(error)")
        }
        _ = error.description
    }

    // The locator on its own, with a path made of the input's first bytes.
    let locator = JSONTextLocator(bytes)
    let syntaxError = locator.syntaxError()

    // The one-pass reader decode tries first must give what the locator and JSONDecoder give, or nothing.
    if let read = TripFileReader.read(bytes) {
        guard syntaxError == nil, let old = try? JSONDecoder().decode(TripFile.self, from: bytes) else {
            fatalError("the one-pass reader took a file the locator or JSONDecoder refuses")
        }
        // Saved bytes tell -0 from 0 and one spelling of a string from another, which == does not.
        if old != read || (try? old.encoded()) != (try? read.encoded()) || TripFileStore.firstDuplicateID(in: old) != nil {
            fatalError("the one-pass reader read a file otherwise than JSONDecoder")
        }
    }
    let path: [JSONTextLocator.PathComponent] = bytes.prefix(8).map { byte in
        byte & 1 == 0 ? .index(Int(byte >> 1)) : .key(["trips", "waypoints", "location", "latitude", "name", "id", "version", ""][Int(byte >> 1) % 8])
    }
    if let position = locator.position(of: path), position.line < 1 || position.line > lineCount || position.column < 1 {
        fatalError("locator position outside the text: \(position)")
    }
    return 0
}
