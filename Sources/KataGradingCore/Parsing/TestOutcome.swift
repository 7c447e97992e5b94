import Foundation

/// What one run of an exercise's tests did, read from the test process's output and exit.
public struct TestOutcome: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed(test: String?, message: String, location: String?)
        case hung(test: String?, after: Double)
        case crashed(signal: Int32, test: String?, deadlock: Bool)
        case noTests
    }

    public var status: Status
    /// Seconds the tests themselves took, as the framework reports it.
    public var testSeconds: Double?
    public var testCount: Int
    /// Bytes of the run's output that were cut to keep the log small, or 0.
    public var cutBytes = 0
    /// The run's log, `logs/<exercise>/<log>.log`: a neutral name, indexed in `runs.tsv` once the
    /// exercise's runs are over.
    public var log: String?

    public init(status: Status, testSeconds: Double?, testCount: Int) {
        self.status = status
        self.testSeconds = testSeconds
        self.testCount = testCount
    }

    public var passed: Bool { status == .passed }

    /// The same outcome with failure locations pointing at the attendee's folder, not the shadow copy.
    /// `shadowFolders` are the spellings of one shadow folder: as written, and with symlinks resolved.
    public func relocated(from shadowFolders: [String], to folder: String) -> TestOutcome {
        guard case .failed(let test, let message, let location?) = status else { return self }
        guard let prefix = shadowFolders.first(where: { location.hasPrefix($0) }) else { return self }
        var copy = self
        copy.status = .failed(test: test, message: message, location: folder + location.dropFirst(prefix.count))
        return copy
    }
}
