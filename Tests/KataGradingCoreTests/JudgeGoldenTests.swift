import XCTest
@testable import KataGradingCore

/// The judge on the outcomes of recorded real runs (`Golden/xctest-*-<version>.records`), of every
/// toolchain recorded: the observer's records of an XCTest run, read as the run stage reads them,
/// turned into outcomes with the exit status each run had, then judged as the real module's run
/// and as planted bugs' runs.
final class JudgeGoldenTests: XCTestCase {
    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "e", "pattern": "p", "title": "t", "files": ["XTests.swift"], "hint": "h", "timeLimit": 10, "budget": 1}
        """.utf8))
    let chaff = Variant(module: "M", name: "off-by-one", kind: .chaff, hint: "Answers 41.", hunks: [])
    let wheat = Variant(module: "M", name: "later", kind: .wheat, hint: "Answers later.", hunks: [])

    /// The outcome of a run whose observer sent `records` and whose process ended so.
    func outcome(_ records: String, _ termination: Termination) -> TestOutcome {
        var reader = XCTestRecords()
        let data = Golden.data(records + "-\(version).records")
        data.withUnsafeBytes { reader.feed($0) }
        reader.end()
        let result = ProcessResult(termination: termination, seconds: 0.2, output: "", run: RunSummary(report: reader.report))
        return TestOutputParser.outcome(of: result, framework: .xctest, timeLimit: exercise.timeLimit)
    }

    var version = ""

    func test_recordedRuns_judged_forEveryToolchain() {
        let versions = Golden.recordings("xctest-pass", "records").map(\.version)
        XCTAssertGreaterThanOrEqual(versions.count, 2, "recorded with 6.2.3 and 6.3.1 at least")
        for version in versions {
            self.version = version
            judgeRecordedRuns()
        }
    }

    func judgeRecordedRuns() {
        let pass = outcome("xctest-pass", .exited(0))
        let fail = outcome("xctest-fail", .exited(1))
        XCTAssertTrue(pass.passedCleanly, version)

        let done = Judge.judge(exercise, evidence: Evidence(real: [pass, pass, pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)]))
        XCTAssertEqual(done.kind, .done, version)
        XCTAssertEqual(done.reason, "caught 1 of 1 planted bugs, and passes 1 correct variant.")

        let missed = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(chaff, pass)]))
        XCTAssertEqual(missed.kind, .missesBugs, version)
        XCTAssertEqual(missed.details, ["- Answers 41."])

        let failing = Judge.judge(exercise, evidence: Evidence(real: [fail]))
        XCTAssertEqual(failing.kind, .failing, version)
        XCTAssertEqual(failing.reason, #"XTests.testAnswer: XCTAssertEqual failed: ("41") is not equal to ("42") -  (/tmp/probe/Tests/XTests/XTests.swift:7)"#,
                       version)

        // A test that failed, then made its process exit 0 before XCTest's end: never a pass.
        let forged = outcome("xctest-forged-exit", .exited(0))
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [forged])).kind, .failing, version)
        XCTAssertTrue(Judge.isCaught(forged, exercise), "\(version): and, on a planted bug, a catch")

        // The hook's trap record: a dispatch_sync deadlock, named as such.
        let deadlock = outcome("xctest-deadlock", .signaled(4))
        let crashed = Judge.judge(exercise, evidence: Evidence(real: [deadlock]))
        XCTAssertEqual(crashed.kind, .crashed, version)
        XCTAssertTrue(crashed.reason.hasPrefix("dispatch_sync deadlock"), crashed.reason)

        let skipped = outcome("xctest-skip", .exited(0))
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [skipped])).kind, .failing, "\(version): every test skipped checks nothing")
    }
}
