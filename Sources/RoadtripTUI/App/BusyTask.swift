import BackgroundWork
import Foundation
import ScreenModels
import Terminal
import TextCanvas

/// Work too long for the main loop (an import of a large file, the search for the best order)
/// run off it by the program's `BackgroundRunner`, so that the screen stays drawn, signals act at
/// once and Esc cancels. While it runs the navigator holds the keys (`Navigator.startBusy`): Esc
/// cancels, any other key says what is going on. What it found comes back to the main actor at a
/// turn of the loop, and only then changes anything: a cancelled task (Esc, or a quit) changes
/// nothing, even when its work ends later.
@MainActor
package final class BusyTask {
    /// "Importing coast.gpx", for the status bar.
    package let title: String
    /// The job: what a test gate knows the work by ("import", "region-import", "optimize").
    let job: BackgroundJob
    /// What the status bar says once Esc cancelled it: that nothing was changed, unless the work
    /// keeps something (a download keeps what came, for the next one to continue).
    package var cancelledMessage: String
    private var started: TimeInterval?

    /// `work` runs off the main loop once the task is started; `done` gets its value on the main
    /// actor, unless the task was cancelled.
    package convenience init<Value: Sendable>(
        title: String, job name: String, work: @escaping @Sendable () -> Value,
        done: @escaping @MainActor (Value) -> Void
    ) {
        self.init(title: title, job: name, reporting: { _ in work() }, done: done)
    }

    /// `work` gets a `BusyProgress` to report how far it is (shown beside the spinner) and to ask
    /// whether it was cancelled, so that it can stop and clean up.
    package init<Value: Sendable>(
        title: String, job name: String, reporting work: @escaping @Sendable (BusyProgress) -> Value,
        done: @escaping @MainActor (Value) -> Void
    ) {
        self.title = title
        cancelledMessage = "\(title) was cancelled: nothing was changed."
        job = BackgroundJob(name, work: work, done: done)
    }

    /// Starts the work on `runner`.
    package func start(on runner: any BackgroundRunner) {
        started = ProcessInfo.processInfo.systemUptime
        runner.submit(job)
    }

    /// Whether the result was handed over (or dropped): the task is then done.
    package var isDone: Bool { job.state == .ended }

    /// Drops the work's result, whenever it comes; work that looks stops early.
    package func cancel() { job.cancel() }

    /// What the work last said of how far it is.
    package var progress: String? { job.progress }

    /// Whole seconds since it started.
    package var elapsedSeconds: Int { started.map { Int(ProcessInfo.processInfo.systemUptime - $0) } ?? 0 }

    /// "Importing coast.gpx… 3 s · Esc cancels" (a spinner turns each second), with the work's
    /// own report when it gives one: "Adding region andorra… Reading andorra.osm.pbf: 55% · 3 s".
    package var statusMessage: StatusMessage {
        let report = progress.map { " \($0) ·" } ?? ""
        return StatusMessage("\(Spinner.glyph(elapsedSeconds)) \(title)…\(report) \(elapsedSeconds) s · Esc cancels")
    }
}

/// What the work of a busy task is handed: it says how far it is, and asks whether it was cancelled.
package typealias BusyProgress = BackgroundJob.Context

/// The small turning sign of work under way: a quarter turn each step.
package enum Spinner {
    package static func glyph(_ step: Int) -> String {
        (TextWidth.isUTF8 ? ["◐", "◓", "◑", "◒"] : ["|", "/", "-", "\\"])[step & 3]
    }
}
