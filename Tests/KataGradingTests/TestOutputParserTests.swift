import XCTest
@testable import KataGrading

final class TestOutputParserTests: XCTestCase {
    func outcome(_ output: String, _ termination: Termination = .exited(0), framework: Catalog.Framework = .xctest) -> TestOutcome {
        TestOutputParser.outcome(of: ProcessResult(termination: termination, seconds: 0.1, output: output),
                                 framework: framework, timeLimit: 10)
    }

    let passing = """
        Test Suite 'Selected tests' started at 2026-11-22 04:35:11.983
        Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
        Test Case 'AT.testPass' passed (0.001 seconds)
        \t Executed 2 tests, with 0 failures (0 unexpected) in 0.250 (0.251) seconds
        """

    func test_xctest_passReadsCountAndTestTime() {
        let result = outcome(passing)
        XCTAssertEqual(result.status, .passed)
        XCTAssertEqual(result.testCount, 2)
        XCTAssertEqual(result.testSeconds, 0.25)
    }

    func test_xctest_failureNamesTestMessageAndLocation() {
        let result = outcome("""
            Test Case 'AT.testFail' started at 2026-11-22 04:35:12.015
            /tmp/p/T.swift:6: error: AT.testFail : XCTAssertEqual failed: ("1") is not equal to ("2") - msg here
            Test Case 'AT.testFail' failed (0.001 seconds)
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
            """, .exited(1))
        XCTAssertEqual(result.status, .failed(test: "AT.testFail", message: #"XCTAssertEqual failed: ("1") is not equal to ("2") - msg here"#, location: "/tmp/p/T.swift:6"))
    }

    func test_xctest_timeoutNamesTheTestThatWasRunning() {
        let result = outcome("Test Case 'AT.testHang' started at 2026-11-22\n", .timedOut)
        XCTAssertEqual(result.status, .hung(test: "AT.testHang", after: 10))
    }

    func test_crash_recognisesADispatchSyncDeadlock() {
        let result = outcome("""
            Test Case 'AT.testDeadlock' started at 2026-11-22
            *** Program crashed: Illegal instruction at 0x00007f75f015e7d8 ***
              0               0x00007f75f015e7d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
            """, .signaled(4))
        XCTAssertEqual(result.status, .crashed(signal: 4, test: "AT.testDeadlock", deadlock: true))
    }

    func test_zeroTestsIsNotAPass() {
        XCTAssertEqual(outcome("\t Executed 0 tests, with 0 failures (0 unexpected) in 0.000 (0.000) seconds").status, .noTests)
    }

    func test_nonZeroExitWithoutAFailureLineIsNotAPass() {
        XCTAssertFalse(outcome(passing, .exited(1)).passed)
    }

    func test_swiftTesting_readsIssuesThroughColourCodes() {
        let result = outcome("""
            \u{1B}[90m◇\u{1B}[0m Test stFail() started.
            \u{1B}[91m✘\u{1B}[0m Test stFail() recorded an issue at T.swift:11:23: Expectation failed: 1 == 2
            \u{1B}[90m↳ st msg\u{1B}[0m
            \u{1B}[91m✘\u{1B}[0m Test stFail() failed after 0.001 seconds with 1 issue.
            \u{1B}[91m✘\u{1B}[0m Test run with 2 tests in 0 suites failed after 0.003 seconds with 1 issue.
            """, .exited(1), framework: .swiftTesting)
        XCTAssertEqual(result.status, .failed(test: "stFail()", message: "Expectation failed: 1 == 2 - st msg", location: "T.swift:11:23"))
        XCTAssertEqual(result.testCount, 2)
        XCTAssertEqual(result.testSeconds, 0.003)
    }

    func test_relocated_pointsAtTheAttendeesFolder() {
        let outcome = TestOutcome(status: .failed(test: "T.t", message: "m", location: "/s/Grade/G/T.swift:6"), testSeconds: nil, testCount: 1)
        XCTAssertEqual(outcome.relocated(from: "/s/Grade/G/", to: "Exercises/M/").status,
                       .failed(test: "T.t", message: "m", location: "Exercises/M/T.swift:6"))
    }
}
