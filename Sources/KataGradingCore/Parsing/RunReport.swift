/// What a run's test framework reported about its tests, read from the framework's own channel
/// while the run went on (`XCTestRecords`, `SwiftTestingStream`). Nothing a test prints reaches it.
/// Every list is bounded, so a run that reports without end costs a bounded amount of memory.
public struct RunReport: Codable, Equatable, Sendable {
    public struct Failure: Codable, Equatable, Sendable {
        /// The failing test; nil for an issue recorded while none of its tests was running.
        public var test: String?
        public var message: String
        public var location: String?
        /// Recorded during the test's teardown, after its own code had returned (XCTest only).
        public var afterReturning = false
    }

    public struct Skip: Codable, Equatable, Sendable {
        public var test: String
        public var reason: String?
    }

    /// The tests the framework said it would run.
    public var declared: [String] = []
    /// Tests that ran to their end (passed, failed, skipped or cancelled), in order.
    public var finished: [String] = []
    public var skipped: [Skip] = []
    /// The first failure of each failing test, in order.
    public var failures: [Failure] = []
    /// Issues recorded while none of their tests was running: a check in a callback that ran
    /// after its test had returned. They fail no test (Swift Testing charges them to none).
    public var late: [Failure] = []
    /// The test that started last and has not finished.
    public var running: String?
    /// The framework reached its own end of the run (XCTest's bundle end, Swift Testing's
    /// `runEnded`): a process that exits before that has not passed, whatever its exit code.
    public var reachedEnd = false
    /// Seconds the tests took, as the framework measured them.
    public var seconds: Double?
    /// Why the channel could not be read to its end, when something wrote into it that the
    /// framework did not.
    public var damaged: String?
    /// What the grader's hook saw of a trap that ended the process: `deadlockTrap` or `libdispatchTrap`.
    public var trap: String?
    /// A trap in libdispatch reached through a `sync` call: a `dispatch_sync` onto the current queue.
    public static let deadlockTrap = "dispatch_sync deadlock"
    /// A trap in libdispatch with no named way in (a Mac's static frames): libdispatch stopped a misuse.
    public static let libdispatchTrap = "libdispatch trap"
    /// Why the run's evidence is missing, broken or contradictory: a record that is not the
    /// framework's, a gap in the hook's sequence, a failure the framework counted that never
    /// arrived, an exit the framework did not make. Such a run never passes.
    public var silenced: String?

    /// How the process called `exit`, as the hook saw it (`XCTestRecords`, record `Q`).
    public struct Exit: Codable, Equatable, Sendable {
        /// The status passed to `exit`; -1 where the system does not say (macOS).
        public var status: Int32
        /// Called by the test framework's own library (its end of the run), not by the test.
        public var byFramework: Bool
        /// Whose code called it: `framework`, `test`, or a library's file name.
        public var caller: String
    }

    public var exit: Exit?
    /// Records left out to keep the report small.
    public var dropped = 0

    public init() {}

    static let mostNames = 2000
    static let mostFailures = 100
    static let longestText = 2000

    mutating func declare(_ test: String) {
        let test = TerminalText.printable(test)
        guard declared.count < Self.mostNames else { dropped += 1; return }
        if !declared.contains(test) { declared.append(test) }
    }

    mutating func finish(_ test: String) {
        let test = TerminalText.printable(test)
        guard finished.count < Self.mostNames else { dropped += 1; return }
        if !finished.contains(test) { finished.append(test) }
    }

    mutating func skip(_ test: String, reason: String?) {
        let test = TerminalText.printable(test)
        guard skipped.count < Self.mostNames else { dropped += 1; return }
        skipped.append(Skip(test: test, reason: reason.map(Self.clipped)))
    }

    /// A failure counts once per test and is never taken back: a later record cannot undo it.
    mutating func fail(_ test: String, message: String, location: String?) {
        let test = TerminalText.printable(test)
        guard !failures.contains(where: { $0.test == test }) else { return }
        guard failures.count < Self.mostFailures else { dropped += 1; return }
        failures.append(Failure(test: test, message: Self.clipped(message), location: location.map(Self.clipped)))
    }

    /// A failure recorded in the test's teardown: its test's unless `LateChecks` finds the check in
    /// the test's own body, a callback that outlived it.
    mutating func failAfterReturning(_ test: String, message: String, location: String?) {
        let test = TerminalText.printable(test)
        guard !failures.contains(where: { $0.test == test }) else { return }
        guard failures.count < Self.mostFailures else { dropped += 1; return }
        failures.append(Failure(test: test, message: Self.clipped(message), location: location.map(Self.clipped), afterReturning: true))
    }

    mutating func recordLate(message: String, location: String?) {
        guard late.count < Self.mostFailures else { dropped += 1; return }
        late.append(Failure(test: nil, message: Self.clipped(message), location: location.map(Self.clipped)))
    }

    mutating func markDamaged(_ why: String) {
        if damaged == nil { damaged = why }
    }

    mutating func markSilenced(_ why: String) {
        if silenced == nil { silenced = why }
    }

    /// A text the test wrote, at most `longestText` bytes, printable (`TerminalText`).
    static func clipped(_ text: String) -> String {
        TerminalText.printable(text.utf8.count <= longestText ? text : String(decoding: text.utf8.prefix(longestText), as: UTF8.self) + "…")
    }
}
