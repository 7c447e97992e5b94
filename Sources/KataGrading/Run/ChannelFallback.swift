import Foundation
import KataGradingCore

/// Keeps grading when the grader's private channel reports nothing on some machine.
///
/// The run hook, the XCTest observer and the kernel calls behind the channel were written from
/// Apple's sources, not run on a Mac. If on some machine the channel yields no record at all (the
/// hook did not load, the observer did not install, the testing helper refused the binary), every
/// run would read as "exited before its tests finished", and a whole room would see *failing*.
///
/// Whether a framework's channel works is decided by a run the grader owns, never by an attendee's:
/// the canary, the grader's own known test (`CanarySource`, in the hook's test target, so built
/// with the same toolchain and flags into the same test binary), run alone through the same plan
/// and runner. It is run when a run of the real code came back silent (`isSilent`: nothing from its
/// framework on the channel, whether the process exited or trapped, as the testing helper does
/// when it cannot open the binary), once per build of the test binary (`canaryFailure` keeps its
/// answer by the binary's path and stamp). If the canary, too, is silent, exits with another
/// status, crashes or traps, that framework goes to `SwiftPMRoute` (`swift test`) for the rest of
/// the command, said once on standard error with why, and every verdict it gives is marked as less
/// protected (`mark`). If the canary reported, the silent run is that run's own doing: its exercise
/// is *failing* ("the test process silenced its own results"), and nothing else changes; the next
/// grade after it is reverted runs on the private channel as before (under `--watch` too).
///
/// A silent run while anything the grader sealed has changed (a test that replaced its binary with
/// a script that exits, for the runs after it) ends the grade as the seal's breach instead
/// (`TestRunner`), the canary not asked.
///
/// `silenced`: the self-test's switch (`--fail-private-channel=FRAMEWORK[:SHAPE]`, an argument of
/// the grader that no test sees in its environment): the grader drops what the channel of that
/// framework reported, as if nothing had come, and gives the canary's run the failure `shapes`
/// names (silent by default; a non-zero exit, a trap, the testing helper's refusal), so that each
/// is exercised on Linux.
///
/// `@unchecked Sendable`: `on`, `canaries` and `silencedBuilds` change only while holding `lock`;
/// `canaryLock` runs one canary at a time; `serial` runs one `swift test` at a time (SwiftPM holds
/// the build folder's lock for the whole command anyway, and a run that waited for another's would
/// spend its time limit waiting).
public final class ChannelFallback: @unchecked Sendable {
    public let silenced: Set<Catalog.Framework>
    /// How the self-test's switch makes each silenced framework's canary fail.
    public let shapes: [Catalog.Framework: CanaryShape]
    let system: TestPlatform.System
    private let lock = NSLock()
    private let serial = NSLock()
    private let canaryLock = NSLock()
    private var on: Set<Catalog.Framework> = []
    /// The canary's answer by framework and test binary (path and stamp): nil when it reported.
    private var canaries: [String: String?] = [:]

    /// The ways a canary can fail, which the self-test's switch forces one at a time.
    public enum CanaryShape: String, CaseIterable, Sendable {
        /// Nothing on the channel, the process exited 0.
        case silent
        /// The process exited with another status than 0.
        case exit
        /// The process trapped (SIGILL) with nothing on the channel.
        case trap
        /// The testing helper could not open the test binary: swift-testing's `Entrypoint.swift`
        /// calls `fatalError("Failed to open test bundle …")`, a trap.
        case refuse
    }

    /// The exercises (id or track key) whose runs alone the switch silences (`EXERCISE:runs`), as
    /// a test that silences its own run would: their framework's canary still reports.
    public let silencedExercises: Set<String>

    public init(silenced: Set<Catalog.Framework> = [], shapes: [Catalog.Framework: CanaryShape] = [:],
                silencedExercises: Set<String> = [], system: TestPlatform.System) {
        self.silenced = silenced
        self.shapes = shapes
        self.silencedExercises = silencedExercises
        self.system = system
    }

