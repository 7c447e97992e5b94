import Foundation

/// What one run of an exercise's tests did, read from what its framework reported and how the
/// process ended.
public struct TestOutcome: Codable, Sendable, Equatable {
    public enum Status: Codable, Sendable, Equatable {
        case passed
        case failed(test: String?, message: String, location: String?)
        case hung(test: String?, after: Double)
        /// `deadlock`: a `dispatch_sync` onto the current queue, by its evidence (the hook saw the trap
        /// in libdispatch reached through a `sync`, or the backtrace names libdispatch's wait);
        /// `inLibdispatch`: a trap inside libdispatch whose way in had no name (docs/platforms.md).
        case crashed(signal: Int32, test: String?, deadlock: Bool, inLibdispatch: Bool = false)
        /// The framework ran no test: none was written, or none matched.
        case noTests
        /// Every test was skipped (`.disabled`, `.enabled(if:)`, `XCTSkip`): the reason of the first.
        case allSkipped(count: Int, reason: String?)
    }

    public var status: Status
    /// Seconds the tests themselves took, as the framework reports it.
    public var testSeconds: Double?
    public var testCount: Int
    /// Checks that failed after their test had ended (Swift Testing charges them to no test).
    /// They fail no test and catch no bug; on correct code they still make `swift test` red.
    public var late: [RunReport.Failure] = []
    /// Bytes of the run's output that were cut to keep the log small, or 0.
    public var cutBytes = 0
    /// The run's log, `logs/<exercise>/<log>.log`: a neutral name, indexed in `runs.tsv` once the
    /// exercise's runs are over.
    public var log: String?
    /// Graded through `swift test` rather than the grader's private channel (`ChannelFallback`):
    /// what the framework printed and the exit status, which a test can sway. Nil: the channel.
    public var viaSwiftPM: Bool?
    /// A variant's run through `swift test` in which the test process's hook never connected, so
    /// it ran the real code instead: it says nothing about the variant.
    public var variantNotApplied: Bool?
    /// A repeat run beside CPU stressors (the grader's `Noise`); nil for every other run.
    public var underNoise: Bool?

    public init(status: Status, testSeconds: Double?, testCount: Int) {
        self.status = status
        self.testSeconds = testSeconds
        self.testCount = testCount
    }

    public var passed: Bool { status == .passed }

    /// Passed, with no check failing after its test ended: what correct code must get.
    public var passedCleanly: Bool { passed && late.isEmpty }

    /// The same outcome with failure locations pointing at the attendee's folder, not the shadow copy.
    /// `shadowFolders` are the spellings of one shadow folder: as written, and with symlinks resolved.
    public func relocated(from shadowFolders: [String], to folder: String) -> TestOutcome {
        func move(_ location: String?) -> String? {
            guard let location, let prefix = shadowFolders.first(where: { location.hasPrefix($0) }) else { return location }
            return folder + location.dropFirst(prefix.count)
        }
        var copy = self
        if case .failed(let test, let message, let location) = status {
            copy.status = .failed(test: test, message: message, location: move(location))
        }
        copy.late = late.map { RunReport.Failure(test: $0.test, message: $0.message, location: move($0.location)) }
        return copy
    }
}
