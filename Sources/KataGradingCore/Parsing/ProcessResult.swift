/// How a child process ended.
public enum Termination: Equatable, Sendable, Codable {
    case exited(Int32)
    case signaled(Int32)
    /// Killed by us after its time limit.
    case timedOut
}

/// What a child process did: how it ended, how long it took and what it printed.
public struct ProcessResult: Sendable {
    public var termination: Termination
    public var seconds: Double
    /// What the process wrote to stdout and stderr, in order, as kept by the supervisor's output
    /// cap: for people to read, and for the build log's compiler errors. A test run's verdict is
    /// never read from it.
    public var output: String
    /// Bytes of output that were cut, or 0.
    public var cutBytes: Int = 0
    /// For a test run: what the framework reported through the grader's own channel.
    public var run: RunSummary?

    public init(termination: Termination, seconds: Double, output: String, cutBytes: Int = 0, run: RunSummary? = nil) {
        self.termination = termination
        self.seconds = seconds
        self.output = output
        self.cutBytes = cutBytes
        self.run = run
    }
}

/// What the run's parsers read of one test run (`RunReading.summary`), beside how it ended: the
/// framework's report, and two facts seen in the output for the wording of a crash.
public struct RunSummary: Codable, Equatable, Sendable {
    public var report: RunReport
    /// The output's libdispatch deadlock frame, where the Swift runtime printed a backtrace.
    public var sawDeadlockInOutput = false
    /// The last line of a Swift fatal error, if the output holds one.
    public var fatalError: String?
    /// Whether the test process's hook connected to the run's channel (and so was told its
    /// variant); nil when not known.
    public var hookConnected: Bool?

    public init(report: RunReport, sawDeadlockInOutput: Bool = false, fatalError: String? = nil) {
        self.report = report
        self.sawDeadlockInOutput = sawDeadlockInOutput
        self.fatalError = fatalError
    }
}
