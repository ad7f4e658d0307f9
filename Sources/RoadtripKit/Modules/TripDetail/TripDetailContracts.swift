import Foundation
@preconcurrency import OpenCombine
import Terminal

// The boundaries of the TripDetail module. For now a read-only view of a trip's stops; the
// TripDetail issue adds editing, distances and undo.

@MainActor
protocol TripDetailViewInput: AnyObject {
    func display(_ viewModel: TripDetailViewModel)
}

@MainActor
protocol TripDetailViewOutput: AnyObject {
    func didLoad()
    func didSelect(row: Int)
    func didPressBack()
    func didPressSave()
    func didPressHelp()
}

@MainActor
protocol TripDetailInteractorInput: AnyObject {
    /// The trip, now and after every change; nil once it no longer exists.
    var trip: AnyPublisher<Trip?, Never> { get }
    func save() throws(DataFileError) -> String
}

@MainActor
protocol TripDetailRouterInput: AnyObject {
    func closeTrip()
    func openHelp()
}

struct TripDetailViewModel: Equatable {
    struct Row: Equatable {
        let number: String
        let name: String
        let coordinates: String
        let leg: String
        let total: String
    }

    var title = ""
    var subtitle = ""
    var rows: [Row] = []
    var selectedRow: Int?
    var emptyMessage: String?
    var message: StatusMessage?
}
