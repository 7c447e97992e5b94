/// The run stage's reading of one test run: what its supervisor relayed (`RunRelay`), handed to
/// each source's parser as it arrives: the hook's records on the run's channel (`XCTestRecords`,
/// which checks each one's MAC with the key relayed beside it), Swift Testing's event stream from
/// its pipe (`SwiftTestingStream`), and the output, for a crash's words (`OutputFacts`). Every
/// parser keeps bounded memory, whatever a run sends.
///
/// A run's outcome is then made in this order, each step a parser's:
/// 1. `summary()`: the framework's report, from the copy of it the test process could not write;
/// 2. `LateChecks`: failures an XCTest run recorded in a teardown, from a callback its test left behind;
/// 3. `TestOutputParser`: with how the process ended, the outcome.
public struct RunReading: Sendable {
    let framework: Catalog.Framework
    /// Swift Testing's events are read from the hook's forwarded copy, not from the pipe
    /// (`TestPlatform.attestsExit`: Linux).
    let forwardedStream: Bool
    private var inbox = RunRelay.Inbox()
    private var records = XCTestRecords()
    private var stream = SwiftTestingStream()
    private var output = OutputFacts()
    /// The supervisor said the run was over and everything relayed.
    private var ended = false
    private var hookConnected: Bool?
    /// Any frame came.
    private var relayed = false

    public init(framework: Catalog.Framework, forwardedStream: Bool) {
        self.framework = framework
        self.forwardedStream = forwardedStream
    }

    /// Reads the relay's next bytes.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        var inbox = self.inbox
        inbox.feed(chunk) { read($0) }
        self.inbox = inbox
    }

    private mutating func read(_ frame: RunRelay.Frame) {
        guard !ended else { return }
        relayed = true
        switch frame {
        case .output(let bytes):
            bytes.withUnsafeBytes { output.feed($0) }
        case .events(let bytes):
            bytes.withUnsafeBytes { stream.feed($0) }
        case .channel(let key, let bytes):
            // The first connection of the test process to send anything is the one read.
            if records.key == nil { records.key = key }
            bytes.withUnsafeBytes { records.feed($0) }
        case .end(let connected):
            hookConnected = connected
            ended = true
        }
    }

    /// Step 1: what the framework reported, and what the hook and the output add to it; nil when
    /// the supervisor relayed nothing (it could not start the test, or was killed first).
    public mutating func summary() -> RunSummary? {
        guard relayed || inbox.broken else { return nil }
        records.end()
        stream.end()
        // Where the hook forwards Swift Testing's stream (Linux), that copy, authenticated and in
        // sequence, is the one read; the pipe's is what the test process could silence or write.
        // A toolchain whose Swift Testing opened no stream the hook saw is read from the pipe.
        var report = framework == .xctest ? records.report
            : forwardedStream && records.forwarded ? records.forwardedStream.report : stream.report
        // Something other than Swift Testing wrote into the pipe: that never passes either.
        if framework == .swiftTesting { report.damaged = report.damaged ?? stream.report.damaged }
        // The hook's records come through the channel whatever the framework: a trap, how the
        // process exited, and whether that channel's evidence holds.
        report.trap = report.trap ?? records.report.trap
        report.exit = records.report.exit
        report.silenced = report.silenced ?? records.report.silenced
        if inbox.broken {
            report.markDamaged("bytes that were not its supervisor's frames")
        } else if !ended {
            // The supervisor died, or could not hand over all it read: the report may lack a failure.
            report.markSilenced("its supervisor did not hand over all the run reported")
        }
        var summary = RunSummary(report: report, sawDeadlockInOutput: output.sawDeadlock, fatalError: output.fatalError)
        summary.hookConnected = hookConnected
        return summary
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
