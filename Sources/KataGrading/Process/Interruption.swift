import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (or a kill) stops every test run and build we started, says `message`, and exits with
/// `exitCode`.
enum Interruption {
    /// Kept alive for the life of the process. `nonisolated(unsafe)`: appended to only by `install`,
    /// which the command runs once, on the main thread, before any grade starts.
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []
    /// What is said while a step of its own runs (`saying(_:during:)`), instead of `install`'s.
    static let stepMessage = Locked<String?>(nil)

    static func install(message: String, exitCode: Int32) {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                ProcessRunner.shared.stopAll()
                StandardError().write(stepMessage.value ?? message)
                exit(exitCode)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `body` with Ctrl-C saying `message` (once `install`ed), then as before.
    static func saying<T>(_ message: String, during body: () throws -> T) rethrows -> T {
        stepMessage.withLock { $0 = message }
        defer { stepMessage.withLock { $0 = nil } }
        return try body()
    }
}
