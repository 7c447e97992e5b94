import XCTest
@testable import KataGradingCore

/// The judge on the outcomes of recorded real runs (`Golden/`): the observer's records of an XCTest
/// run, read as the run stage reads them, turned into outcomes with the exit status each run had,
/// then judged as the real module's run and as planted bugs' runs.
final class JudgeGoldenTests: XCTestCase {
    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "e", "pattern": "p", "title": "t", "files": ["XTests.swift"], "hint": "h", "timeLimit": 10, "budget": 1}
        """.utf8))
    let chaff = Variant(module: "M", name: "off-by-one", kind: .chaff, hint: "Answers 41.", hunks: [])
    let wheat = Variant(module: "M", name: "later", kind: .wheat, hint: "Answers later.", hunks: [])

    /// The outcome of a run whose observer sent `records` and whose process ended so.
    func outcome(_ records: String, _ termination: Termination) -> TestOutcome {
        var reader = XCTestRecords()
        let data = Golden.data(records)
        data.withUnsafeBytes { reader.feed($0) }
        reader.end()
        let result = ProcessResult(termination: termination, seconds: 0.2, output: "", run: RunSummary(report: reader.report))
        return TestOutputParser.outcome(of: result, framework: .xctest, timeLimit: exercise.timeLimit)
    }

    func test_recordedRuns_judged() {
        let pass = outcome("xctest-pass.records", .exited(0))
        let fail = outcome("xctest-fail.records", .exited(1))
        XCTAssertTrue(pass.passedCleanly)

        let done = Judge.judge(exercise, evidence: Evidence(real: [pass, pass, pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)]))
        XCTAssertEqual(done.kind, .done)
        XCTAssertEqual(done.reason, "caught 1 of 1 planted bugs, and passes 1 correct variant.")

        let missed = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(chaff, pass)]))
        XCTAssertEqual(missed.kind, .missesBugs)
        XCTAssertEqual(missed.details, ["- Answers 41."])

        let failing = Judge.judge(exercise, evidence: Evidence(real: [fail]))
        XCTAssertEqual(failing.kind, .failing)
        XCTAssertEqual(failing.reason, #"XTests.testAnswer: XCTAssertEqual failed: ("41") is not equal to ("42") -  (/tmp/probe/Tests/XTests/XTests.swift:7)"#)

        // A test that failed, then made its process exit 0 before XCTest's end: never a pass.
        let forged = outcome("xctest-forged-exit.records", .exited(0))
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [forged])).kind, .failing)
        XCTAssertTrue(Judge.isCaught(forged, exercise), "and, on a planted bug, a catch")

        // The hook's trap record: a dispatch_sync deadlock, named as such.
        let deadlock = outcome("xctest-deadlock.records", .signaled(4))
        let crashed = Judge.judge(exercise, evidence: Evidence(real: [deadlock]))
        XCTAssertEqual(crashed.kind, .crashed)
        XCTAssertTrue(crashed.reason.hasPrefix("dispatch_sync deadlock"), crashed.reason)

        let skipped = outcome("xctest-skip.records", .exited(0))
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [skipped])).kind, .failing, "every test skipped checks nothing")
    }
}
