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
