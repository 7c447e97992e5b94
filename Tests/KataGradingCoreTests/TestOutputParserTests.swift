import Foundation
import XCTest
@testable import KataGradingCore

/// From how a run ended and what its framework reported to an outcome. What the tests printed is
/// not an input at all.
final class TestOutputParserTests: XCTestCase {
    func outcome(_ report: RunReport, _ termination: Termination = .exited(0), framework: Catalog.Framework = .xctest,
                 fatalError: String? = nil, deadlockInOutput: Bool = false) -> TestOutcome {
        let summary = RunSummary(report: report, sawDeadlockInOutput: deadlockInOutput, fatalError: fatalError)
        return TestOutputParser.outcome(of: ProcessResult(termination: termination, seconds: 0.1, output: "", run: summary),
                                        framework: framework, timeLimit: 10)
    }

    func report(declared: [String] = ["A.test_a"], finished: [String]? = nil, end: Bool = true) -> RunReport {
        var report = RunReport()
        report.declared = declared
        report.finished = finished ?? declared
        report.reachedEnd = end
        report.seconds = 0.25
        return report
    }

    func test_aRunPassesOnlyWhenItsFrameworkReachedItsEndWithEveryTestFinished() {
        XCTAssertEqual(outcome(report()).status, .passed)
        XCTAssertEqual(outcome(report()).testSeconds, 0.25)
        guard case .failed(let test, let message, _) = outcome(report(finished: [], end: false)).status else { return XCTFail() }
        XCTAssertEqual(test, "A.test_a")
        XCTAssertTrue(message.contains("before XCTest had finished its tests"), message)
        XCTAssertFalse(outcome(report(declared: ["A.a", "A.b"], finished: ["A.a"])).passed)
    }

    func test_theFirstFailureWinsWhateverFollows() {
        var failing = report()
        failing.fail("A.test_a", message: "boom", location: "/x.swift:3")
        XCTAssertEqual(outcome(failing).status, .failed(test: "A.test_a", message: "boom", location: "/x.swift:3"))
    }

    func test_aDamagedChannelNeverPasses() {
        var damaged = report()
        damaged.markDamaged("a line that is not one of the observer's records")
        guard case .failed(nil, let message, nil) = outcome(damaged).status else { return XCTFail() }
        XCTAssertTrue(message.contains("something other than XCTest wrote into it"), message)
    }

    func test_noTestsInEitherFramework() {
        XCTAssertEqual(outcome(report(declared: [])).status, .noTests)
        // Swift Testing exits 69 when no test matched its filter.
        XCTAssertEqual(outcome(report(declared: [], end: false), .exited(69), framework: .swiftTesting).status, .noTests)
    }

    func test_everyTestSkippedIsNotAPass() {
        var skipped = report(declared: ["S/a()", "S/b()"])
        skipped.skip("S/a()", reason: "Test a() skipped: \"later\"")
        skipped.skip("S/b()", reason: nil)
        XCTAssertEqual(outcome(skipped, framework: .swiftTesting).status, .allSkipped(count: 2, reason: "Test a() skipped: \"later\""))
        skipped.declared.append("S/c()")
        skipped.finished.append("S/c()")
        XCTAssertEqual(outcome(skipped, framework: .swiftTesting).status, .passed)
    }

    func test_aLateCheckFailsNoTestButIsKept() {
        var late = report(declared: ["S/a()"])
        late.recordLate(message: "Expectation failed", location: "/x.swift:9")
        let result = outcome(late, .exited(1), framework: .swiftTesting)
        XCTAssertEqual(result.status, .passed)
        XCTAssertFalse(result.passedCleanly)
        XCTAssertEqual(result.late.map(\.location), ["/x.swift:9"])
    }

    func test_aNonZeroExitAfterEveryTestPassedIsNotAPass() {
        guard case .failed(nil, let message, nil) = outcome(report(), .exited(3), fatalError: "Fatal error: boom").status else { return XCTFail() }
        XCTAssertEqual(message, "Fatal error: boom")
    }

    func test_crashesHangsAndTheDeadlock() {
        var running = report(finished: [], end: false)
        running.running = "A.test_a"
        XCTAssertEqual(outcome(running, .timedOut).status, .hung(test: "A.test_a", after: 10))
        XCTAssertEqual(outcome(running, .signaled(4)).status, .crashed(signal: 4, test: "A.test_a", deadlock: false))
        running.trap = "dispatch_sync deadlock"
        XCTAssertEqual(outcome(running, .signaled(5)).status, .crashed(signal: 5, test: "A.test_a", deadlock: true))
        running.trap = nil
        XCTAssertEqual(outcome(running, .signaled(4), deadlockInOutput: true).status, .crashed(signal: 4, test: "A.test_a", deadlock: true))
    }

    /// The two shapes a `dispatch_sync` deadlock has: on Linux the hook names the `sync` frame
    /// (and the backtrace the wait); on a Mac the frames between the trap and an exported name
    /// may have none, so the hook only says the trap was in libdispatch. Each is told as what it
    /// shows, with the same lesson.
    func test_theDeadlockOnLinux_andAsAMacMayShowIt() {
        var running = report(finished: [], end: false)
        running.running = "A.test_a"
        running.trap = RunReport.libdispatchTrap
        XCTAssertEqual(outcome(running, .signaled(5)).status, .crashed(signal: 5, test: "A.test_a", deadlock: false, inLibdispatch: true))
        XCTAssertEqual(outcome(running, .signaled(5), deadlockInOutput: true).status, .crashed(signal: 5, test: "A.test_a", deadlock: true),
                       "the deadlock's own words in the output name it")
        running.trap = "anything else"
        XCTAssertEqual(outcome(running, .signaled(4)).status, .crashed(signal: 4, test: "A.test_a", deadlock: false))
    }

