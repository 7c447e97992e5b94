import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (or a kill) stops every test run and build we started, says so, and exits.
enum Interruption {
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    static func install(message: String = "\ngrade.sh: interrupted; every test run was stopped. Your files are untouched.\n",
                        exitCode: Int32 = GradeCommand.exitInterrupted) {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                ProcessRunner.shared.stopAll()
                StandardError().write(message)
                exit(exitCode)
            }
            source.resume()
            sources.append(source)
        }
    }
}
