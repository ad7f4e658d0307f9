import ChildProcesses
import Foundation
import Testing
import RoadtripTestSupport
@testable import ValhallaRouting
#if canImport(Glibc)
import Glibc
#endif

/// A real `valhalla_service` on 127.0.0.1, from PyPI's pyvalhalla 3.9.1 installed into
/// .build/valhalla (once, as the bench does, by Scripts/valhalla-local.py), on tiles of the
/// Andorra test extract built once a run into .build/valhalla/tests. Each test starts its own
/// service on a port of its own (one stopped keeps its port a while) and stops it by its pid.
enum RealValhalla {
    static let package = TestsFolder.url.deletingLastPathComponent()
    static let script = package.appendingPathComponent("Scripts/valhalla-local.py").path
    static let install = package.appendingPathComponent(".build/valhalla").path

    enum Setup {
        /// The tiles' folder.
        case ready(String)
        /// pyvalhalla could not be installed (no network, no pip): the tests are skipped, saying why.
        case unavailable(String)
        /// Installed, but the tiles could not be built: a failure.
        case broken(String)
    }

    /// Installs pyvalhalla and builds the tiles, the first time a test asks.
    static let setup: Setup = {
        let installed = run(["install", install])
        guard installed.status == 0 else { return .unavailable("pyvalhalla 3.9.1 could not be installed into \(install): \(installed.output)") }
        // Beside the binaries, made again each run (the services' configs of the run before go with it).
        let work = install + "/tests"
        try? FileManager.default.removeItem(atPath: work)
        let andorra = TestsFolder.url.appendingPathComponent("Fixtures/osm/andorra.osm.pbf").path
        let built = run(["tiles", "--install", install, "--work", work, andorra])
        return built.status == 0 ? .ready(work) : .broken("the Andorra tiles could not be built: \(built.output)")
    }()

    /// A service answering on its own port; the test is skipped when pyvalhalla cannot be installed.
    static func start() throws -> Service {
        switch setup {
        case .unavailable(let reason): try Test.cancel(Comment(rawValue: reason))
        case .broken(let reason): throw Failure(description: reason)
        case .ready(let work):
            let configured = run(["config", "--install", install, "--work", work])
            guard configured.status == 0 else { throw Failure(description: "no config: \(configured.output)") }
            return try Service(config: configured.output)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the script with `arguments`: its exit status and what it printed.
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        // Its standard error into the pipe too.
        guard let (ended, output) = try? ChildProcess.output(of: "/bin/sh", ["-c", "exec python3 \"$@\" 2>&1", "sh", script] + arguments) else {
            return (-1, "sh could not be started")
        }
        return (ended.shellStatus, String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `valhalla_service CONFIG 1`, started and ended (`ChildProcess`).
    final class Service {
        let service: ChildProcess
        let url: URL

        init(config: String) throws {
            let listen = try Self.listen(config)
            url = URL(string: "http://\(listen)")!
            let binary = RealValhalla.install + "/valhalla/bin/valhalla_service"
            let log = (config as NSString).deletingLastPathComponent + "/service.log"
            // Its output and errors into the log, both through one descriptor (`sh` joins them).
            do {
                service = try ChildProcess("/bin/sh", ["-c", "exec \"$0\" \"$1\" 1 >\"$2\" 2>&1", binary, config, log])
            } catch {
                throw Failure(description: "valhalla_service could not start: \(error)")
            }
            try waitUntilAnswering(log: log)
        }

        /// "127.0.0.1:PORT", from the config's `httpd.service.listen` ("tcp://127.0.0.1:PORT").
        static func listen(_ config: String) throws -> String {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: config))) as? [String: Any]
            let service = (json?["httpd"] as? [String: Any])?["service"] as? [String: Any]
            guard let listen = service?["listen"] as? String, listen.hasPrefix("tcp://") else { throw Failure(description: "no listen in \(config)") }
            return String(listen.dropFirst("tcp://".count))
        }

        /// Asks `/status` until it answers (the service reads its tiles first); fails when the
        /// service exits, or after five minutes (a hang guard).
        private func waitUntilAnswering(log: String) throws {
            let router = ValhallaRouter(url: url, timeout: 2)
            let deadline = Date().addingTimeInterval(300)
            while Date() < deadline {
                if case .success = router.status() { return }
                if service.termination != nil { throw Failure(description: "valhalla_service exited; see \(log)") }
                usleep(100_000)
            }
            stop()
            throw Failure(description: "valhalla_service did not answer within a minute; see \(log)")
        }

        /// SIGTERM (its config drains nothing), then reaped; SIGKILL if it is still there after 10 s.
        func stop() {
            service.signal(SIGTERM)
            guard service.wait(until: .now() + .seconds(10)) == nil else { return }
            service.signal(SIGKILL)
            _ = service.wait()
        }
    }
}