    /// An expectation fulfilled once too often: swift-corelibs-xctest records a failure (its
    /// words, `XCTestExpectation.swift`); Apple's raises, and off the main thread the uncaught
    /// exception ends the run (its line as public reports show it, docs/platforms.md row 10).
    /// Both are the same failure, in XCTest's words.
    func test_anOverFulfil_isTheSameFailureOnLinuxAndOnAMac() {
        var linux = report(finished: ["A.test_a"])
        linux.fail("A.test_a", message: "API violation - multiple calls made to XCTestExpectation.fulfill() for progress.", location: "/x.swift:9")
        guard case .failed("A.test_a", let recorded, _) = outcome(linux, .exited(1)).status else { return XCTFail() }
        var running = report(finished: [], end: false)
        running.running = "A.test_a"
        let raised = "2026-11-26 10:00:00.000 xctest[501:7001] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'API violation - multiple calls made to -[XCTestExpectation fulfill] for progress.'"
        guard case .failed("A.test_a", let message, nil) = outcome(running, .signaled(6), fatalError: raised).status else { return XCTFail() }
        XCTAssertTrue(recorded.contains(Judge.expectationViolation) && message.contains(Judge.expectationViolation))
        let other = "*** Terminating app due to uncaught exception 'NSRangeException', reason: 'index 3 beyond bounds'"
        XCTAssertEqual(outcome(running, .signaled(6), fatalError: other).status, .crashed(signal: 6, test: "A.test_a", deadlock: false),
                       "any other uncaught exception is a crash")
    }

    /// The outcome of every recorded real run (`Golden/`), of every toolchain, with the exit each
    /// such run has, compared whole.
    func test_recordedRuns_ofEveryToolchain_whole() {
        let runs: [(what: String, ext: String, termination: Termination, expected: TestOutcome.Status, count: Int)] = [
            ("xctest-pass", "records", .exited(0), .passed, 2),
            ("xctest-fail", "records", .exited(1), .failed(test: "XTests.testAnswer", message: #"XCTAssertEqual failed: ("41") is not equal to ("42") - "#,
                                                          location: "/tmp/probe/Tests/XTests/XTests.swift:7"), 2),
            ("xctest-skip", "records", .exited(0), .allSkipped(count: 1, reason: nil), 1),
            ("xctest-forged-exit", "records", .exited(0), .failed(test: "ForgeTests.testAlwaysFailsThenForges", message: "failed - always",
                                                                  location: "/tmp/probe/Tests/XTests/XTests.swift:15"), 1),
            ("xctest-deadlock", "records", .signaled(4), .crashed(signal: 4, test: "DeadlockTests.testDeadlock", deadlock: true), 1),
            ("swift-testing", "jsonl", .exited(1), .failed(test: "parameterized(n:)", message: "with 2: Expectation failed: (n → 2) != 2",
                                                           location: "/tmp/probe/Tests/STests/More.swift:15"), 9),
        ]
        for run in runs {
            for recording in Golden.recordings(run.what, run.ext) {
                let report: RunReport
                if run.ext == "records" {
                    var reader = XCTestRecords()
                    recording.data.withUnsafeBytes { reader.feed($0) }
                    reader.end()
                    report = reader.report
                } else {
                    var reader = SwiftTestingStream()
                    recording.data.withUnsafeBytes { reader.feed($0) }
                    reader.end()
                    report = reader.report
                }
                let framework: Catalog.Framework = run.ext == "records" ? .xctest : .swiftTesting
                let outcome = TestOutputParser.outcome(of: ProcessResult(termination: run.termination, seconds: 0.2, output: "",
                                                                         run: RunSummary(report: report)),
                                                       framework: framework, timeLimit: 10)
                // 6.2.3's Swift Testing probe had one test fewer (no warning).
                let count = run.what == "swift-testing" && recording.version == "6.2.3" ? run.count - 1 : run.count
                var expected = TestOutcome(status: run.expected, testSeconds: report.seconds, testCount: count)
                expected.late = report.late
                XCTAssertEqual(outcome, expected, "\(run.what)-\(recording.version).\(run.ext)")
            }
        }
    }

    func test_relocationMovesFailuresAndLateChecksToTheAttendeesFolder() {
        var outcome = TestOutcome(status: .failed(test: "t", message: "m", location: "/shadow/Grade_x/F.swift:3"), testSeconds: nil, testCount: 1)
        outcome.late = [RunReport.Failure(test: nil, message: "m", location: "/shadow/Grade_x/F.swift:9")]
        let moved = outcome.relocated(from: ["/shadow/Grade_x/"], to: "Exercises/Mocking/")
        XCTAssertEqual(moved.status, .failed(test: "t", message: "m", location: "Exercises/Mocking/F.swift:3"))
        XCTAssertEqual(moved.late.first?.location, "Exercises/Mocking/F.swift:9")
    }
}
