import Foundation

/// A resource loaded the first time something needs it (SPEC: big data files must not slow
/// start-up). A resource that cannot be loaded is reported as a sentence, and only once.
@MainActor
package final class LazyResource<Value> {
    private let load: () throws -> Value
    private var result: Result<Value, any Error>?

    package init(load: @escaping () throws -> Value) {
        self.load = load
    }

    /// A value already in hand (tests, or a caller that loaded it).
    static func fixed(_ value: Value) -> LazyResource<Value> {
        LazyResource { value }
    }

    /// Forgets the value, so that the next use loads it again (a region was added or removed).
    package func reload() {
        result = nil
    }

    package var value: Result<Value, any Error> {
        if let result { return result }
        let loaded = Result { try load() }
        result = loaded
        return loaded
    }
}
