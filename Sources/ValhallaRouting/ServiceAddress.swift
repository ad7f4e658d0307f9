import Foundation

/// A service's address as the user gave it (`ROADTRIP_VALHALLA_URL`), split in two: the address
/// without its user information, which is what roadtrip shows (`roadtrip routing`, the reason of
/// every estimate) and keeps (the leg cache's keys, a file others may read); and the user and
/// password in it, which only ever go to curl, on a pipe (issue 52, item 8).
package struct ServiceAddress: Equatable, Sendable {
    /// The address without user information: "http://127.0.0.1:8702".
    package let url: URL
    /// "user:password", as curl's `user` option takes it; nil when the address has no user.
    let credentials: String?

    package init(_ given: URL) {
        guard var components = URLComponents(url: given, resolvingAgainstBaseURL: false), let user = components.user else {
            url = given
            credentials = nil
            return
        }
        // A user without a password is given an empty one: curl would otherwise ask for it on
        // the terminal, under the planner's screen.
        credentials = user + ":" + (components.password ?? "")
        components.user = nil
        components.password = nil
        url = components.url ?? given
    }

    /// `text` without what lies between its `scheme://` (or its start) and the last `@` after it:
    /// for an address that is not one roadtrip can use, shown in the sentence saying so. A
    /// password there may hold any character, `/` too: everything up to the last `@` goes.
    package static func withoutUserInformation(_ text: String) -> String {
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        guard let at = text.range(of: "@", options: .backwards, range: start..<text.endIndex) else { return text }
        return String(text[..<start] + text[at.upperBound...])
    }
}