    /// Whether `framework`'s runs go through `swift test` now.
    func isOn(_ framework: Catalog.Framework) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return on.contains(framework)
    }

    /// The frameworks graded through `swift test` in this command.
    public var frameworksOn: [Catalog.Framework] {
        lock.lock()
        defer { lock.unlock() }
        return Catalog.Framework.allCases.filter { on.contains($0) }
    }

    /// A run of the real code that ended (exited, or trapped as a helper that cannot open the
    /// binary does) with nothing from its framework on the channel. A run that hung is not: its
    /// verdict is its own.
    static func isSilent(_ result: ProcessResult) -> Bool {
        if case .timedOut = result.termination { return false }
        guard let run = result.run else { return false }
        return run.report == RunReport()
    }

    /// Why the canary's run says that `framework`'s channel does not work here, or nil when it
    /// reported: its known test passed, through the framework's own end, and the process exited 0.
    static func canaryFailure(_ result: ProcessResult, outcome: TestOutcome, framework: Catalog.Framework) -> String? {
        let silent = result.run.map { $0.report == RunReport() } ?? true
        if let fatal = result.run?.fatalError, fatal.contains("Failed to open test bundle") {
            return "the testing helper could not open the test binary (\(fatal.prefix(200)))"
        }
        switch result.termination {
        case .timedOut:
            return "the grader's own test did not finish in time"
        case .signaled(let signal):
            return "the grader's own test " + (signal == SIGILL || signal == SIGTRAP ? "trapped" : "crashed") + " (signal \(signal))"
                + (silent ? " before \(framework.title) reported anything" : "")
        case .exited(let code) where code != 0:
            return "the grader's own test exited with code \(code)" + (silent ? " with nothing reported" : "")
        case .exited:
            if silent { return "the grader's own test reported nothing through it" }
            guard case .passed = outcome.status else { return "the grader's own test did not pass through it (\(outcome.status))" }
            return nil
        }
    }

    /// Whether `framework`'s channel works with the test binary `binary` (nil) or why not, from
    /// the canary `run` runs, once per build of that binary; one canary at a time.
    func canaryFailure(_ framework: Catalog.Framework, binary: URL, run: () throws -> String?) rethrows -> String? {
        let key = "\(framework.rawValue) \(Self.stamp(binary))"
        canaryLock.lock()
        defer { canaryLock.unlock() }
        lock.lock()
        let kept = canaries[key]
        lock.unlock()
        if let kept { return kept }
        let answer = try run()
        lock.lock()
        canaries[key] = .some(answer)
        lock.unlock()
        return answer
    }

    /// What the self-test's switch makes of the canary's result, for a framework it silences.
    func applySwitch(toCanary result: inout ProcessResult, framework: Catalog.Framework) {
        guard silenced.contains(framework) else { return }
        result.run?.report = RunReport()
        switch shapes[framework] ?? .silent {
        case .silent:
            result.termination = .exited(0)
        case .exit:
            result.termination = .exited(3)
        case .trap:
            result.termination = .signaled(SIGILL)
        case .refuse:
            result.termination = .signaled(SIGILL)
            result.run?.fatalError = "Fatal error: Failed to open test bundle (the self-test's switch)"
        }
    }

    /// What the self-test's switch does to a run's result: drops what the channel reported. An
    /// exercise silenced alone is silenced only while its test files (`sources`, its target's
    /// folder in the grader's copy) are as they were at its first run, as a test that silences its
    /// own run and is then reverted: after a save (under `--watch` too) it reports again.
    func applySwitch(_ result: inout ProcessResult, framework: Catalog.Framework, exercise: Catalog.Exercise? = nil,
                     sources: URL? = nil) {
        var alone = false
        if let exercise, silencedExercises.contains(exercise.id) || silencedExercises.contains(exercise.key) {
            let stamp = sources.map(Self.contentStamp) ?? ""
            lock.lock()
            let first = silencedBuilds[exercise.key] ?? stamp
            silencedBuilds[exercise.key] = first
            lock.unlock()
            alone = first == stamp
        }
        guard silenced.contains(framework) || alone else { return }
        result.run?.report = RunReport()
    }

    /// Whether the self-test's switch silences `exercise`'s runs, its framework's or its own.
    func switchApplies(to exercise: Catalog.Exercise) -> Bool {
        silenced.contains(exercise.framework) || silencedExercises.contains(exercise.id) || silencedExercises.contains(exercise.key)
    }

    /// The test files each exercise silenced alone had at its first run (`applySwitch`).
    private var silencedBuilds: [String: String] = [:]

    /// The names and bytes of the files under `folder`, as one FNV-1a hash.
    static func contentStamp(_ folder: URL) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        func mix(_ bytes: some Sequence<UInt8>) { for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 } }
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
        for name in names {
            mix(name.utf8)
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) { mix(data) }
        }
        return String(hash, radix: 16)
    }

    /// A test binary's path and stamp (modification time, size, file number): another build is another stamp.
    static func stamp(_ binary: URL) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: binary.resolvingSymlinksInPath().path)
        let stamp = [attributes?[.modificationDate].map { "\($0)" }, attributes?[.size].map { "\($0)" },
                     attributes?[.systemFileNumber].map { "\($0)" }].map { $0 ?? "" }.joined(separator: "/")
        return "\(binary.path) \(stamp)"
    }

    /// Switches `framework` to `swift test`, saying so once, with why (the canary's failure).
    func switchOn(_ framework: Catalog.Framework, why: String) {
        lock.lock()
        let first = on.insert(framework).inserted
        lock.unlock()
        if first { StandardError().write(Self.notice(framework, system: system, why: why) + "\n") }
    }

    static func notice(_ framework: Catalog.Framework, system: TestPlatform.System, why: String) -> String {
        let machine = system == .macOS ? "this Mac's" : "this machine's"
        return "grade.sh: \(machine) \(framework.title) did not report through the grader (\(why)); grading with `swift test` instead (less protected: see README, \"When the grader's channel is silent\")."
    }

    /// Runs `body` while no other `swift test` of this grade runs.
    func oneAtATime<T>(_ body: () throws -> T) rethrows -> T {
        serial.lock()
        defer { serial.unlock() }
        return try body()
    }
}
