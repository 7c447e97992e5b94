/// How a child process ended.
public enum Termination: Equatable, Sendable {
    case exited(Int32)
    case signaled(Int32)
    /// Killed by us after its time limit.
    case timedOut
}

/// What a child process did: how it ended, how long it took and what it printed. The parsers
/// read a test run's from it.
public struct ProcessResult: Sendable {
    public var termination: Termination
    public var seconds: Double
    /// What the process wrote to stdout and stderr, in order (capped by the supervisor's output cap).
    public var output: String
    /// Bytes of output that were cut, or 0.
    public var cutBytes: Int = 0

    public init(termination: Termination, seconds: Double, output: String, cutBytes: Int = 0) {
        self.termination = termination
        self.seconds = seconds
        self.output = output
        self.cutBytes = cutBytes
    }
}
