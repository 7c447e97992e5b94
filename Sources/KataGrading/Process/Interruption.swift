import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (or a kill) stops every test run and build its runner started, says the command's
/// message, and exits with the command's code. One per `ProcessRunner` (`runner.interruption`):
/// the signal sources are dispatch sources whose handlers hold the runner they stop, so no
/// process-wide variable is needed; the runner, made by `main` and alive until the grader exits,
/// keeps them alive.
///
/// `@unchecked Sendable`: `sources` is written only by `install`, which a command calls on the
/// main thread before any grade starts; what it says changes under its own lock.
final class Interruption: @unchecked Sendable {
    private unowned let runner: ProcessRunner
    private var sources: [DispatchSourceSignal] = []
    /// What is said: the command's (`install`), or a step's of its own while it runs (`saying`).
    private let said = Locked((command: "", step: String?.none, exitCode: Int32(130)))

    init(runner: ProcessRunner) {
        self.runner = runner
    }

    /// From now on, SIGINT, SIGTERM and SIGHUP stop every child and exit with `exitCode`, saying
    /// `message`. A second `install` (a command that grades after another's step) changes what is
    /// said; the sources are made once.
    func install(message: String, exitCode: Int32) {
        said.withLock { $0.command = message; $0.exitCode = exitCode }
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [runner, said] in
                runner.stopAll()
                let (message, exitCode) = said.withLock { ($0.step ?? $0.command, $0.exitCode) }
                StandardError().write(message)
                exit(exitCode)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `body` with Ctrl-C saying `message` (once `install`ed), then as before.
    func saying<T>(_ message: String, during body: () throws -> T) rethrows -> T {
        said.withLock { $0.step = message }
        defer { said.withLock { $0.step = nil } }
        return try body()
    }
}
