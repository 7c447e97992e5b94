import XCTest
@testable import KataGrading

final class TestOutputParserTests: XCTestCase {
    func outcome(_ output: String, _ termination: Termination = .exited(0), expected: [String] = ["AT.testPass"]) -> TestOutcome {
        TestOutputParser.outcome(of: ProcessResult(termination: termination, seconds: 0.1, output: output),
                                 framework: .xctest, timeLimit: 10, expected: expected)
    }

    let passing = """
        Test Suite 'Selected tests' started at 2026-11-22 04:35:11.983
        Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
        Test Case 'AT.testPass' passed (0.250 seconds)
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.250 (0.251) seconds
        """

    func test_xctest_passReadsCountAndTestTime() {
        let result = outcome(passing)
        XCTAssertEqual(result.status, .passed)
        XCTAssertEqual(result.testCount, 1)
        XCTAssertEqual(result.testSeconds, 0.25)
    }

    func test_xctest_failureNamesTestMessageAndLocation() {
        let result = outcome("""
            Test Case 'AT.testFail' started at 2026-11-22 04:35:12.015
            /tmp/p/T.swift:6: error: AT.testFail : XCTAssertEqual failed: ("1") is not equal to ("2") - msg here
            Test Case 'AT.testFail' failed (0.001 seconds)
            """, .exited(1), expected: ["AT.testFail"])
        XCTAssertEqual(result.status, .failed(test: "AT.testFail", message: #"XCTAssertEqual failed: ("1") is not equal to ("2") - msg here"#, location: "/tmp/p/T.swift:6"))
    }

    func test_xctest_whatATestPrintsCannotFailIt() {
        let result = outcome("""
            Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
            SomeTests: error: none
            /x/y.swift:3: error: Other.test : made up
            Test Case 'AT.testPass' passed (0.001 seconds)
            """)
        XCTAssertEqual(result.status, .passed)
    }

    func test_xctest_aRunThatEndsBeforeEveryTestFinishedIsNotAPass() {
        // The first class passes and prints its suite's summary; the second calls exit(0).
        let result = outcome("""
            Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
            Test Case 'AT.testPass' passed (0.001 seconds)
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            Test Case 'BT.testExits' started at 2026-11-22 04:35:12.015
            """, .exited(0), expected: ["AT.testPass", "BT.testExits"])
        guard case .failed(let test, let message, _) = result.status else { return XCTFail("\(result.status)") }
        XCTAssertEqual(test, "BT.testExits")
        XCTAssertTrue(message.contains("exited before every test had finished"), message)
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

    func test_noListedTestsIsNotAPass() {
        XCTAssertEqual(outcome("", expected: []).status, .noTests)
    }

    func test_nonZeroExitWithoutAFailureLineIsNotAPass() {
        XCTAssertFalse(outcome(passing, .exited(1)).passed)
    }

    func test_swiftTesting_readsTheEventStream() {
        let id = "Grade_x.S/stFail()/T.swift:3:6"
        let events = """
            {"kind":"test","payload":{"id":"\(id)","kind":"function","name":"stFail()"},"version":0}
            {"kind":"test","payload":{"id":"Grade_x.S/stKnown()/T.swift:9:6","kind":"function","name":"stKnown()"},"version":0}
            {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"runStarted","messages":[]},"version":0}
            {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"\(id)"},"version":0}
            {"kind":"event","payload":{"issue":{"isKnown":false,"sourceLocation":{"_filePath":"/s/T.swift","line":11}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: 1 == 2"},{"symbol":"details","text":"st msg"}],"testID":"\(id)"},"version":0}
            {"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"\(id)"},"version":0}
            {"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","messages":[{"text":"known"}],"testID":"Grade_x.S/stKnown()/T.swift:9:6"},"version":0}
            {"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"Grade_x.S/stKnown()/T.swift:9:6"},"version":0}
            {"kind":"event","payload":{"instant":{"absolute":10.5},"kind":"runEnded","messages":[]},"version":0}
            """
        let result = TestOutputParser.outcome(of: ProcessResult(termination: .exited(1), seconds: 0.1, output: "✘ noise: error: x"),
                                              framework: .swiftTesting, timeLimit: 10, expected: [], events: Data(events.utf8))
        XCTAssertEqual(result.status, .failed(test: "S/stFail()", message: "Expectation failed: 1 == 2 - st msg", location: "/s/T.swift:11"))
        XCTAssertEqual(result.testCount, 2)
        XCTAssertEqual(result.testSeconds, 0.5)
    }

    func test_relocated_pointsAtTheAttendeesFolder_whicheverSpellingTheCompilerUsed() {
        let outcome = TestOutcome(status: .failed(test: "T.t", message: "m", location: "/real/s/Grade/G/T.swift:6"), testSeconds: nil, testCount: 1)
        XCTAssertEqual(outcome.relocated(from: ["/link/s/Grade/G/", "/real/s/Grade/G/"], to: "Exercises/M/").status,
                       .failed(test: "T.t", message: "m", location: "Exercises/M/T.swift:6"))
    }
}

extension TestOutputParserTests {
    func test_xctest_aPrintedEndingLineIsOverruledByXCTestsOwn() {
        let result = outcome("""
            Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
            Test Case 'AT.testPass' failed (0.001 seconds)
            Test Case 'Other.test' failed (0.001 seconds)
            Test Case 'AT.testPass' passed (0.002 seconds)
            """)
        XCTAssertEqual(result.status, .passed)
    }

    func test_xctest_readsApplesSpellingOfTestNames() {
        let result = outcome("""
            Test Case '-[Grade_x.AT testPass]' started.
            /tmp/p/T.swift:6: error: -[Grade_x.AT testPass] : XCTAssertTrue failed
            Test Case '-[Grade_x.AT testPass]' failed (0.001 seconds).
            """, .exited(1))
        XCTAssertEqual(result.status, .failed(test: "AT.testPass", message: "XCTAssertTrue failed", location: "/tmp/p/T.swift:6"))
    }
}
