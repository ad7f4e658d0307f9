import Foundation
import RoadtripStore
import Terminal
import TextCanvas

/// Asked when the user quits and the changes cannot be saved to the data file (it became
/// unreadable underneath, was made immutable, a newer roadtrip rewrote it): where to save them
/// instead. `Enter` writes a complete data file there (never over an existing file) and quits;
/// `Esc` goes back to the planner, to fix the file and quit again; `Ctrl-X`, confirmed with `y`,
/// quits without saving. Nothing the user typed is dropped without being asked.
@MainActor
final class SaveRescue {
    enum Outcome: Equatable {
        /// Back to the planner, changes still in memory.
        case stay
        /// The changes were written to this file; the program may end.
        case savedCopy(URL)
        /// The user chose to lose the changes.
        case discard
    }

    private let model: DataModel
    private let failure: DataFileError
    private let workingDirectory: URL
    private var path: TextField
    private var discardQuestion: ConfirmDialog?
    /// Why the last attempt to save the copy failed.
    private var problem: String?

    init(
        model: DataModel, failure: DataFileError, suggested: URL,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        self.model = model
        self.failure = failure
        self.workingDirectory = workingDirectory
        path = TextField(text: suggested.path)
        path.select() // as every field taking the focus: a name typed replaces the suggestion
    }

    /// What the key decided; nil while the question stays open.
    func handle(_ key: Key) -> Outcome? {
        if let discardQuestion {
            switch discardQuestion.answer(for: key) {
            case .yes: return .discard
            case .no: self.discardQuestion = nil
            case nil: break
            }
            return nil
        }
        if key == .control("x") {
            discardQuestion = ConfirmDialog(question: "Quit and lose the changes that were not saved?")
            return nil
        }
        switch path.handle(key) {
        case .submit: return saveCopy()
        case .cancel: return .stay
        case .edited: problem = nil
        case .moved, .ignored, .full: break
        }
        return nil
    }

    private func saveCopy() -> Outcome? {
        let typed = path.text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else {
            problem = "Type the path of a new file to save the changes to."
            return nil
        }
        let expanded = typed == "~" || typed.hasPrefix("~/") ? NSHomeDirectory() + typed.dropFirst() : typed
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : workingDirectory.appendingPathComponent(expanded)
        do {
            try model.saveCopy(to: url)
            return .savedCopy(url)
        } catch {
            problem = error.description
            return nil
        }
    }

    func draw(on surface: Surface) {
        let bounds = surface.bounds
        let width = min(bounds.width - 2, 78)
        let textWidth = max(1, width - 4)
        let explanation = TextWidth.wrap(failure.description, width: textWidth)
        let problemLines = problem.map { TextWidth.wrap($0, width: textWidth) } ?? []
        let hints = TextWidth.wrap("Enter save there and quit · Esc back to the planner · Ctrl-X quit without saving", width: textWidth)
        let height = explanation.count + problemLines.count + hints.count + 7
        let box = bounds.centered(width: width, height: min(height, bounds.height))
        surface.fill(box, style: .normal)
        surface.box(box)
        surface.text(" Your changes are not saved ", row: box.row, column: box.column + 2, width: box.width - 4, style: .title)
        var row = box.row + 1
        for line in explanation {
            surface.text(line, row: row, column: box.column + 2, width: textWidth, style: .error)
            row += 1
        }
        row += 1
        surface.text("Save them to a new file:", row: row, column: box.column + 2, width: textWidth, style: .header)
        path.draw(on: surface, row: row + 1, column: box.column + 2, width: textWidth, focused: discardQuestion == nil, placingCursor: true)
        row += 2
        for line in problemLines {
            surface.text(line, row: row, column: box.column + 2, width: textWidth, style: .error)
            row += 1
        }
        row += 1
        for line in hints {
            surface.text(line, row: row, column: box.column + 2, width: textWidth, style: .dim)
            row += 1
        }
        discardQuestion?.draw(on: surface)
    }
}
