@testable import RoadtripTUI

/// A presenter spy that records the intents its view reports, as words.
@MainActor
protocol RecordsIntents: AnyObject {
    var intents: [String] { get set }
}

/// The search's intents as every spy records them: "search", "search for zur", "submit search",
/// "cancel search", "next match", "previous match".
extension ListSearchingOutput where Self: RecordsIntents {
    func didPressSearch() { intents.append("search") }
    func didChangeSearch(_ pattern: String) { intents.append("search for \(pattern)") }
    func didSubmitSearch() { intents.append("submit search") }
    func didCancelSearch() { intents.append("cancel search") }
    func didPressNextMatch() { intents.append("next match") }
    func didPressPreviousMatch() { intents.append("previous match") }
}
