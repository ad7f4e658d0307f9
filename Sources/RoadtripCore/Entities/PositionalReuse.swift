/// Values made from a list's elements, kept for the next version of the list: an element found
/// at the same place as last time, counted from the start or from the end, keeps its value.
///
/// A list edited by moving, adding or deleting one element (a trip's stops after `J`, `a` or
/// `d`) thus makes values for that element and its neighbours only, and finds the others by
/// position: no hashing, where a dictionary keyed by the elements would hash every one.
struct PositionalReuse<Element: Equatable, Value> {
    private var elements: [Element] = []
    private var values: [Value] = []

    /// The value of each of `list`'s elements, made by `make` where none is kept.
    mutating func values(for list: [Element], make: (Element) -> Value) -> [Value] {
        let made = list.indices.map { index -> Value in
            let element = list[index]
            if index < elements.count, elements[index] == element { return values[index] }
            let fromEnd = elements.count - (list.count - index)
            if fromEnd >= 0, elements[fromEnd] == element { return values[fromEnd] }
            return make(element)
        }
        elements = list
        values = made
        return made
    }

    /// The same, told what changed since the last list (`change`, from the data model's
    /// `TripsChange`): values outside the changed run are kept by their place, without comparing
    /// an element; those in it are made. A change that does not fit the last list (or none)
    /// falls back to comparing.
    mutating func values(for list: [Element], change: RunChange?, make: (Element) -> Value) -> [Value] {
        values(count: list.count, change: change, element: { list[$0] }, make: make)
    }

    /// The same for a list given by its length and its element at each place: told the change,
    /// only the changed run's elements are read and made, and what is kept is edited in place,
    /// so a stop moved in a trip of 5,000 costs its run, not a pass over all of them.
    /// `replaced` is shown each value the change's run replaces, before it goes.
    mutating func values(
        count: Int, change: RunChange?, element: (Int) -> Element, make: (Element) -> Value,
        replaced: (Value) -> Void = { _ in }
    ) -> [Value] {
        guard let change, fits(change), change.newCount == count else {
            return values(for: (0..<count).map(element), make: make)
        }
        for index in change.old { replaced(values[index]) }
        let changed = change.new.map(element)
        elements.replaceSubrange(change.old, with: changed)
        values.replaceSubrange(change.old, with: changed.map(make))
        return values
    }

    /// Whether `change` is a change from the list the values were kept for.
    func fits(_ change: RunChange) -> Bool {
        change.oldCount == elements.count
    }

    mutating func removeAll() {
        elements = []
        values = []
    }
}
