import Foundation
import KataGradingCore

/// Keeps grading when the grader's private channel reports nothing on some machine.
///
/// The run hook, the XCTest observer and the kernel calls behind the channel were written from
/// Apple's sources, not run on a Mac. If on some machine the channel yields no record at all (the
/// hook did not load, the observer did not install, the testing helper refused the binary), every
/// run would read as "exited before its tests finished", and a whole room would see *failing*.
/// So the first run of the real code of each framework is checked: a run that exited and whose
/// channel carried not one record (`isSilent`) switches that framework, for the rest of the
/// command, to `SwiftPMRoute` (`swift test`), said once on standard error, and every verdict it
/// gives is marked as less protected (`mark`).
///
/// A test cannot switch it on: the framework writes its first records (XCTest's bundle start,
/// Swift Testing's plan) before any test code runs, so a run that reached a test is never silent;
/// and a silent run while anything the grader sealed has changed (a test that replaced its binary
/// with a script that exits, for the runs after it) ends the grade as the seal's breach instead
/// (`TestRunner`), the fallback left off.
///
/// `silenced`: the self-test's switch (`--fail-private-channel`, an argument of the grader that no
/// test sees in its environment): the grader drops what the channel of that framework reported,
/// as if nothing had come, so that the fallback is exercised on Linux.
///
/// `@unchecked Sendable`: `on` and `announced` change only while holding `lock`; `serial` runs one
/// `swift test` at a time (SwiftPM holds the build folder's lock for the whole command anyway, and
/// a run that waited for another's would spend its time limit waiting).
public final class ChannelFallback: @unchecked Sendable {
    public let silenced: Set<Catalog.Framework>
    let system: TestPlatform.System
    private let lock = NSLock()
    private let serial = NSLock()
    private var on: Set<Catalog.Framework> = []

    public init(silenced: Set<Catalog.Framework> = [], system: TestPlatform.System) {
        self.silenced = silenced
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

    /// A run of the real code that exited with nothing from its framework on the channel.
    static func isSilent(_ result: ProcessResult) -> Bool {
        guard case .exited = result.termination, let run = result.run else { return false }
        return run.report == RunReport()
    }

    /// What the self-test's switch does to a run's result: drops what the channel reported.
    func applySwitch(_ result: inout ProcessResult, framework: Catalog.Framework) {
        guard silenced.contains(framework) else { return }
        result.run?.report = RunReport()
    }

    /// Switches `framework` to `swift test`, saying so once.
    func switchOn(_ framework: Catalog.Framework) {
        lock.lock()
        let first = on.insert(framework).inserted
        lock.unlock()
        if first { StandardError().write(Self.notice(framework, system: system) + "\n") }
    }

    static func notice(_ framework: Catalog.Framework, system: TestPlatform.System) -> String {
        let machine = system == .macOS ? "this Mac's" : "this machine's"
        return "grade.sh: \(machine) \(framework.title) did not report through the grader; grading with `swift test` instead (less protected: see README, \"When the grader's channel is silent\")."
    }

    /// Runs `body` while no other `swift test` of this grade runs.
    func oneAtATime<T>(_ body: () throws -> T) rethrows -> T {
        serial.lock()
        defer { serial.unlock() }
        return try body()
    }
}
