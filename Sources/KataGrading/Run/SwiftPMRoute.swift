import Foundation
import KataGradingCore

/// The route SwiftPM itself documents for running a track's tests, used when the grader's private
/// channel reports nothing on some machine (`ChannelFallback`): `swift test` on the grader's copy,
/// from the binary the grade just built (`--skip-build`), filtered to the track's target, one
/// framework at a time. Its verdict is what `swift test` gives everyone: the exit status, and the
/// first failure line it printed for the message. Why not a report file: on Swift 6.3.1 `swift
/// test --help` documents only `--xunit-output`, which XCTest writes only with `--parallel`, where
/// every message reads "failure" (LINUX-NOTES); Swift Testing's event-stream options are hidden
/// (`--experimental-event-stream-output`); and either file is one the test could write too.
///
/// What that route lacks, and the verdict says: a test's output and exit status are the test's to
/// write, so a test could print a pass or `exit(0)` before a failing assertion; the channel's
/// "a failure once reported stands" and "passed only when the framework reached its own end" do
/// not hold. The planted bugs still run (the run hook still asks the run's channel which variant
/// to be), and a variant's run whose hook never connected is marked as such, not judged.
enum SwiftPMRoute {
    /// SwiftPM's own start-up (the manifest, the build folder's lock) on top of the track's limit.
    static let startupAllowance = 60.0

    static func arguments(framework: Catalog.Framework, target: String, package: String) -> [String] {
        ["test", "--skip-build"] + ShadowBuild.buildSystem + ["--package-path", package, "--filter", "^\(target)\\.",
         framework == .xctest ? "--disable-swift-testing" : "--disable-xctest"]
    }

    /// The outcome of one `swift test` run: its exit status, and the printed failure for the message.
    static func outcome(of result: ProcessResult, framework: Catalog.Framework, timeLimit: Double) -> TestOutcome {
        let lines = result.output.split(separator: "\n").map(String.init)
        let status: TestOutcome.Status
        switch result.termination {
        case .timedOut:
            status = .hung(test: nil, after: timeLimit)
        case .signaled(let signal):
            status = .crashed(signal: signal, test: nil, deadlock: result.run?.sawDeadlockInOutput ?? false)
        case .exited(0):
            // XCTest: "Executed 0 tests"; Swift Testing: "Test run with 0 tests".
            status = lines.contains { $0.contains("Executed 0 tests") || $0.contains("run with 0 tests") } ? .noTests : .passed
        case .exited(let code):
            let failure = lines.first { $0.contains(": error: ") || $0.contains("recorded an issue") }
                ?? result.run?.fatalError
                ?? "`swift test` exited with code \(code)" + (lines.last.map { ": \($0)" } ?? "")
            status = .failed(test: nil, message: String(failure.trimmingCharacters(in: .whitespaces).prefix(2000)), location: nil)
        }
        var outcome = TestOutcome(status: status, testSeconds: nil, testCount: status == .noTests ? 0 : 1)
        outcome.cutBytes = result.cutBytes
        outcome.viaSwiftPM = true
        return outcome
    }
}
