import Foundation

/// `curl` as roadtrip runs it: the one way it speaks HTTP (the Valhalla service, the extracts'
/// catalogue and downloads), so that every request starts with the same flags and is read the
/// same way.
///
/// The flags every request starts with (`commonArguments`): `-q` first, so that no `.curlrc` of
/// the user's changes what is asked or where the answer goes (curl reads it unless `-q` is the
/// very first argument); `--silent` with `--show-error`, so that curl writes no progress meter but
/// says why it failed, on its error output, which is kept; `--globoff`, so that a URL's `[]` and
/// `{}` are the URL's, not ranges for curl to expand. What each caller asks beyond them (its
/// limits, its time-outs, redirects) follows.
///
/// curl writes the answer on its standard output, into a pipe the caller reads and counts as it
/// comes (`ChildProcess.read`); what it is told on its standard input (`--config -`: a password,
/// a request's body) is fed through a pipe by the same loop.
package enum CurlProgram {
    /// The arguments every run of curl begins with, in this order.
    package static let commonArguments = ["-q", "--silent", "--show-error", "--globoff"]

    /// Why curl did not run.
    package enum Failure: Error, Equatable, Sendable {
        /// There is no `curl` on the `PATH`.
        case notFound
        /// It is there but could not be started, as the C library says why.
        case cannotStart(reason: String)
    }

    /// Where `curl` is on the `PATH` of `environment`; nil when it is not there.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ChildProcess.locate("curl", environment: environment)
    }

    /// Runs curl with `commonArguments`, then `--config -` when there is a `configuration` (fed on
    /// its standard input), then `arguments`, and hands `receive` its output as it comes (see
    /// `ChildProcess.read`: `keepGoing`, `receive` and `diesWithParent` mean what they mean there).
    package static func run(
        _ arguments: [String], configuration: Data? = nil, diesWithParent: Bool = false,
        keepGoing: () -> Bool = { true }, receive: (UnsafeRawBufferPointer) -> Bool
    ) throws(Failure) -> ChildProcess.Reading {
        guard let curl = locate() else { throw .notFound }
        let configured = configuration == nil ? [] : ["--config", "-"]
        do {
            return try ChildProcess.read(
                curl, commonArguments + configured + arguments, feeding: configuration, diesWithParent: diesWithParent,
                keepGoing: keepGoing, receive: receive)
        } catch {
            throw .cannotStart(reason: error.reason)
        }
    }

    /// Runs curl as `run` does and keeps its output, at most `limit` bytes: nil past it (curl is
    /// then killed).
    package static func output(
        _ arguments: [String], configuration: Data? = nil,
        limit: Int
    ) throws(Failure) -> (termination: ChildProcess.Termination, output: Data?) {
        var output = Data()
        let reading = try run(arguments, configuration: configuration) { bytes in
            guard output.count + bytes.count <= limit else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        return (reading.termination, reading.stopped == nil ? output : nil)
    }
}
