/// After a click closed something (a dialog answered, the help overlay), the rest of a double
/// click (its second press, then the double click itself) belongs to that click: it must not
/// act on what the closing uncovered (a double click on "Yes" would open the row behind it).
package struct ClosingClickGuard: Equatable, Sendable {
    private var isArmed = false

    package init() {}

    /// A click has just closed something.
    package mutating func arm() {
        isArmed = true
    }

    /// Whether `event` is the rest of the closing click, to be dropped.
    package mutating func swallows(_ event: MouseEvent) -> Bool {
        guard isArmed else { return false }
        if event.kind == .press { return true }
        isArmed = false
        return event.kind == .doubleClick
    }
}
