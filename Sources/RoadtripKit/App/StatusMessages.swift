import Terminal

/// Status-bar sentences that every screen says the same way.
extension StatusMessage {
    /// After undo: "Undid: delete stop Monterey." or "Nothing to undo."
    static func undid(_ description: String?) -> StatusMessage {
        StatusMessage(description.map { "Undid: \($0)." } ?? "Nothing to undo.")
    }

    /// After redo: "Redid: delete stop Monterey." or "Nothing to redo."
    static func redid(_ description: String?) -> StatusMessage {
        StatusMessage(description.map { "Redid: \($0)." } ?? "Nothing to redo.")
    }

    /// After `s`: where it was saved, or why not.
    static func saved(_ save: () throws(DataFileError) -> String) -> StatusMessage {
        do {
            return StatusMessage("Saved to \(try save()).")
        } catch {
            return .error(error.description)
        }
    }
}
