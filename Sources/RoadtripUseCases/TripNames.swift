import RoadtripCore
import RoadtripStore

/// One name per trip (issue 38): another trip of the same name, in any letter case, would make
/// the name ambiguous in every command that takes it. The rule for both front ends (issue 57,
/// item 2): `roadtrip new` and `rename`, the planner's `a`, `r` and copy.
package struct NameInUse: Error, Equatable, CustomStringConvertible {
    package enum Change: Sendable { case adding, renaming }

    /// The name asked for, as typed.
    package let name: String
    /// The first free name like it (“Route 66 (2)”).
    package let suggestion: String
    package let change: Change

    package init(name: String, suggestion: String, change: Change) {
        self.name = name
        self.suggestion = suggestion
        self.change = change
    }

    package var description: String {
        switch change {
        case .adding:
            "A trip is named \(TripText.quoted(name)) already: give the new trip another name, such as \(TripText.quoted(suggestion))."
        case .renaming:
            "Another trip is named \(TripText.quoted(name)) already; nothing was renamed. Give another name, such as \(TripText.quoted(suggestion))."
        }
    }
}

/// The names of the trips of a model, for the use cases that name one.
@MainActor
struct TripNames {
    let model: DataModel
    /// The trip being renamed, whose own name is free to it.
    var except: Trip.ID?

    private var names: [String] { model.trips.filter { $0.id != except }.map(\.name) }

    /// `name` when no other trip has it, else the first free one like it (“Wachau (2)”).
    func unused(_ name: String) -> String {
        Trip.unusedName(name, among: names)
    }

    /// The refusal of `name` for a `change`, or nil when no other trip has it.
    func refusal(of name: String, for change: NameInUse.Change) -> NameInUse? {
        let others = names
        guard Trip.isNameInUse(name, among: others) else { return nil }
        return NameInUse(name: name, suggestion: Trip.unusedName(name, among: others), change: change)
    }
}

/// A new trip, once for both front ends (`roadtrip new`, the planner's `a`): under a name no
/// other trip has.
@MainActor
package struct AddTrip {
    private let model: DataModel

    package init(to model: DataModel) {
        self.model = model
    }

    /// The name the planner offers for a new trip: "New Trip", or the first free one like it.
    package var offeredName: String { TripNames(model: model).unused(Trip.defaultName) }

    /// Adds `trip` at `index`, one change `u` undoes; refused, nothing added, when another trip
    /// has its name.
    @discardableResult
    package func add(_ trip: Trip, at index: Int = 0) throws(NameInUse) -> Trip {
        if let refusal = TripNames(model: model).refusal(of: trip.name, for: .adding) { throw refusal }
        return model.addTrip(trip, at: index)
    }

    /// Adds `trip` under the first free name like its own (`new --force`): the trip added, and
    /// the refusal it was spared when it was renamed.
    package func addRenamingIfInUse(_ trip: Trip, at index: Int = 0) -> (trip: Trip, renamed: NameInUse?) {
        let names = TripNames(model: model)
        let refusal = names.refusal(of: trip.name, for: .adding)
        var named = trip
        named.name = names.unused(trip.name)
        return (model.addTrip(named, at: index), refusal)
    }
}
