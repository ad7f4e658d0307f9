import Terminal

/// How long a name typed in a text field may be: trip names and stop names alike (notes have no
/// such bound). A pasted page would otherwise become a name wider than any screen, and every key
/// of the paste would be recorded and redrawn one by one. Names already longer (in a file written
/// by hand or by another program) are kept as they are; only typing stops at the bound.
enum NameLength {
    static let maximum = 200

    /// What the status bar says when a name field left characters out.
    static let cutMessage = StatusMessage.error("Names are at most \(maximum) characters; the rest of the paste was left out.")
}
