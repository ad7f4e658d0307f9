/// A list's search, as less, vim and tig search theirs (issue 53): `/` opens a prompt, and each
/// key typed selects the first row after where the search began that the pattern matches, so the
/// match shows as it is typed; Enter keeps that row, Esc gives the search up and puts the
/// selection back where it was; `n` and `N` then go to the next and the previous matching row,
/// on from the other end after the last.
///
/// Only the state, which a presenter owns and its view draws: what a row's text is and how text
/// is compared are the caller's (`matches`).
package struct ListSearch: Equatable, Sendable {
    package enum Direction: Equatable, Sendable {
        case forward, backward
    }

    /// A row found, and whether the search went past an end of the list to find it.
    package struct Found: Equatable, Sendable {
        package let row: Int
        package let wrapped: Bool

        package init(row: Int, wrapped: Bool) {
            self.row = row
            self.wrapped = wrapped
        }
    }

    /// What the prompt holds while it is open.
    package private(set) var pattern = ""
    /// The prompt is open: keys type the pattern.
    package private(set) var isTyping = false
    /// No row matches the pattern typed: the prompt says so, and the selection is back where the
    /// search began.
    package private(set) var isFailing = false
    /// The row selected when the prompt opened: the search looks from the row after it, and Esc
    /// goes back to it.
    package private(set) var origin: Int?
    /// The last pattern Enter kept, which `n` and `N` look for (kept when a later search is given
    /// up, as in vim).
    package private(set) var lastPattern: String?

    package init() {}

    /// What the rows mark as matching: the pattern while it is typed, else the last one kept.
    package var highlighted: String? {
        guard isTyping else { return lastPattern }
        return pattern.isEmpty ? nil : pattern
    }

    /// `/`: the prompt opens, empty, looking from `selection`.
    package mutating func begin(at selection: Int?) {
        pattern = ""
        isTyping = true
        isFailing = false
        origin = selection
    }

    /// The prompt now holds `pattern`: the row to select among `count` rows, the first after the
    /// origin that `matches` (the origin itself last), else the origin.
    package mutating func type(_ pattern: String, count: Int, matches: (Int) -> Bool) -> Int? {
        guard isTyping else { return nil }
        self.pattern = pattern
        guard !pattern.isEmpty else {
            isFailing = false
            return origin
        }
        let found = Self.find(.forward, from: origin, count: count, matches: matches)
        isFailing = found == nil
        return found?.row ?? origin
    }

    /// Enter: the prompt closes and its pattern is kept for `n` and `N`; an empty one leaves the
    /// last kept. Returns the pattern Enter searched for, nil when it was empty.
    @discardableResult
    package mutating func submit() -> String? {
        defer {
            isTyping = false
            isFailing = false
            pattern = ""
        }
        guard !pattern.isEmpty else { return nil }
        lastPattern = pattern
        return pattern
    }

    /// Esc: the prompt closes, the pattern typed forgotten; returns the row to go back to.
    package mutating func cancel() -> Int? {
        isTyping = false
        isFailing = false
        pattern = ""
        return origin
    }

    /// The next row in `direction` after `selection` among `count` rows that `matches`, on from the
    /// other end after the last (`selection` itself last of all); nil when none does. With no
    /// selection, forward starts at the first row and backward at the last.
    package static func find(_ direction: Direction, from selection: Int?, count: Int, matches: (Int) -> Bool) -> Found? {
        guard count > 0 else { return nil }
        let step = direction == .forward ? 1 : -1
        // No selection: as if it were just before the first row (forward) or after the last.
        let start = selection.map { min(max(0, $0), count - 1) } ?? (direction == .forward ? -1 : count)
        for distance in 1...count {
            let unwrapped = start + step * distance
            let row = (unwrapped % count + count) % count
            if matches(row) { return Found(row: row, wrapped: unwrapped != row) }
        }
        return nil
    }
}
