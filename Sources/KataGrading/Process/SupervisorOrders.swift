import Foundation
import KataGradingCore

/// What the grader tells a supervisor about the one command it is to run, through a pipe of their
/// own (the supervisor's descriptor 4) rather than its command line: every supervisor's command
/// line is the same (`KataGrader --supervise`), so a test that reads its parent's learns nothing.
struct SupervisorOrders: Codable, Sendable {
    /// A test run: its channel is served, its hook told which variant to be, and what it reports
    /// relayed to the grader.
    struct TestRun: Codable, Sendable {
        var framework: Catalog.Framework
        /// What the hook is told (`Schemata.word(of:among:)`): the variant's number among its module's, 0 for the real
        /// code, and a perturbed run's seed above it.
        var variant: Int32
        /// The run's own folder (`RunFolder`): its channel's socket, and the test's `TMPDIR`.
        var folder: String
        /// The run goes through `swift test` (`ChannelFallback`): the test process is SwiftPM's
        /// child, not the supervisor's, so the channel takes its first descendant for it.
        var viaSwiftPM = false
    }

    var limit: Double
    var program: String
    var arguments: [String]
    /// The command's whole environment.
    var environment: [String: String]
    var test: TestRun?
    /// Whether the supervisor becomes a child subreaper (`TestPlatform.reliesOnSubreaper`); when
    /// not, it ends what carries its test run's mark instead (`ChildProcesses.endMarked`).
    var subreaper = true
}

/// What a supervisor sends back on its descriptor 3: first `started <pid>` as soon as the command
/// runs (so that the grader can end its process group even if the supervisor is killed), then one
/// line of JSON with how it ended. What a test run reported goes on the relay (`RunRelay`).
struct SupervisorReport: Codable, Sendable {
    var termination: Termination
    /// Bytes of output cut by the cap.
    var cutBytes: Int
    /// Why the command could not start, when it could not.
    var startFailure: String?
}
